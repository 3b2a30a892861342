import { Button, Card, EmptyState, Group, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { ISSUE_KIND_LABELS, type IssueKind } from '@shared/domain/work-item-workflow';
import { type IssueRow, MAX_BATCH_ISSUES } from '@shared/schemas/issues';
import { IconBug, IconBulb, IconChecklist, IconPlus, IconSearch } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import { useLoadOnScroll } from '../../../lib/near-bottom';
import { issueListInfiniteOptions } from '../../../queries/issues';
import { BatchEditBar } from './BatchEditBar';
import { kindWord } from './kinds';
import { hasFilters, listParams, type StatusGroup, type WorkItemSearch } from './list-search';
import { WorkItemFilters } from './WorkItemFilters';
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
  const first = list.data?.pages[0];
  const counts = first?.counts;
  const total = list.data?.pages.at(-1)?.total ?? 0;
  const canAdd = can('project:issue:add');
  const canBatch = can('project:issue:edit');
  const Icon = KIND_ICONS[kind];

  // Selection for batch edits: rows, so the batch knows their statuses. A new filter starts over.
  const [selected, setSelected] = useState<Map<string, IssueRow>>(new Map());
  const filterKey = JSON.stringify(search);
  // biome-ignore lint/correctness/useExhaustiveDependencies: clear when the filters change
  useEffect(() => setSelected(new Map()), [filterKey]);

  function toggle(row: IssueRow) {
    setSelected((prev) => {
      const next = new Map(prev);
      if (next.has(row.id)) next.delete(row.id);
      else if (next.size >= MAX_BATCH_ISSUES) {
        notifications.show({
          color: 'yellow',
          message: `At most ${MAX_BATCH_ISSUES} items can be edited at once`,
        });
      } else next.set(row.id, row);
      return next;
    });
  }
  function toggleAll(visible: IssueRow[]) {
    setSelected((prev) => {
      if (visible.every((row) => prev.has(row.id))) return new Map();
      if (visible.length > MAX_BATCH_ISSUES) {
        notifications.show({
          color: 'yellow',
          message: `Selected the first ${MAX_BATCH_ISSUES} items: the most one batch edit takes`,
        });
      }
      return new Map(visible.slice(0, MAX_BATCH_ISSUES).map((row) => [row.id, row]));
    });
  }

  const canLoadMore = list.hasNextPage && !list.isFetchingNextPage && !list.isPlaceholderData;
  useLoadOnScroll(() => canLoadMore && void list.fetchNextPage(), canLoadMore, list.data?.pages.length);

  const filtered = hasFilters(search);
  const nothingAtAll = counts !== undefined && counts.all === 0 && !filtered;
  const createButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => panel.openCreate(kind)}>
      New {kindWord(kind)}
    </Button>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Group gap="xs">
          <Icon size={22} color="var(--mantine-color-brand-7)" />
          <Title order={2} fz="lg">
            {labels.many}
          </Title>
          {counts && (
            <Text c="dimmed" size="sm">
              {counts.all} in total
            </Text>
          )}
        </Group>
        {canAdd && !nothingAtAll && createButton}
      </Group>

      {/* Nothing to group or filter before the first item exists. */}
      {!nothingAtAll && (
        <>
          <Tabs
            value={search.statusGroup ?? 'all'}
            onChange={(value) =>
              onSearchChange({ statusGroup: value === 'all' ? undefined : (value as StatusGroup) })
            }
            activateTabWithKeyboard={false}
          >
            <Tabs.List aria-label="Status groups">
              {(
                [
                  ['all', 'All', counts?.all],
                  ['opened', 'Open', counts?.opened],
                  ['closed', 'Closed', counts?.closed],
                ] as const
              ).map(([value, label, count]) => (
                <Tabs.Tab
                  key={value}
                  value={value}
                  rightSection={
                    count === undefined ? undefined : (
                      <Text size="xs" c="dimmed">
                        {count}
                      </Text>
                    )
                  }
                >
                  {label}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </Tabs>

          <WorkItemFilters kind={kind} projectId={projectId} search={search} onChange={onSearchChange} />
        </>
      )}

      {canBatch && selected.size > 0 && (
        <BatchEditBar
          kind={kind}
          projectId={projectId}
          selected={[...selected.values()]}
          onDone={() => setSelected(new Map())}
        />
      )}

      <Card p={0}>
        {list.isPending ? (
          <Stack gap="sm" p="md" aria-busy aria-label={`Loading ${labels.many.toLowerCase()}`}>
            {[0, 1, 2, 3, 4].map((key) => (
              <Skeleton key={key} h={32} />
            ))}
          </Stack>
        ) : list.isError && rows.length === 0 ? (
          <EmptyState
            py={48}
            title={`The ${labels.many.toLowerCase()} could not be loaded`}
            description="Check your connection and try again."
          >
            <EmptyState.Actions>
              <Button variant="default" onClick={() => void list.refetch()}>
                Try again
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        ) : rows.length === 0 ? (
          nothingAtAll ? (
            <EmptyState
              py={56}
              variant="light"
              icon={<Icon size={28} />}
              title={`No ${labels.many.toLowerCase()} yet`}
              description={
                canAdd
                  ? `Create the first ${kindWord(kind)} of ${projectName}.`
                  : `Nobody has created a ${kindWord(kind)} in ${projectName} yet.`
              }
              data-testid="work-items-empty"
            >
              {canAdd && <EmptyState.Actions>{createButton}</EmptyState.Actions>}
            </EmptyState>
          ) : (
            <EmptyState
              py={56}
              icon={<IconSearch size={28} />}
              title={`No ${labels.many.toLowerCase()} match`}
              description={filtered ? 'Change or clear the filters to see more.' : 'None is in this group.'}
              data-testid="work-items-empty"
            />
          )
        ) : (
          <div
            style={{ opacity: list.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}
            aria-busy={list.isPlaceholderData || list.isFetchingNextPage}
          >
            <WorkItemTable
              kind={kind}
              projectId={projectId}
              rows={rows}
              selection={canBatch ? { selected: new Set(selected.keys()), toggle, toggleAll } : undefined}
              onOpen={(row) => panel.openItem(row.id, kind)}
            />
          </div>
        )}
      </Card>

      {rows.length > 0 && (
        <Group justify="center" gap="sm">
          {list.hasNextPage ? (
            <Button
              variant="default"
              onClick={() => void list.fetchNextPage()}
              loading={list.isFetchingNextPage}
              disabled={list.isPlaceholderData}
            >
              Load more
            </Button>
          ) : (
            <Text size="sm" c="dimmed">
              {rows.length === 1 ? 'The only one' : `All ${rows.length} shown`}
            </Text>
          )}
          {list.hasNextPage && (
            <Text size="sm" c="dimmed">
              {rows.length} of {total}
            </Text>
          )}
        </Group>
      )}
    </Stack>
  );
}
