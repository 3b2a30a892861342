import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconEye, IconHistory, IconPencil } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import { wikiQueryOptions } from '../../../queries/docs';
import { DocHeading } from './DocHeading';
import { DocMarkdown } from './DocMarkdown';
import { DocsLoadFailed, DocsLoading } from './DocsShell';
import { formatBytes, nodeHref, useAddressedNode, useDocsPlace } from './paths';
import { ToolButton } from './ToolButton';

/** The page of `/docs/wiki/{id}` (`preview`: of `/docs/wiki/{id}/preview`), either library. */
export function WikiPage({ preview = false }: { preview?: boolean }) {
  const docId = useAddressedNode();
  return <WikiView key={docId} docId={docId} preview={preview} />;
}

/** `/docs/wiki/{id}/preview`: the page alone, as it reads. */
export function WikiPreviewPage() {
  return <WikiPage preview />;
}

/**
 * A wiki page read: rendered markdown, who saved it last, its attachments and the work items,
 * specs and pages it references. `preview` drops the chrome (the page alone, as it prints).
 */
export function WikiView({ docId, preview = false }: { docId: string; preview?: boolean }) {
  const place = useDocsPlace();
  const router = useRouter();
  const { can } = useCurrentEnterprise();
  const query = useQuery(wikiQueryOptions(docId));
  const go = (href: string) => router.history.push(href);

  if (query.isPending) return <DocsLoading what="the page" />;
  if (query.isError) {
    return <DocsLoadFailed what="page" error={query.error} />;
  }
  const page = query.data;
  const id = encodeURIComponent(page.id);
  const body = (
    <DocMarkdown identifier={place.identifier} references={page.references}>
      {page.content || '_This page is empty._'}
    </DocMarkdown>
  );
  if (preview) {
    return (
      <Paper withBorder radius="md" p="xl" maw={900} mx="auto">
        <Title order={2} mb="md">
          {page.title}
        </Title>
        {body}
      </Paper>
    );
  }
  return (
    <Stack gap="md">
      <DocHeading
        doc={page}
        order={2}
        testId="wiki-title"
        about={`Revision ${page.revision} by ${page.updatedBy.nickname}, ${new Date(page.updatedAt).toLocaleString()}${page.summary ? ` — ${page.summary}` : ''}`}
      >
        {can('docs:doc:edit') && (
          <ToolButton icon={IconPencil} main onClick={() => go(`${place.base}/${id}/edit`)}>
            Edit
          </ToolButton>
        )}
        <ToolButton icon={IconHistory} onClick={() => go(`${place.base}/wiki/${id}/history`)}>
          History
        </ToolButton>
        <ToolButton icon={IconEye} onClick={() => go(`${place.base}/wiki/${id}/preview`)}>
          Preview
        </ToolButton>
      </DocHeading>
      <Paper withBorder radius="md" p="lg" data-testid="wiki-body">
        {body}
      </Paper>
      {page.attachments.length > 0 && (
        <Paper withBorder radius="md" p="md">
          <Text fw={600} size="sm" mb={6}>
            Attachments
          </Text>
          <Stack gap={4}>
            {page.attachments.map((file) => (
              <Group key={file.id} gap={8}>
                <Anchor size="sm" onClick={() => go(nodeHref(place.base, file))}>
                  {file.title}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {file.file ? formatBytes(file.file.size) : ''}
                </Text>
              </Group>
            ))}
          </Stack>
        </Paper>
      )}
      {page.references.length > 0 && (
        <Paper withBorder radius="md" p="md">
          <Text fw={600} size="sm" mb={6}>
            Mentioned on this page
          </Text>
          <Stack gap={4}>
            {page.references.map((ref) => (
              <Text key={`${ref.kind}-${ref.id}`} size="sm">
                {ref.kind === 'issue'
                  ? `Work item #${ref.number}`
                  : ref.kind === 'spec'
                    ? `Spec #${ref.number}`
                    : 'Page'}
                {`: ${ref.title}`}
              </Text>
            ))}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
