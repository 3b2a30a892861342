import { Button, Group, Paper, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { ISSUE_CATEGORIES, type ItemList } from '@shared/domain/weekly';
import type { PersonalIssues, WeeklyIssue } from '@shared/schemas/weekly';
import { useQuery } from '@tanstack/react-query';
import { SectionLoadFailed } from '../../../kit/ListPage/ListPage';
import { personalIssuesQueryOptions } from '../../../queries/weekly';
import type { FormItem } from './report-form';
import { CountTab } from './report-parts';

const TABS: { id: keyof Omit<PersonalIssues, 'week' | 'plannedNotes'>; name: string }[] = [
  ...ISSUE_CATEGORIES,
  { id: 'planned', name: 'Planned last week' },
];

/** The two lists an item can be put on, each a toggle on the item's row. */
const WEEKS: { list: ItemList; label: string }[] = [
  { list: 'thisWeek', label: 'This week' },
  { list: 'nextWeek', label: 'Next week' },
];

function PickRow({
  issue,
  listed,
  onPick,
}: {
  issue: WeeklyIssue;
  listed: ItemList | undefined;
  onPick: (issue: WeeklyIssue, list: ItemList) => void;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" data-testid={`pick-${issue.id}`}>
      <Text size="sm" lineClamp={1}>
        {`#${issue.issueNumber} ${issue.title}`}
        <Text span size="xs" c="dimmed">
          {` · ${issue.statusName}${issue.endDate ? ` · due ${issue.endDate}` : ''}`}
        </Text>
      </Text>
      <Group gap={4} wrap="nowrap">
        {WEEKS.map((week) => (
          <Button
            key={week.list}
            size="compact-xs"
            variant={listed === week.list ? 'filled' : 'default'}
            aria-pressed={listed === week.list}
            aria-label={`Add #${issue.issueNumber} to ${week.label.toLowerCase()}`}
            onClick={() => onPick(issue, week.list)}
          >
            {week.label}
          </Button>
        ))}
      </Group>
    </Group>
  );
}

/** The caller's items of the week (personalIssueList) by category, to pick into the report. */
export function ItemPicker({
  projectId,
  weekStart,
  items,
  onPick,
}: {
  projectId: string;
  weekStart: string;
  items: readonly FormItem[];
  onPick: (issue: WeeklyIssue, list: ItemList) => void;
}) {
  const query = useQuery(personalIssuesQueryOptions({ pmsProjectId: projectId, weekStart }));
  const listed = new Map(items.map((item) => [item.issueId, item.list]));
  return (
    <Paper withBorder p="md" className="weekly-no-print" data-testid="item-picker">
      <Title order={4} fz="sm" mb="xs">
        Your work items of the week
      </Title>
      {query.isPending && <Skeleton h={120} />}
      {query.isError && (
        <SectionLoadFailed message="Your items could not be loaded." onRetry={() => void query.refetch()} />
      )}
      {query.data && (
        <Tabs defaultValue="finished" keepMounted={false}>
          <Tabs.List>
            {TABS.map((tab) => (
              <CountTab key={tab.id} value={tab.id} count={query.data[tab.id].length}>
                {tab.name}
              </CountTab>
            ))}
          </Tabs.List>
          {TABS.map((tab) => (
            <Tabs.Panel key={tab.id} value={tab.id} pt="sm">
              <Stack gap={6}>
                {query.data[tab.id].length === 0 && (
                  <Text size="sm" c="dimmed">
                    Nothing here this week.
                  </Text>
                )}
                {query.data[tab.id].map((issue) => (
                  <PickRow key={issue.id} issue={issue} listed={listed.get(issue.id)} onPick={onPick} />
                ))}
                {tab.id === 'planned' && query.data.plannedNotes && (
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} c="dimmed" data-testid="planned-notes">
                    {query.data.plannedNotes}
                  </Text>
                )}
              </Stack>
            </Tabs.Panel>
          ))}
        </Tabs>
      )}
    </Paper>
  );
}
