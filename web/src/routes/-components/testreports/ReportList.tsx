import { Box, Card, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Report } from '@shared/schemas/testruns';
import { IconChartPie, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/ConfirmModal/ConfirmModal';
import { RelativeTime } from '../../../components/RelativeTime/RelativeTime';
import { ActionButton } from '../../../kit/ActionButton/ActionButton';
import { BatchBar } from '../../../kit/BatchBar/BatchBar';
import { SearchBox } from '../../../kit/FilterBar/FilterBar';
import { NoMatch, PanelHeading } from '../../../kit/ListPage/ListPage';
import { PagedPanelTable, type ProjectPanelListProps } from '../../../kit/ListPage/PagedPanelTable';
import { usePanelSearchPager } from '../../../kit/ListPage/use-pager';
import { useRowSelection } from '../../../kit/ListPage/use-row-selection';
import { useStepBackFromEmptyPage } from '../../../kit/ListPage/use-step-back';
import { OpenLink, TextCell } from '../../../kit/ListTable/cells';
import type { ListColumn } from '../../../kit/ListTable/ListTable';
import { actionsColumn, RowAction } from '../../../kit/ListTable/RowActions';
import { type Invitation, PanelInvitation } from '../../../kit/PanelInvitation/PanelInvitation';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import { reportListQueryOptions, useDeleteReports } from '../../../queries/testreports';
import { passRateColumn } from '../testsheets/ResultBadges';
import { displayName } from '../work-items/WorkItemBadges';

/** Reports one delete takes (`DELETE testReport/{ids}`, docs/api-conventions.md). */
const MAX_DELETE = 40;

const FIRST_REPORT: Invitation = {
  icon: IconChartPie,
  title: 'No test reports yet',
  description:
    "A report keeps a test sheet's results, linked bugs and charts as they are at one moment: make one at the end of a round of testing.",
  createLabel: 'Create a report',
  testId: 'reports-empty',
};

/** The project's reports, newest first: open, create, delete one or the selected ones. */
export function ReportList({ projectId, onOpen, onCreate }: ProjectPanelListProps<Report>) {
  const { can } = useCurrentEnterprise();
  const canAdd = can('test:report:add');
  const canRemove = can('test:report:remove');
  const { search, setSearch, keyword, pageNum, setPageNum, pager } = usePanelSearchPager('test-reports');
  const selection = useRowSelection<Report>({ max: MAX_DELETE, noun: 'reports', verb: 'deleted' });
  const selected = [...selection.selected.values()];
  const [deleting, setDeleting] = useState<Report[] | null>(null);
  const remove = useDeleteReports(projectId);
  const { data: page, isPlaceholderData } = useQuery(
    reportListQueryOptions({
      pmsProjectId: projectId,
      keyword: keyword || undefined,
      pageNum,
      pageSize: pager.pageSize,
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
        <ActionButton icon={IconPlus} variant="filled" onClick={onCreate}>
          New report
        </ActionButton>
      )}
    </PanelHeading>
  );

  if (page && page.total === 0 && !keyword) {
    return (
      <Card p={0}>
        {header}
        <PanelInvitation invitation={FIRST_REPORT} onCreate={canAdd ? onCreate : undefined} />
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
            <ActionButton color="red" icon={IconTrash} onClick={() => setDeleting(selected)}>
              Delete selected
            </ActionButton>
          </BatchBar>
        </Box>
      )}
      <PagedPanelTable
        what="test reports"
        noun="reports"
        page={page}
        isPlaceholderData={isPlaceholderData}
        empty={<NoMatch title="No report matches" description="Try another name." />}
        pager={pager}
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
    passRateColumn(),
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
