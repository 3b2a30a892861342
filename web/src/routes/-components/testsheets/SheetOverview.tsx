import { Card, Group, SegmentedControl, Text } from '@mantine/core';
import { SHEET_STATUSES } from '@shared/domain/testing';
import type { Sheet } from '@shared/schemas/testruns';
import { IconClipboardList } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { SearchBox } from '../../../kit/FilterBar/FilterBar';
import { NoMatch, PanelHeading } from '../../../kit/ListPage/ListPage';
import { PagedPanelTable, type ProjectPanelListProps } from '../../../kit/ListPage/PagedPanelTable';
import { usePanelSearchPager } from '../../../kit/ListPage/use-pager';
import { OpenLink, TextCell } from '../../../kit/ListTable/cells';
import type { ListColumn } from '../../../kit/ListTable/ListTable';
import { type Invitation, PanelInvitation } from '../../../kit/PanelInvitation/PanelInvitation';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import { sheetListQueryOptions } from '../../../queries/testsheets';
import { UserChip } from '../work-items/WorkItemBadges';
import { passRateColumn, ResultBar, SheetStatusBadge } from './ResultBadges';

const FIRST_SHEET: Invitation = {
  icon: IconClipboardList,
  title: 'No test sheets yet',
  description:
    'A test sheet is a round of testing: pick cases from the library, run them and record what happened. Reports are made from sheets.',
  createLabel: 'Create a test sheet',
  testId: 'sheets-empty',
};

const STATE_FILTERS = [
  { value: 'all', label: 'All' },
  ...SHEET_STATUSES.map((status) => ({ value: String(status.id), label: status.name })),
];

/** Every sheet of the project in a table (state, owner, sprint, results, pass rate), or an invitation. */
export function SheetOverview({ projectId, onOpen, onCreate }: ProjectPanelListProps<Sheet>) {
  const { can } = useCurrentEnterprise();
  const [state, setState] = useState('all');
  const { search, setSearch, keyword, pageNum, setPageNum, pager } = usePanelSearchPager('test-sheets');
  const { data: page, isPlaceholderData } = useQuery(
    sheetListQueryOptions({
      pmsProjectId: projectId,
      status: state === 'all' ? undefined : Number(state),
      keyword: keyword || undefined,
      pageNum,
      pageSize: pager.pageSize,
    }),
  );
  const filtered = state !== 'all' || keyword !== '';

  if (page && page.total === 0 && !filtered) {
    return (
      <Card>
        <PanelInvitation invitation={FIRST_SHEET} onCreate={can('test:sheet:add') ? onCreate : undefined} />
      </Card>
    );
  }

  return (
    <Card p={0}>
      <PanelHeading
        title="All test sheets"
        count={page && `${page.total} ${filtered ? 'shown' : 'in total'}`}
      >
        <SearchBox
          label="Search sheets"
          placeholder="Search sheets"
          value={search}
          onChange={setSearch}
          width={200}
        />
        <SegmentedControl
          size="xs"
          aria-label="Sheet state"
          data={STATE_FILTERS}
          value={state}
          onChange={(value) => {
            setState(value);
            setPageNum(1);
          }}
        />
      </PanelHeading>
      <PagedPanelTable
        what="test sheets"
        noun="sheets"
        page={page}
        isPlaceholderData={isPlaceholderData}
        empty={<NoMatch title="No sheet matches" />}
        pager={pager}
        columns={sheetColumns(onOpen)}
        testId="sheet-overview"
        rowTestId={(sheet) => `sheet-row-${sheet.id}`}
        rowTitle={(sheet) => sheet.name}
        onOpen={onOpen}
      />
    </Card>
  );
}

function sheetColumns(onOpen: (sheet: Sheet) => void): ListColumn<Sheet>[] {
  return [
    {
      key: 'name',
      title: 'Name',
      role: 'title',
      render: (sheet) => <OpenLink onOpen={() => onOpen(sheet)}>{sheet.name}</OpenLink>,
    },
    {
      key: 'status',
      title: 'Status',
      render: (sheet) => <SheetStatusBadge status={sheet.status} size="sm" />,
    },
    {
      key: 'owner',
      title: 'Owner',
      role: 'secondary',
      render: (sheet) => <UserChip user={sheet.owner} empty="—" />,
    },
    {
      key: 'sprint',
      title: 'Sprint',
      role: 'tertiary',
      render: (sheet) => <TextCell value={sheet.sprintName} />,
    },
    {
      key: 'results',
      title: 'Results',
      width: 220,
      role: 'secondary',
      render: (sheet) => (
        <Group gap="xs" wrap="nowrap">
          <div style={{ flex: 1 }}>
            <ResultBar counts={sheet.counts} size="sm" />
          </div>
          <Text size="xs" c="dimmed">
            {sheet.counts.total - sheet.counts.notExecuted}/{sheet.counts.total}
          </Text>
        </Group>
      ),
    },
    passRateColumn(),
  ];
}
