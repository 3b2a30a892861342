import { Tabs, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { ISSUE_KIND_LABELS, type IssueKind } from '@shared/domain/work-item-workflow';
import { type IssuePage, type IssueRow, MAX_BATCH_ISSUES } from '@shared/schemas/issues';
import { IconBug, IconBulb, IconChecklist } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { CreateButton } from '../../../kit/ListPage/CreateButton';
import { ListPage, NoMatch, NothingYet } from '../../../kit/ListPage/ListPage';
import { LoadMore } from '../../../kit/ListPage/Pager';
import { useRowSelection } from '../../../kit/ListPage/use-row-selection';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import { useLoadOnScroll } from '../../../lib/near-bottom';
import { issueListInfiniteOptions } from '../../../queries/issues';
import { BatchEditBar } from './BatchEditBar';
import { kindWord } from './kinds';
import { hasFilters, listParams, type StatusGroup, type WorkItemSearch } from './list-search';
import { WorkItemFilters, workItemSort } from './WorkItemFilters';
import { WorkItemTable } from './WorkItemTable';
import { useWorkItemPanel } from './work-item-panel';

const KIND_ICONS = { 1: IconBulb, 2: IconChecklist, 3: IconBug } as const;

interface WorkItemListProps {
  kind: IssueKind;
  projectId: string;
  projectName: string;
  search: WorkItemSearch;
  onSearchChange: (change: Partial<WorkItemSearch>) => void;
}

/** The demand, task or bug list of a project: tabs, filters, sort, batch edit, load more. */
export function WorkItemList({ kind, projectId, projectName, search, onSearchChange }: WorkItemListProps) {
  const { can } = useCurrentEnterprise();
  const labels = ISSUE_KIND_LABELS[kind];
  useDocumentTitle(`${labels.many} · ${projectName}`);
  const panel = useWorkItemPanel();
  const list = useInfiniteQuery(issueListInfiniteOptions(listParams(projectId, kind, search)));
  const rows = useMemo(() => list.data?.pages.flatMap((page) => page.rows) ?? [], [list.data]);
  const counts = list.data?.pages[0]?.counts;
  const total = list.data?.pages.at(-1)?.total ?? 0;
  const canAdd = can('project:issue:add');
  const canBatch = can('project:issue:edit');
  const Icon = KIND_ICONS[kind];

  // Selection for batch edits: rows, so the batch knows their statuses. A new filter starts over.
  const selection = useRowSelection<IssueRow>({
    max: MAX_BATCH_ISSUES,
    noun: 'items',
    resetKey: JSON.stringify(search),
  });

  const canLoadMore = list.hasNextPage && !list.isFetchingNextPage && !list.isPlaceholderData;
  useLoadOnScroll(() => canLoadMore && void list.fetchNextPage(), canLoadMore, list.data?.pages.length);

  const filtered = hasFilters(search);
  const nothingAtAll = counts !== undefined && counts.all === 0 && !filtered;
  const createButton = (
    <CreateButton onClick={() => panel.openCreate(kind)}>New {kindWord(kind)}</CreateButton>
  );
  const many = labels.many.toLowerCase();

  return (
    <ListPage
      title={labels.many}
      icon={<Icon size={22} color="var(--mantine-color-brand-7)" />}
      count={counts?.all}
      actions={canAdd && !nothingAtAll && createButton}
      // Nothing to group or filter before the first item exists.
      tabs={!nothingAtAll && <StatusTabs search={search} counts={counts} onSearchChange={onSearchChange} />}
      filters={
        !nothingAtAll && (
          <WorkItemFilters kind={kind} projectId={projectId} search={search} onChange={onSearchChange} />
        )
      }
      batchBar={
        canBatch &&
        selection.selected.size > 0 && (
          <BatchEditBar
            kind={kind}
            projectId={projectId}
            selected={[...selection.selected.values()]}
            onDone={selection.clear}
          />
        )
      }
      query={{ ...list, isError: list.isError && rows.length === 0 }}
      isEmpty={rows.length === 0}
      empty={
        nothingAtAll ? (
          <NothingYet
            icon={<Icon size={28} />}
            title={`No ${many} yet`}
            description={
              canAdd
                ? `Create the first ${kindWord(kind)} of ${projectName}.`
                : `Nobody has created a ${kindWord(kind)} in ${projectName} yet.`
            }
            action={canAdd && createButton}
            testId="work-items-empty"
          />
        ) : (
          <NoMatch
            title={`No ${many} match`}
            description={filtered ? undefined : 'None is in this group.'}
            testId="work-items-empty"
          />
        )
      }
      footer={
        <LoadMore
          shown={rows.length}
          total={total}
          hasMore={list.hasNextPage}
          loading={list.isFetchingNextPage}
          disabled={list.isPlaceholderData}
          onMore={() => void list.fetchNextPage()}
        />
      }
    >
      <WorkItemTable
        kind={kind}
        projectId={projectId}
        rows={rows}
        selection={canBatch ? selection : undefined}
        sort={workItemSort(search, onSearchChange)}
        onOpen={(row) => panel.openItem(row.id, kind)}
      />
    </ListPage>
  );
}

const STATUS_TABS = [
  ['all', 'All'],
  ['opened', 'Open'],
  ['closed', 'Closed'],
] as const;

/** All, Open and Closed, each with its count. */
function StatusTabs({
  search,
  counts,
  onSearchChange,
}: {
  search: WorkItemSearch;
  counts: IssuePage['counts'] | undefined;
  onSearchChange: (change: Partial<WorkItemSearch>) => void;
}) {
  return (
    <Tabs
      value={search.statusGroup ?? 'all'}
      onChange={(value) =>
        onSearchChange({ statusGroup: value === 'all' ? undefined : (value as StatusGroup) })
      }
      activateTabWithKeyboard={false}
    >
      <Tabs.List aria-label="Status groups">
        {STATUS_TABS.map(([value, label]) => (
          <Tabs.Tab
            key={value}
            value={value}
            rightSection={
              counts && (
                <Text size="xs" c="dimmed">
                  {counts[value]}
                </Text>
              )
            }
          >
            {label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
