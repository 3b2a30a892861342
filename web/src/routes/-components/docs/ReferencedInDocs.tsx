import { Anchor, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { errorText } from '../../../api/errors';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import { referencesQueryOptions } from '../../../queries/docs';
import { docsBase, nodeHref } from './paths';

/**
 * "Referenced in docs": the wiki pages the user may read that mention this work item (`#123` or
 * a link) or requirement spec, newest first.
 */
export function ReferencedInDocs({ issueId, specId }: { issueId?: string; specId?: string }) {
  const { enterprise } = useCurrentEnterprise();
  const router = useRouter();
  const query = useQuery(referencesQueryOptions(issueId ? { issueId } : { specId: specId ?? '' }));
  if (query.isPending) {
    return (
      <Stack gap={6} aria-busy aria-label="Loading the pages that reference it">
        <Skeleton h={18} w="70%" />
        <Skeleton h={18} w="50%" />
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <Text size="sm" c="red">
        {`The referencing pages could not be loaded: ${errorText(query.error)}`}
      </Text>
    );
  }
  if (query.data.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No page in the knowledge base references it yet.
      </Text>
    );
  }
  return (
    <Stack gap={6} data-testid="referenced-in-docs">
      {query.data.map((page) => {
        const href = nodeHref(
          docsBase(enterprise.enterpriseIdentifier, page.space === 'enterprise' ? null : page.space),
          { id: page.id, kind: 'wiki' },
        );
        return (
          <Group key={page.id} gap={8} wrap="nowrap">
            <IconFileText size={16} />
            <Anchor
              size="sm"
              href={href}
              onClick={(event) => {
                event.preventDefault();
                router.history.push(href);
              }}
            >
              {page.title}
            </Anchor>
            <Text size="xs" c="dimmed">
              {`${page.space_name}, ${new Date(page.updatedAt).toLocaleDateString()}`}
            </Text>
          </Group>
        );
      })}
    </Stack>
  );
}
