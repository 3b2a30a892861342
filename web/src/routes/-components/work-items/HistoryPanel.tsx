import { Avatar, Group, List, Stack, Text, Timeline } from '@mantine/core';
import { ISSUE_KIND_LABELS, isIssueKind } from '@shared/domain/work-item-workflow';
import type { Journal } from '@shared/schemas/issues';
import { useInfiniteQuery } from '@tanstack/react-query';
import { RelativeTime } from '../../../components/RelativeTime/RelativeTime';
import { initials } from '../../../components/UserMenu/UserMenu';
import { ShowMore } from '../../../kit/ListPage/Pager';
import { SectionList } from '../../../kit/SectionList/SectionList';
import { journalsInfiniteOptions } from '../../../queries/issues';
import { formatJournalDetail } from './journal-format';
import { displayName } from './WorkItemBadges';

function headline(entry: Journal): string {
  const kind = isIssueKind(entry.pmIssueType)
    ? ISSUE_KIND_LABELS[entry.pmIssueType].one.toLowerCase()
    : 'item';
  if (entry.kind === 'created') return `created this ${kind}`;
  if (entry.kind === 'deleted') return `deleted this ${kind}`;
  return entry.details.length === 1 ? 'changed a field' : `changed ${entry.details.length} fields`;
}

/** Every change, oldest first, each field as "Status: Pending → In progress". */
export function HistoryPanel({ issueId }: { issueId: string }) {
  const history = useInfiniteQuery({
    ...journalsInfiniteOptions(issueId, 'history'),
    select: (data) => data.pages.flatMap((page) => page.rows),
  });
  return (
    <Stack gap="md">
      <SectionList query={history} what="The history" testId="history" skeletons={2} empty="No changes yet.">
        {(entries) => (
          <Timeline bulletSize={26} lineWidth={2} data-testid="history-list">
            {entries.map((entry) => {
              const name = displayName(entry.user);
              return (
                <Timeline.Item
                  key={entry.id}
                  bullet={
                    <Avatar size={22} radius="xl" color="brand">
                      {initials(name)}
                    </Avatar>
                  }
                  title={
                    <Group gap={6}>
                      <Text size="sm" fw={600}>
                        {name}
                      </Text>
                      <Text size="sm">{headline(entry)}</Text>
                      <RelativeTime value={entry.createdAt} />
                    </Group>
                  }
                >
                  {entry.details.length > 0 && (
                    <List size="sm" spacing={2} mt={4} c="dimmed">
                      {entry.details.map((detail) => (
                        <List.Item key={detail.field}>{formatJournalDetail(detail)}</List.Item>
                      ))}
                    </List>
                  )}
                </Timeline.Item>
              );
            })}
          </Timeline>
        )}
      </SectionList>
      <ShowMore query={history}>Show more history</ShowMore>
    </Stack>
  );
}
