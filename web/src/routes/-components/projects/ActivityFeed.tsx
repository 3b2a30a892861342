import { Avatar, Group, Skeleton, Stack, Text } from '@mantine/core';
import { ISSUE_KIND_LABELS, isIssueKind } from '@shared/domain/work-item-workflow';
import type { Journal } from '@shared/schemas/issues';
import { IconActivity } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { errorText } from '../../../api/errors';
import { RelativeTime } from '../../../components/RelativeTime/RelativeTime';
import { initials } from '../../../components/UserMenu/UserMenu';
import { SectionLoadFailed } from '../../../kit/ListPage/ListPage';
import { ShowMore } from '../../../kit/ListPage/Pager';
import { TitledCard } from '../../../kit/TitledCard/TitledCard';
import { projectDynamicsQueryOptions } from '../../../queries/projects';
import { journalAction, summarizeDetails } from '../work-items/journal-format';
import { displayName } from '../work-items/WorkItemBadges';
import { WorkItemLink } from '../work-items/WorkItemLink';

const SNIPPET = 140;

/** The start of a comment as plain text (markdown marks dropped; the feed shows no formatting). */
function snippet(notes: string): string {
  const text = notes
    .replace(/[*_`#>~]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > SNIPPET ? `${text.slice(0, SNIPPET - 1)}…` : text;
}

function Entry({ entry, projectId }: { entry: Journal; projectId: string }) {
  const name = displayName(entry.user);
  const kind = isIssueKind(entry.pmIssueType)
    ? ISSUE_KIND_LABELS[entry.pmIssueType].one.toLowerCase()
    : 'item';
  const item = {
    id: entry.issueId,
    issueNumber: entry.issueNumber,
    title: entry.issueTitle,
    pmIssueType: entry.pmIssueType,
  };
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start" data-testid={`activity-${entry.id}`}>
      <Avatar size={30} radius="xl" color="brand">
        {initials(name)}
      </Avatar>
      <Stack gap={2} miw={0} style={{ flex: 1 }}>
        <Text size="sm">
          <b>{name}</b> {journalAction(entry.kind)} {kind}{' '}
          {entry.kind === 'deleted' ? (
            <Text span td="line-through" c="dimmed">
              #{entry.issueNumber} {entry.issueTitle}
            </Text>
          ) : (
            <WorkItemLink item={item} projectId={projectId} inherit fw={550} />
          )}
        </Text>
        {entry.kind === 'updated' && entry.details.length > 0 && (
          <Text size="xs" c="dimmed" lineClamp={2}>
            {summarizeDetails(entry.details)}
          </Text>
        )}
        {entry.kind === 'comment' && entry.notes && (
          <Text size="xs" c="dimmed" lineClamp={2} fs="italic">
            “{snippet(entry.notes)}”
          </Text>
        )}
        <RelativeTime value={entry.createdAt} />
      </Stack>
    </Group>
  );
}

/** What happened in the project lately, newest first. */
export function ActivityFeed({ projectId }: { projectId: string }) {
  const feed = useInfiniteQuery(projectDynamicsQueryOptions(projectId));
  const entries = feed.data?.pages.flatMap((page) => page.rows) ?? [];
  return (
    <TitledCard title="Activity" gap="md">
      {feed.isPending ? (
        <Stack gap="md" aria-busy aria-label="Loading the activity">
          {[0, 1, 2].map((key) => (
            <Group key={key} gap="sm" wrap="nowrap">
              <Skeleton h={30} w={30} circle />
              <Stack gap={6} style={{ flex: 1 }}>
                <Skeleton h={12} w="70%" />
                <Skeleton h={10} w="30%" />
              </Stack>
            </Group>
          ))}
        </Stack>
      ) : feed.isError ? (
        <SectionLoadFailed
          message={`The activity could not be loaded: ${errorText(feed.error)}`}
          onRetry={() => feed.refetch()}
        />
      ) : entries.length === 0 ? (
        <Group gap="xs" c="dimmed" py="md">
          <IconActivity size={18} />
          <Text size="sm">Nothing has happened yet. Create a work item to get things moving.</Text>
        </Group>
      ) : (
        <Stack gap="md" data-testid="activity-feed">
          {entries.map((entry) => (
            <Entry key={entry.id} entry={entry} projectId={projectId} />
          ))}
        </Stack>
      )}
      <ShowMore query={feed} variant="default">
        Load more
      </ShowMore>
    </TitledCard>
  );
}
