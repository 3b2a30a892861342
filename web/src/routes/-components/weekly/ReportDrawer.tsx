import { Drawer, Group, Skeleton, Stack, Table, Tabs, Text } from '@mantine/core';
import type { ReportDetail } from '@shared/schemas/weekly';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { SectionLoadFailed } from '../../../kit/ListPage/ListPage';
import { reportQueryOptions, useSetCompletion } from '../../../queries/weekly';
import { CountsGrid } from './CountsGrid';
import { HistoryList } from './HistoryList';
import { ReportEditor } from './ReportEditor';
import { ReportStatusBadge } from './ReportStatusBadge';
import { ReportView } from './ReportView';
import { itemTitle, PercentInput } from './report-parts';

/**
 * The three views of a member's weekly report (docs/weekly-reports.md, "The drawers"):
 * 1 the report as written (editable by its author while the week is open), 2 the work of the
 * week behind it (the project's counts and the listed items, frozen once submitted), 3 its history.
 */
export const DRAWER_TABS = [
  { value: '1', label: 'Report' },
  { value: '2', label: "Week's work" },
  { value: '3', label: 'History' },
] as const;
export type DrawerTab = (typeof DRAWER_TABS)[number]['value'];

export const asDrawerTab = (value: string): DrawerTab =>
  DRAWER_TABS.find((tab) => tab.value === value)?.value ?? '1';

/** The listed items with their completion; the author sets it while the week is open (issueCompletion). */
function WeekWork({ report }: { report: ReportDetail }) {
  const setCompletion = useSetCompletion();
  const [edited, setEdited] = useState<Record<string, number>>({});
  return (
    <Stack gap="md">
      <CountsGrid counts={report.counts} frozen={report.frozen} />
      <Table withTableBorder verticalSpacing={4} data-testid="week-work-items">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Work item</Table.Th>
            <Table.Th>List</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Completion</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.items.map((item) => (
            <Table.Tr key={item.issueId}>
              <Table.Td>{itemTitle(item)}</Table.Td>
              <Table.Td>{item.list === 'thisWeek' ? 'This week' : 'Next week'}</Table.Td>
              <Table.Td>{item.issue?.statusName ?? ''}</Table.Td>
              <Table.Td>
                {report.editable ? (
                  <PercentInput
                    label={`Completion of ${item.issue ? `#${item.issue.issueNumber}` : item.issueId}`}
                    value={edited[item.issueId] ?? item.completion}
                    onChange={(completion) => setEdited({ ...edited, [item.issueId]: completion })}
                    onBlur={() => {
                      const completion = edited[item.issueId];
                      if (completion === undefined || completion === item.completion) return;
                      setCompletion.mutate({
                        memberWeeklyId: report.id,
                        issueId: item.issueId,
                        completion,
                        version: report.version,
                      });
                    }}
                  />
                ) : (
                  `${item.completion}%`
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {report.items.length === 0 && (
        <Text size="sm" c="dimmed">
          The report lists no work items.
        </Text>
      )}
    </Stack>
  );
}

/** A member's report in a drawer over the weekly page, on the tab the address names. */
export function ReportDrawer({
  id,
  tab,
  onTab,
  onClose,
}: {
  id: string;
  tab: DrawerTab;
  onTab: (tab: DrawerTab) => void;
  onClose: () => void;
}) {
  const query = useQuery(reportQueryOptions(id));
  const report = query.data;
  return (
    <Drawer
      opened
      onClose={onClose}
      position="right"
      size="min(960px, 100vw)"
      padding="lg"
      title={
        report ? (
          <Group gap="xs">
            <Text fw={650} fz="lg">
              {`${report.user.nickname} · ${report.projectName} · ${report.week.label}`}
            </Text>
            <ReportStatusBadge report={report} />
          </Group>
        ) : (
          <Text fw={600}>Loading…</Text>
        )
      }
    >
      {query.isPending && <Skeleton h={300} />}
      {query.isError && (
        <SectionLoadFailed message="The report could not be loaded." onRetry={() => void query.refetch()} />
      )}
      {report && (
        <Tabs value={tab} onChange={(value) => value && onTab(asDrawerTab(value))} keepMounted={false}>
          <Tabs.List mb="md">
            {DRAWER_TABS.map((t) => (
              <Tabs.Tab key={t.value} value={t.value}>
                {t.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="1">
            {report.editable ? (
              <ReportEditor projectId={report.pmsProjectId} week={report.week} report={report} />
            ) : (
              <ReportView report={report} />
            )}
          </Tabs.Panel>
          <Tabs.Panel value="2">
            <WeekWork report={report} />
          </Tabs.Panel>
          <Tabs.Panel value="3">
            <HistoryList report={report} />
          </Tabs.Panel>
        </Tabs>
      )}
    </Drawer>
  );
}
