import {
  ActionIcon,
  Button,
  Card,
  Checkbox,
  CloseButton,
  EmptyState,
  Group,
  Paper,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { Report } from '@shared/schemas/testruns';
import { IconChartPie, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ConfirmModal } from '../../../components/ConfirmModal/ConfirmModal';
import { RelativeTime } from '../../../components/RelativeTime/RelativeTime';
import { Dimmable, TableSkeleton } from '../../../kit/ListPage/ListPage';
import { Pager } from '../../../kit/ListPage/Pager';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import { reportListQueryOptions, useDeleteReports } from '../../../queries/testreports';
import { formatPassRate } from '../testsheets/result-counts';
import { displayName } from '../work-items/WorkItemBadges';

const PAGE_SIZE = 10;
const NOWRAP = { whiteSpace: 'nowrap' } as const;
/** Reports one delete takes (`DELETE testReport/{ids}`, docs/api-conventions.md). */
const MAX_DELETE = 40;

interface ReportListProps {
  projectId: string;
  onOpen: (report: Report) => void;
  onCreate: () => void;
}

/** The project's reports, newest first: open, create, delete one or the selected ones. */
export function ReportList({ projectId, onOpen, onCreate }: ReportListProps) {
  const { can } = useCurrentEnterprise();
  const canAdd = can('test:report:add');
  const canRemove = can('test:report:remove');
  const [pageNum, setPageNum] = useState(1);
  const [search, setSearch] = useState('');
  const [keyword] = useDebouncedValue(search.trim(), 300);
  const [selected, setSelected] = useState<Report[]>([]);
  const [deleting, setDeleting] = useState<Report[] | null>(null);
  const remove = useDeleteReports(projectId);
  const { data: page, isPlaceholderData } = useQuery(
    reportListQueryOptions({
      pmsProjectId: projectId,
      keyword: keyword || undefined,
      pageNum,
      pageSize: PAGE_SIZE,
    }),
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search starts at its first page
  useEffect(() => setPageNum(1), [keyword]);

  // Deleting the last rows of the last page leaves it empty: show the page before.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when an answer arrives
  useEffect(() => {
    if (page && page.rows.length === 0 && page.total > 0 && pageNum > 1) {
      setPageNum(Math.max(1, Math.ceil(page.total / PAGE_SIZE)));
    }
  }, [page]);

  const isSelected = (report: Report) => selected.some((other) => other.id === report.id);
  function toggle(report: Report) {
    setSelected((prev) => {
      if (prev.some((other) => other.id === report.id)) return prev.filter((other) => other.id !== report.id);
      if (prev.length >= MAX_DELETE) {
        notifications.show({
          color: 'yellow',
          message: `At most ${MAX_DELETE} reports can be deleted at once`,
        });
        return prev;
      }
      return [...prev, report];
    });
  }
  function toggleAll(rows: Report[]) {
    setSelected((prev) =>
      rows.every((row) => prev.some((other) => other.id === row.id))
        ? prev.filter((other) => !rows.some((row) => row.id === other.id))
        : [...prev, ...rows.filter((row) => !prev.some((other) => other.id === row.id))].slice(0, MAX_DELETE),
    );
  }

  function confirmDelete() {
    if (!deleting) return;
    const ids = deleting.map((report) => report.id);
    remove.mutate(ids, {
      onSuccess: () => {
        notifications.show({
          color: 'green',
          message:
            deleting.length === 1 ? `“${deleting[0]?.name}” deleted` : `${deleting.length} reports deleted`,
        });
        setSelected((prev) => prev.filter((report) => !ids.includes(report.id)));
        setDeleting(null);
      },
    });
  }

  const header = (
    <Group justify="space-between" p="md" pb="xs" gap="sm">
      <Group gap="xs" align="baseline">
        <Title order={2} fz="lg">
          Test reports
        </Title>
        {page && (
          <Text size="sm" c="dimmed">
            {page.total} {keyword ? 'found' : 'in total'}
          </Text>
        )}
      </Group>
      <Group gap="xs">
        <TextInput
          size="xs"
          w={220}
          placeholder="Search report names"
          aria-label="Search reports"
          leftSection={<IconSearch size={14} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          rightSection={
            search ? <CloseButton size="xs" aria-label="Clear search" onClick={() => setSearch('')} /> : null
          }
        />
        {canAdd && (
          <Button size="xs" leftSection={<IconPlus size={14} />} onClick={onCreate}>
            New report
          </Button>
        )}
      </Group>
    </Group>
  );

  if (page && page.total === 0 && !keyword) {
    return (
      <Card p={0}>
        {header}
        <EmptyState
          py={64}
          icon={<IconChartPie size={32} />}
          title="No test reports yet"
          description="A report keeps a test sheet's results, linked bugs and charts as they are at one moment: make one at the end of a round of testing."
          data-testid="reports-empty"
        >
          {canAdd && (
            <EmptyState.Actions>
              <Button leftSection={<IconPlus size={16} />} onClick={onCreate}>
                Create a report
              </Button>
            </EmptyState.Actions>
          )}
        </EmptyState>
      </Card>
    );
  }

  const selectedOnPage = page ? page.rows.filter(isSelected).length : 0;
  return (
    <Card p={0}>
      {header}
      {selected.length > 0 && canRemove && (
        <Paper
          mx="md"
          mb="xs"
          withBorder
          p="xs"
          px="sm"
          bg="var(--mantine-color-brand-light)"
          data-testid="report-batch-bar"
        >
          <Group justify="space-between" gap="xs">
            <Text size="sm" fw={600}>
              {selected.length} {selected.length === 1 ? 'report' : 'reports'} selected
            </Text>
            <Group gap="xs">
              <Button
                size="xs"
                variant="default"
                color="red"
                leftSection={<IconTrash size={14} />}
                onClick={() => setDeleting(selected)}
              >
                Delete selected
              </Button>
              <Button size="xs" variant="subtle" onClick={() => setSelected([])}>
                Clear
              </Button>
            </Group>
          </Group>
        </Paper>
      )}
      {!page ? (
        <TableSkeleton label="Loading test reports" />
      ) : page.rows.length === 0 ? (
        <EmptyState
          py={48}
          icon={<IconSearch size={28} />}
          title="No report matches"
          description="Try another name."
        />
      ) : (
        <Dimmable dimmed={isPlaceholderData}>
          <Table.ScrollContainer minWidth={860}>
            <Table verticalSpacing={10} highlightOnHover data-testid="report-list">
              <Table.Thead>
                <Table.Tr>
                  {canRemove && (
                    <Table.Th w={36}>
                      <Checkbox
                        aria-label="Select all shown reports"
                        checked={selectedOnPage > 0 && selectedOnPage === page.rows.length}
                        indeterminate={selectedOnPage > 0 && selectedOnPage < page.rows.length}
                        onChange={() => toggleAll(page.rows)}
                      />
                    </Table.Th>
                  )}
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Sheet</Table.Th>
                  <Table.Th style={NOWRAP}>Created by</Table.Th>
                  <Table.Th style={NOWRAP}>Created</Table.Th>
                  <Table.Th style={NOWRAP} ta="right">
                    Pass rate
                  </Table.Th>
                  <Table.Th style={NOWRAP} ta="right">
                    Cases
                  </Table.Th>
                  <Table.Th style={NOWRAP} ta="right">
                    Bugs
                  </Table.Th>
                  {canRemove && <Table.Th w={40} />}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {page.rows.map((report) => (
                  <Table.Tr
                    key={report.id}
                    style={{ cursor: 'pointer' }}
                    bg={isSelected(report) ? 'var(--mantine-color-brand-light)' : undefined}
                    data-testid={`report-row-${report.id}`}
                    onClick={(event) => {
                      if ((event.target as HTMLElement).closest('a, button, input, label')) return;
                      onOpen(report);
                    }}
                  >
                    {canRemove && (
                      <Table.Td>
                        <Checkbox
                          aria-label={`Select ${report.name}`}
                          checked={isSelected(report)}
                          onChange={() => toggle(report)}
                        />
                      </Table.Td>
                    )}
                    <Table.Td maw={300}>
                      <Text
                        size="sm"
                        fw={600}
                        component="a"
                        href="#"
                        c="var(--mantine-color-text)"
                        truncate
                        display="block"
                        onClick={(event) => {
                          event.preventDefault();
                          onOpen(report);
                        }}
                      >
                        {report.name}
                      </Text>
                    </Table.Td>
                    <Table.Td maw={220}>
                      <Text size="sm" truncate>
                        {report.sheetName}
                      </Text>
                    </Table.Td>
                    <Table.Td style={NOWRAP}>
                      <Text size="sm">{displayName(report.creator)}</Text>
                    </Table.Td>
                    <Table.Td style={NOWRAP}>
                      <RelativeTime value={report.createdAt} size="sm" />
                    </Table.Td>
                    <Table.Td ta="right" style={NOWRAP}>
                      <Text size="sm" fw={600}>
                        {formatPassRate(report.counts)}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Text size="sm">{report.counts.total}</Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Text size="sm" c={report.bugCount > 0 ? 'red' : 'dimmed'}>
                        {report.bugCount}
                      </Text>
                    </Table.Td>
                    {canRemove && (
                      <Table.Td>
                        <Tooltip label="Delete">
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            aria-label={`Delete ${report.name}`}
                            onClick={() => setDeleting([report])}
                          >
                            <IconTrash size={16} />
                          </ActionIcon>
                        </Tooltip>
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <div style={{ padding: 'var(--mantine-spacing-md)', paddingTop: 'var(--mantine-spacing-xs)' }}>
            <Pager
              total={page.total}
              pageNum={pageNum}
              pageSize={PAGE_SIZE}
              noun="reports"
              onChange={setPageNum}
            />
          </div>
        </Dimmable>
      )}
      <ConfirmModal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={
          deleting?.length === 1 ? `Delete ${deleting[0]?.name}?` : `Delete ${deleting?.length ?? 0} reports?`
        }
        loading={remove.isPending}
        onConfirm={confirmDelete}
      >
        <Text size="sm">
          {deleting?.length === 1
            ? 'The report and its snapshot go, while the sheet and its results stay.'
            : 'The reports and their snapshots go, while the sheet and its results stay.'}{' '}
          This cannot be undone.
        </Text>
      </ConfirmModal>
    </Card>
  );
}
