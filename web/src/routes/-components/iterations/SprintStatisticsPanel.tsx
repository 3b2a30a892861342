import { Group, Progress, SimpleGrid, Skeleton, Stack, Table, Text } from '@mantine/core';
import { ISSUE_KIND_LABELS, isIssueKind } from '@shared/domain/work-item-workflow';
import type { SprintStatistics } from '@shared/schemas/sprints';
import type { ReactNode } from 'react';
import { TitledCard } from '../../../kit/TitledCard/TitledCard';
import { statusColor } from '../work-items/status-options';
import { UserChip } from '../work-items/WorkItemBadges';
import { formatHours, formatRate } from './sprint-format';

function Figure({ label, value, hint }: { label: string; value: ReactNode; hint?: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz={26} fw={700} lh={1.2}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Stack>
  );
}

/** Status names differ per kind ("In progress" task, "Fixing" bug): each bar says its kind. */
function kindName(kind: number): string {
  return isIssueKind(kind) ? ISSUE_KIND_LABELS[kind].one : `Kind ${kind}`;
}

/** Items by status: one bar per status of each kind, against all items. */
function ByStatus({ statistics }: { statistics: SprintStatistics }) {
  const rows = statistics.byStatus.filter((s) => s.count > 0);
  if (rows.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No items yet.
      </Text>
    );
  return (
    <Stack gap={8} data-testid="sprint-by-status">
      {rows.map((entry) => {
        const color = isIssueKind(entry.pmIssueType) ? statusColor(entry.pmIssueType, entry.id) : 'gray';
        return (
          <Group key={`${entry.pmIssueType}-${entry.id}`} gap="xs" wrap="nowrap">
            <Text size="sm" w={170} truncate title={`${kindName(entry.pmIssueType)} · ${entry.name}`}>
              <Text span size="xs" c="dimmed">
                {kindName(entry.pmIssueType)} ·
              </Text>{' '}
              {entry.name}
            </Text>
            <Progress
              value={statistics.total === 0 ? 0 : (entry.count / statistics.total) * 100}
              color={color}
              size="lg"
              style={{ flex: 1 }}
              aria-label={`${entry.name}: ${entry.count}`}
            />
            <Text size="sm" w={28} ta="right" fw={600}>
              {entry.count}
            </Text>
          </Group>
        );
      })}
    </Stack>
  );
}

function ByAssignee({ statistics }: { statistics: SprintStatistics }) {
  if (statistics.byAssignee.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No items yet.
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table verticalSpacing={6} data-testid="sprint-by-assignee">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Assignee</Table.Th>
            <Table.Th ta="right">Items</Table.Th>
            <Table.Th ta="right">Unfinished</Table.Th>
            <Table.Th ta="right">Estimate</Table.Th>
            <Table.Th ta="right">Left</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {statistics.byAssignee.map((entry) => (
            <Table.Tr key={entry.user?.userId ?? 'unassigned'}>
              <Table.Td>
                <UserChip user={entry.user} />
              </Table.Td>
              <Table.Td ta="right">{entry.count}</Table.Td>
              <Table.Td ta="right">{entry.unfinished}</Table.Td>
              <Table.Td ta="right">{formatHours(entry.estimatedHours)}</Table.Td>
              <Table.Td ta="right">{formatHours(entry.unfinishedEstimatedHours)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The items counted two ways, each under its heading. */
const BREAKDOWNS = [
  { title: 'By status', View: ByStatus },
  { title: 'By assignee', View: ByAssignee },
];

/** Completion and carry-over rates, items by status and by assignee. */
export function SprintStatisticsPanel({
  statistics,
  closed,
}: {
  statistics: SprintStatistics | undefined;
  closed: boolean;
}) {
  if (!statistics) return <Skeleton h={260} />;
  return (
    <TitledCard title="Statistics" gap="md">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
        <Figure
          label="Completion"
          value={formatRate(statistics.completionRate)}
          hint={`${statistics.finished} of ${statistics.total} finished`}
        />
        <Figure
          label="Carry-over"
          value={closed ? formatRate(statistics.carryOverRate) : '—'}
          hint={closed ? 'Unfinished at completion' : 'Known once completed'}
        />
        <Figure label="Items" value={statistics.total} />
        <Figure label="Unfinished" value={statistics.unfinished} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        {BREAKDOWNS.map(({ title, View }) => (
          <Stack key={title} gap="xs">
            <Text size="sm" fw={600}>
              {title}
            </Text>
            <View statistics={statistics} />
          </Stack>
        ))}
      </SimpleGrid>
    </TitledCard>
  );
}
