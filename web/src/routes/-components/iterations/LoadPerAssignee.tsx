import { Group, Progress, Stack, Text } from '@mantine/core';
import type { SprintStatistics } from '@shared/schemas/sprints';
import { loadBars } from './sprint-load';

/** Who carries what in the sprint: a small bar per person, with items and unfinished hours. */
export function LoadPerAssignee({ statistics }: { statistics: SprintStatistics | undefined }) {
  if (!statistics) return null;
  const { bars, by } = loadBars(statistics.byAssignee);
  if (bars.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No items yet: nobody carries any load.
      </Text>
    );
  }
  return (
    <Stack gap={10} data-testid="load-per-assignee">
      <Text size="xs" c="dimmed">
        {by === 'hours'
          ? 'Bars compare the estimated hours still open'
          : // The sprint's total may count finished items' hours: say it is the open ones that lack them.
            'Bars compare open items: none of the open items has an estimate'}
      </Text>
      {bars.map((bar) => (
        <Stack key={bar.key} gap={2}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm" truncate fw={500} c={bar.key === 'unassigned' ? 'dimmed' : undefined}>
              {bar.name}
            </Text>
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {bar.unfinished}/{bar.items} open · {bar.unfinishedHours} h
            </Text>
          </Group>
          <Progress
            value={bar.percent}
            size="sm"
            color={bar.percent >= 100 ? 'orange' : 'blue'}
            aria-label={`${bar.name}'s load`}
          />
        </Stack>
      ))}
    </Stack>
  );
}
