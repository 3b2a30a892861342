import { Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { isIssueKind } from '@shared/domain/work-item-workflow';
import { IconInbox } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { LinkButton } from '../components/Links/Links';
import { BatchBar } from '../kit/BatchBar/BatchBar';
import { ListBody, NoMatch } from '../kit/ListPage/ListPage';
import { loadList } from '../kit/ListPage/load-list';
import { Pager } from '../kit/ListPage/Pager';
import { storedPageSize, usePageSize } from '../kit/ListPage/use-page-size';
import { useStepBackFromEmptyPage } from '../kit/ListPage/use-step-back';
import { searchedRoute } from '../lib/route-guards';
import { useProjectPage } from '../lib/use-project-page';
import { backlogQueryOptions, openSprintsQueryOptions, useSprintIssues } from '../queries/sprints';
import { AllSprintsLink } from './-components/iterations/AllSprintsLink';
import { BacklogFilters } from './-components/iterations/BacklogFilters';
import {
  type BacklogSearch,
  backlogParams,
  hasBacklogFilters,
  validateBacklogSearch,
} from './-components/iterations/backlog-search';
import { SprintItemTable } from './-components/iterations/SprintItemTable';
import { itemCount } from './-components/iterations/sprint-format';
import { useSelection } from './-components/iterations/use-selection';
import { useWorkItemPanel } from './-components/work-items/work-item-panel';

/** The page-size choice's name (`usePageSize`). */
const LIST = 'backlog';

/** The backlog: unfinished items in no sprint, to select and plan into a sprint. */
export const Route = createFileRoute('/$identifier/projects/$projectId/iteration/unplaning')({
  ...searchedRoute('projects', validateBacklogSearch),
  loader: ({ params, deps, ...load }) => {
    void load.context.queryClient.prefetchQuery(openSprintsQueryOptions(params.projectId));
    return loadList(
      backlogQueryOptions(backlogParams(params.projectId, deps), deps.pageNum ?? 1, storedPageSize(LIST)),
      load,
    );
  },
  component: BacklogPage,
});

function BacklogPage() {
  const { projectId } = Route.useParams();
  const { can, linkParams } = useProjectPage(projectId, 'Backlog');
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const panel = useWorkItemPanel();
  const pageNum = search.pageNum ?? 1;
  const [pageSize, setPageSize] = usePageSize(LIST);
  const { data: page, isPlaceholderData } = useQuery(
    backlogQueryOptions(backlogParams(projectId, search), pageNum, pageSize),
  );
  const sprints = useQuery(openSprintsQueryOptions(projectId));
  const selection = useSelection();
  const move = useSprintIssues(projectId);
  const [target, setTarget] = useState<string | null>(null);
  const canMove = can('project:issue:edit');

  const change = (next: Partial<BacklogSearch>) =>
    void navigate({
      search: (prev) => validateBacklogSearch({ ...prev, pageNum: undefined, ...next }),
      replace: true,
    });
  // biome-ignore lint/correctness/useExhaustiveDependencies: clear when the view changes
  useEffect(() => selection.clear(), [JSON.stringify(search)]);
  useStepBackFromEmptyPage(page, pageNum, (n) =>
    navigate({ search: (prev) => ({ ...prev, pageNum: n }), replace: true }),
  );

  const sprintOptions = (sprints.data ?? []).map((s) => ({
    value: s.id,
    label: `${s.name} · ${s.statusName}`,
  }));
  const chosen = sprints.data?.find((s) => s.id === target);

  function plan() {
    if (!chosen) return;
    move.mutate(
      { id: chosen.id, body: { add: [...selection.selected] } },
      {
        onSuccess: ({ added }) => {
          notifications.show({ color: 'green', message: `${itemCount(added)} planned into ${chosen.name}` });
          selection.clear();
        },
      },
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Group gap="xs">
          <AllSprintsLink {...linkParams} />
          <IconInbox size={20} color="var(--mantine-color-brand-7)" />
          <Title order={2} fz="lg">
            Backlog
          </Title>
          {page && (
            <Text size="sm" c="dimmed">
              {page.total} unfinished {page.total === 1 ? 'item' : 'items'} in no sprint
            </Text>
          )}
        </Group>
        <LinkButton
          to="/$identifier/projects/$projectId/iteration/planning"
          params={linkParams}
          variant="default"
        >
          Open planning
        </LinkButton>
      </Group>

      <BacklogFilters search={search} onChange={change} />

      {canMove && selection.selected.size > 0 && (
        <BatchBar
          count={selection.selected.size}
          noun={['item', 'items']}
          onClear={selection.clear}
          testId="plan-bar"
        >
          <Select
            aria-label="Plan into sprint"
            placeholder={sprintOptions.length === 0 ? 'No open sprint' : 'Plan into sprint…'}
            data={sprintOptions}
            value={target}
            onChange={setTarget}
            disabled={sprintOptions.length === 0}
            comboboxProps={{ withinPortal: true }}
            w={260}
            size="xs"
          />
          <Button size="xs" onClick={plan} disabled={!chosen} loading={move.isPending}>
            Plan
          </Button>
        </BatchBar>
      )}

      <Card p={0}>
        <ListBody
          what="the backlog"
          query={{ isPending: !page, isError: false, isPlaceholderData, refetch: () => undefined }}
          isEmpty={!page || page.rows.length === 0}
          empty={
            hasBacklogFilters(search) ? (
              <NoMatch title="No backlog item matches" testId="backlog-empty" />
            ) : (
              <NoMatch
                icon={<IconInbox size={28} />}
                title="The backlog is empty"
                description="Every unfinished item is planned into a sprint."
                testId="backlog-empty"
              />
            )
          }
        >
          <SprintItemTable
            rows={page?.rows ?? []}
            selection={canMove ? selection : undefined}
            onOpen={(row) => isIssueKind(row.pmIssueType) && panel.openItem(row.id, row.pmIssueType)}
            testId="backlog-items"
          />
        </ListBody>
      </Card>
      {page && page.total > 0 && (
        <Pager
          total={page.total}
          pageNum={pageNum}
          pageSize={page.pageSize}
          noun="items"
          onChange={(n) => change({ pageNum: n })}
          onPageSizeChange={(size) => {
            setPageSize(size);
            change({});
          }}
        />
      )}
    </Stack>
  );
}
