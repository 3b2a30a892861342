import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconEye, IconHistory, IconPencil, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { errorText } from '../../../api/errors';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import { wikiQueryOptions } from '../../../queries/docs';
import { DocBreadcrumbs } from './Breadcrumbs';
import { DeleteDocModal } from './DeleteDocModal';
import { DocMarkdown } from './DocMarkdown';
import { DocsLoading } from './DocsShell';
import { formatBytes, nodeHref, useDocsPlace } from './paths';

/**
 * A wiki page read: rendered markdown, who saved it last, its attachments and the work items,
 * specs and pages it references. `preview` drops the chrome (the page alone, as it prints).
 */
export function WikiView({ docId, preview = false }: { docId: string; preview?: boolean }) {
  const place = useDocsPlace();
  const router = useRouter();
  const { can } = useCurrentEnterprise();
  const query = useQuery(wikiQueryOptions(docId));
  const [deleting, setDeleting] = useState(false);
  const go = (href: string) => router.history.push(href);

  if (query.isPending) return <DocsLoading what="the page" />;
  if (query.isError) {
    return (
      <Text c="red" size="sm" role="alert">
        {`The page could not be opened: ${errorText(query.error)}`}
      </Text>
    );
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
      <DocBreadcrumbs doc={page} />
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Title order={2} data-testid="wiki-title">
            {page.title}
          </Title>
          <Text size="xs" c="dimmed">
            {`Revision ${page.revision} by ${page.updatedBy.nickname}, ${new Date(page.updatedAt).toLocaleString()}`}
            {page.summary ? ` — ${page.summary}` : ''}
          </Text>
        </div>
        <Group gap={6} wrap="nowrap">
          {can('docs:doc:edit') && (
            <Button
              size="xs"
              leftSection={<IconPencil size={14} />}
              onClick={() => go(`${place.base}/${id}/edit`)}
            >
              Edit
            </Button>
          )}
          <Button
            size="xs"
            variant="default"
            leftSection={<IconHistory size={14} />}
            onClick={() => go(`${place.base}/wiki/${id}/history`)}
          >
            History
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconEye size={14} />}
            onClick={() => go(`${place.base}/wiki/${id}/preview`)}
          >
            Preview
          </Button>
          {can('docs:doc:remove') && (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={14} />}
              onClick={() => setDeleting(true)}
            >
              Delete
            </Button>
          )}
        </Group>
      </Group>
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
      <DeleteDocModal
        doc={deleting ? page : null}
        onClose={() => setDeleting(false)}
        onDeleted={() => go(place.base)}
      />
    </Stack>
  );
}
