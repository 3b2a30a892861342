import { Box, Button, Card, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Report } from '@shared/schemas/testruns';
import { IconChartPie, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/ConfirmModal/ConfirmModal';
import { RelativeTime } from '../../../components/RelativeTime/RelativeTime';
import { BatchBar } from '../../../kit/BatchBar/BatchBar';
import { SearchBox } from '../../../kit/FilterBar/FilterBar';
import { ListBody, NoMatch, NothingYet, PanelHeading } from '../../../kit/ListPage/ListPage';
import { CardPager } from '../../../kit/ListPage/Pager';
import { usePageSize } from '../../../kit/ListPage/use-page-size';
import { usePanelSearch } from '../../../kit/ListPage/use-panel-search';
import { useRowSelection } from '../../../kit/ListPage/use-row-selection';
import { useStepBackFromEmptyPage } from '../../../kit/ListPage/use-step-back';
import { OpenLink, TextCell } from '../../../kit/ListTable/cells';
import { type ListColumn, ListTable } from '../../../kit/ListTable/ListTable';
import { actionsColumn, RowAction } from '../../../kit/ListTable/RowActions';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import { reportListQueryOptions, useDeleteReports } from '../../../queries/testreports';
import { formatPassRate } from '../testsheets/result-counts';
import { displayName } from '../work-items/WorkItemBadges';

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
  const { search, setSearch, keyword, pageNum, setPageNum } = usePanelSearch();
  const selection = useRowSelection<Report>({ max: MAX_DELETE, noun: 'reports', verb: 'deleted' });
  const selected = [...selection.selected.values()];
  const [deleting, setDeleting] = useState<Report[] | null>(null);
  const remove = useDeleteReports(projectId);
  const [pageSize, setPageSize] = usePageSize('test-reports');
  const { data: page, isPlaceholderData } = useQuery(
    reportListQueryOptions({
      pmsProjectId: projectId,
      keyword: keyword || undefined,
      pageNum,
      pageSize,
    }),
  );

  useStepBackFromEmptyPage(page, pageNum, (n) => setPageNum(n ?? 1));

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
        for (const report of deleting) if (selection.selected.has(report.id)) selection.toggle(report);
        setDeleting(null);
      },
    });
  }

  const header = (
    <PanelHeading title="Test reports" count={page && `${page.total} ${keyword ? 'found' : 'in total'}`}>
      <SearchBox
        label="Search reports"
        placeholder="Search report names"
        value={search}
        onChange={setSearch}
      />
      {canAdd && (
        <Button size="xs" leftSection={<IconPlus size={14} />} onClick={onCreate}>
          New report
        </Button>
      )}
    </PanelHeading>
  );

  if (page && page.total === 0 && !keyword) {
    return (
      <Card p={0}>
        {header}
        <NothingYet
          panel
          icon={<IconChartPie size={32} />}
          title="No test reports yet"
          description="A report keeps a test sheet's results, linked bugs and charts as they are at one moment: make one at the end of a round of testing."
          testId="reports-empty"
          action={
            canAdd && (
              <Button leftSection={<IconPlus size={16} />} onClick={onCreate}>
                Create a report
              </Button>
            )
          }
        />
      </Card>
    );
  }

  return (
    <Card p={0}>
      {header}
      {selected.length > 0 && canRemove && (
        <Box mx="md" mb="xs">
          <BatchBar
            count={selected.length}
            noun={['report', 'reports']}
            onClear={selection.clear}
            testId="report-batch-bar"
          >
            <Button
              size="xs"
              variant="default"
              color="red"
              leftSection={<IconTrash size={14} />}
              onClick={() => setDeleting(selected)}
            >
              Delete selected
            </Button>
          </BatchBar>
        </Box>
      )}
      <ListBody
        what="test reports"
        query={{ isPending: !page, isError: false, isPlaceholderData, refetch: () => undefined }}
        isEmpty={!page || page.rows.length === 0}
        empty={<NoMatch title="No report matches" description="Try another name." />}
      >
        <ListTable
          rows={page?.rows ?? []}
          columns={reportColumns(onOpen, canRemove ? (report) => setDeleting([report]) : undefined)}
          testId="report-list"
          rowTestId={(report) => `report-row-${report.id}`}
          rowTitle={(report) => report.name}
          onOpen={onOpen}
          selection={
            canRemove
              ? {
                  ...selection,
                  allLabel: 'Select all shown reports',
                  rowLabel: (report) => `Select ${report.name}`,
                }
              : undefined
          }
        />
        <CardPager
          page={page}
          pageNum={pageNum}
          pageSize={pageSize}
          noun="reports"
          onChange={setPageNum}
          onPageSizeChange={(size) => {
            setPageSize(size);
            setPageNum(1);
          }}
        />
      </ListBody>
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

function reportColumns(
  onOpen: (report: Report) => void,
  onDelete?: (report: Report) => void,
): ListColumn<Report>[] {
  const columns: ListColumn<Report>[] = [
    {
      key: 'name',
      title: 'Name',
      role: 'title',
      render: (report) => <OpenLink onOpen={() => onOpen(report)}>{report.name}</OpenLink>,
    },
    {
      key: 'sheet',
      title: 'Sheet',
      role: 'secondary',
      render: (report) => <TextCell value={report.sheetName} />,
    },
    {
      key: 'creator',
      title: 'Created by',
      role: 'tertiary',
      render: (report) => <TextCell value={displayName(report.creator)} />,
    },
    {
      key: 'created',
      title: 'Created',
      role: 'secondary',
      render: (report) => <RelativeTime value={report.createdAt} size="sm" />,
    },
    {
      key: 'passRate',
      title: 'Pass rate',
      align: 'right',
      render: (report) => (
        <Text size="sm" fw={600}>
          {formatPassRate(report.counts)}
        </Text>
      ),
    },
    {
      key: 'cases',
      title: 'Cases',
      align: 'right',
      render: (report) => <Text size="sm">{report.counts.total}</Text>,
    },
    {
      key: 'bugs',
      title: 'Bugs',
      align: 'right',
      render: (report) => (
        <Text size="sm" c={report.bugCount > 0 ? 'red' : 'dimmed'}>
          {report.bugCount}
        </Text>
      ),
    },
  ];
  if (onDelete) {
    columns.push({
      ...actionsColumn(
        (report: Report) => (
          <RowAction
            tooltip="Delete"
            label={`Delete ${report.name}`}
            icon={<IconTrash size={16} />}
            onClick={() => onDelete(report)}
          />
        ),
        40,
      ),
      title: '',
    });
  }
  return columns;
}
