import { Badge, Card, Group, SegmentedControl, Table, Text, Title } from '@mantine/core';
import { caseCode, TEST_RESULTS } from '@shared/domain/testing';
import { WORK_ITEM_KIND } from '@shared/domain/work-items';
import type { ReportBug, ReportCase } from '@shared/schemas/testruns';
import { type ReactNode, useMemo, useState } from 'react';
import { LinkAnchor } from '../../../components/Links/Links';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import { fullDateTime } from '../../../lib/relative-time';
import { ResultBadge } from '../testsheets/ResultBadges';
import { statusColor } from '../work-items/status-options';
import { PriorityBadge } from '../work-items/WorkItemBadges';

const NOWRAP = { whiteSpace: 'nowrap' } as const;

/** The results a filter offers: all, then each result that some case has (with its count). */
export function resultFilters(cases: readonly ReportCase[]) {
  const counts = new Map<number, number>();
  for (const entry of cases) counts.set(entry.result, (counts.get(entry.result) ?? 0) + 1);
  return [
    { value: 'all', label: `All ${cases.length}` },
    ...TEST_RESULTS.filter((result) => counts.has(result.id)).map((result) => ({
      value: String(result.id),
      label: `${result.name} ${counts.get(result.id)}`,
    })),
  ];
}

/** Every case of the snapshot with the result it had, filtered by result. */
export function ReportCasesTable({ cases }: { cases: ReportCase[] }) {
  const [filter, setFilter] = useState('all');
  const filters = useMemo(() => resultFilters(cases), [cases]);
  const shown = filter === 'all' ? cases : cases.filter((entry) => String(entry.result) === filter);
  return (
    <SnapshotCard
      empty={cases.length === 0 && 'The sheet had no cases when the report was made.'}
      minWidth={760}
      testId="report-cases"
      head={
        <>
          <Table.Th style={NOWRAP}>Code</Table.Th>
          <Table.Th>Title</Table.Th>
          <Table.Th>Module</Table.Th>
          <Table.Th style={NOWRAP}>Priority</Table.Th>
          <Table.Th style={NOWRAP}>Result</Table.Th>
          <Table.Th style={NOWRAP}>Executed by</Table.Th>
          <Table.Th>Note</Table.Th>
        </>
      }
      heading={
        <Group justify="space-between" p="md" pb="xs">
          <Title order={3} fz="md">
            Cases in the snapshot
          </Title>
          {cases.length > 0 && (
            <SegmentedControl
              size="xs"
              aria-label="Filter by result"
              data={filters}
              value={filter}
              onChange={setFilter}
            />
          )}
        </Group>
      }
    >
      {shown.map((entry) => (
        <Table.Tr key={entry.caseId}>
          <Table.Td style={NOWRAP}>
            <Text size="sm" c="dimmed" ff="monospace">
              {caseCode(entry.caseNumber)}
            </Text>
          </Table.Td>
          <Table.Td maw={320}>
            <Text size="sm" lineClamp={2}>
              {entry.title}
            </Text>
          </Table.Td>
          <Table.Td maw={180}>
            <Text size="sm" c={entry.moduleName ? undefined : 'dimmed'} truncate>
              {entry.moduleName || '—'}
            </Text>
          </Table.Td>
          <Table.Td style={NOWRAP}>
            <PriorityBadge priority={entry.priority} size="sm" />
          </Table.Td>
          <Table.Td style={NOWRAP}>
            <ResultBadge result={entry.result} size="sm" />
          </Table.Td>
          <Table.Td style={NOWRAP}>
            <Text size="sm" c={entry.executorName ? undefined : 'dimmed'}>
              {entry.executorName ?? '—'}
            </Text>
            {entry.executedAt && (
              <Text size="xs" c="dimmed">
                {fullDateTime(entry.executedAt)}
              </Text>
            )}
          </Table.Td>
          <Table.Td maw={260}>
            <Text size="sm" c="dimmed" lineClamp={2} title={entry.note}>
              {entry.note}
            </Text>
          </Table.Td>
        </Table.Tr>
      ))}
    </SnapshotCard>
  );
}

/** The bugs linked to the sheet's cases, with the status they had when the report was made. */
export function ReportBugsTable({ projectId, bugs }: { projectId: string; bugs: ReportBug[] }) {
  const { enterprise } = useCurrentEnterprise();
  return (
    <SnapshotCard
      empty={bugs.length === 0 && "No bugs were linked to the sheet's cases."}
      minWidth={560}
      testId="report-bugs"
      head={
        <>
          <Table.Th w={70}>#</Table.Th>
          <Table.Th>Title</Table.Th>
          <Table.Th style={NOWRAP}>Priority</Table.Th>
          <Table.Th style={NOWRAP}>Status then</Table.Th>
        </>
      }
      heading={
        <Group p="md" pb="xs" gap="xs" align="baseline">
          <Title order={3} fz="md">
            Bugs in the snapshot
          </Title>
          <Text size="sm" c="dimmed">
            {bugs.length}
          </Text>
        </Group>
      }
    >
      {bugs.map((bug) => (
        <Table.Tr key={bug.issueId}>
          <Table.Td c="dimmed">#{bug.issueNumber}</Table.Td>
          <Table.Td>
            <LinkAnchor
              to="/$identifier/projects/$projectId/bug/$workItemId"
              params={{
                identifier: enterprise.enterpriseIdentifier,
                projectId,
                workItemId: bug.issueId,
              }}
              size="sm"
              lineClamp={2}
            >
              {bug.title}
            </LinkAnchor>
          </Table.Td>
          <Table.Td style={NOWRAP}>
            <PriorityBadge priority={bug.priority} size="sm" />
          </Table.Td>
          <Table.Td style={NOWRAP}>
            <Badge variant="light" color={statusColor(WORK_ITEM_KIND.bug, bug.status)} size="sm">
              {bug.statusName}
            </Badge>
          </Table.Td>
        </Table.Tr>
      ))}
    </SnapshotCard>
  );
}

/** A table of the report's snapshot in its card: the heading, a sentence when it has no rows, else the rows. */
function SnapshotCard({
  heading,
  empty,
  minWidth,
  testId,
  head,
  children,
}: {
  heading: ReactNode;
  /** What to say instead of the table, or false when there are rows. */
  empty: string | false;
  minWidth: number;
  testId: string;
  /** The header cells (`Table.Th`). */
  head: ReactNode;
  /** The rows (`Table.Tr`). */
  children: ReactNode;
}) {
  return (
    <Card p={0}>
      {heading}
      {empty ? (
        <Text size="sm" c="dimmed" p="md" pt={0}>
          {empty}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={minWidth}>
          <Table verticalSpacing={8} data-testid={testId}>
            <Table.Thead>
              <Table.Tr>{head}</Table.Tr>
            </Table.Thead>
            <Table.Tbody>{children}</Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
