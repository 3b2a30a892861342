import { Alert, Box, Button, Card, Grid, Group, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { IssuePage } from '@shared/schemas/issues';
import type { Sprint } from '@shared/schemas/sprints';
import { IconArrowLeft, IconArrowRight, IconInbox, IconRun } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { type DragEvent, useEffect, useState } from 'react';
import { LinkButton } from '../components/Links/Links';
import { ListBody, NothingYet } from '../kit/ListPage/ListPage';
import { Pager } from '../kit/ListPage/Pager';
import { searchedRoute } from '../lib/route-guards';
import { useProjectPage } from '../lib/use-project-page';
import {
  backlogQueryOptions,
  openSprintsQueryOptions,
  sprintIssuesQueryOptions,
  sprintStatisticsQueryOptions,
  useSprintIssues,
} from '../queries/sprints';
import { AllSprintsLink } from './-components/iterations/AllSprintsLink';
import { BacklogFilters } from './-components/iterations/BacklogFilters';
import {
  type BacklogSearch,
  backlogParams,
  validateBacklogSearch,
} from './-components/iterations/backlog-search';
import { LoadPerAssignee } from './-components/iterations/LoadPerAssignee';
import { DRAG_TYPE, SprintItemTable } from './-components/iterations/SprintItemTable';
import { SprintStateBadge } from './-components/iterations/SprintStateBadge';
import { formatHours, itemCount, sprintDateRange } from './-components/iterations/sprint-format';
import { useSelection } from './-components/iterations/use-selection';

/** Planning: the backlog on the left, a sprint with its load per assignee on the right. */
export const Route = createFileRoute('/$identifier/projects/$projectId/iteration/planning')({
  ...searchedRoute('projects', validateBacklogSearch),
  loader: ({ context: { queryClient }, params, deps }) => {
    void queryClient.prefetchQuery(openSprintsQueryOptions(params.projectId));
    void queryClient.prefetchQuery(
      backlogQueryOptions(backlogParams(params.projectId, deps), deps.pageNum ?? 1, PAGE_SIZE),
    );
  },
  component: PlanningPage,
});

const PAGE_SIZE = 20;
const SPRINT_PAGE_SIZE = 40;
const SPRINT_ORDER = { orderBy: 'priority', sort: 'asc' } as const;

function PlanningPage() {
  const { projectId } = Route.useParams();
  const { can, linkParams } = useProjectPage(projectId, 'Planning');
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const sprints = useQuery(openSprintsQueryOptions(projectId));
  const sprint = sprints.data?.find((s) => s.id === search.sprint) ?? sprints.data?.[0] ?? null;
  const canMove = can('project:issue:edit');

  const change = (next: Partial<BacklogSearch>) =>
    void navigate({
      search: (prev) => validateBacklogSearch({ ...prev, pageNum: undefined, ...next }),
      replace: true,
    });

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Group gap="xs">
          <AllSprintsLink {...linkParams} />
          <Title order={2} fz="lg">
            Planning
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          Select items and move them with the buttons, or drag backlog rows onto the sprint.
        </Text>
      </Group>
      {sprints.data && sprints.data.length === 0 ? (
        <Card>
          <NothingYet
            icon={<IconRun size={28} />}
            title="No sprint to plan into"
            description="Every sprint is closed, or none exists yet. Create one on the iteration list."
            action={
              <LinkButton
                to="/$identifier/projects/$projectId/iteration"
                params={linkParams}
                variant="default"
              >
                Go to the sprints
              </LinkButton>
            }
          />
        </Card>
      ) : (
        <PlanningPanes
          projectId={projectId}
          search={search}
          onSearchChange={change}
          sprints={sprints.data}
          sprint={sprint}
          canMove={canMove}
        />
      )}
    </Stack>
  );
}

interface PanesProps {
  projectId: string;
  search: BacklogSearch;
  onSearchChange: (change: Partial<BacklogSearch>) => void;
  sprints: Sprint[] | undefined;
  sprint: Sprint | null;
  canMove: boolean;
}

function PlanningPanes({ projectId, search, onSearchChange, sprints, sprint, canMove }: PanesProps) {
  const backlogSelection = useSelection();
  const sprintSelection = useSelection();
  const move = useSprintIssues(projectId);
  const [sprintPage, setSprintPage] = useState(1);
  const [dropping, setDropping] = useState(false);
  const backlog = useQuery(
    backlogQueryOptions(backlogParams(projectId, search), search.pageNum ?? 1, PAGE_SIZE),
  );
  const items = useQuery({
    ...sprintIssuesQueryOptions(projectId, sprint?.id ?? '', SPRINT_ORDER, sprintPage, SPRINT_PAGE_SIZE),
    enabled: sprint !== null,
  });
  const statistics = useQuery({
    ...sprintStatisticsQueryOptions(projectId, sprint?.id ?? ''),
    enabled: sprint !== null,
  });

  // A new filter, page or sprint starts the selections over (what was selected may be out of view).
  const backlogKey = JSON.stringify({ ...search, sprint: undefined });
  // biome-ignore lint/correctness/useExhaustiveDependencies: clear when the backlog view changes
  useEffect(() => backlogSelection.clear(), [backlogKey]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: clear when another sprint is picked
  useEffect(() => {
    sprintSelection.clear();
    setSprintPage(1);
  }, [sprint?.id]);

  function send(body: { add?: string[]; remove?: string[] }) {
    if (!sprint) return;
    move.mutate(
      { id: sprint.id, body },
      {
        onSuccess: ({ added, removed }) => {
          notifications.show({
            color: 'green',
            message:
              added > 0
                ? `${itemCount(added)} added to ${sprint.name}`
                : `${itemCount(removed)} back in the backlog`,
          });
          if (body.add) backlogSelection.clear();
          if (body.remove) sprintSelection.clear();
        },
      },
    );
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDropping(false);
    const raw = event.dataTransfer.getData(DRAG_TYPE);
    if (!raw || !canMove) return;
    const ids = JSON.parse(raw) as string[];
    if (ids.length > 0) send({ add: ids });
  }

  const sprintOptions = (sprints ?? []).map((s) => ({ value: s.id, label: `${s.name} · ${s.statusName}` }));

  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, lg: 6 }}>
        <Card p={0} h="100%">
          <Stack gap="sm" p="md" pb="xs">
            <Group justify="space-between" gap="xs">
              <Group gap="xs">
                <IconInbox size={20} color="var(--mantine-color-brand-7)" />
                <Title order={3} fz="md">
                  Backlog
                </Title>
                {backlog.data && (
                  <Text size="sm" c="dimmed">
                    {backlog.data.total} unfinished in no sprint
                  </Text>
                )}
              </Group>
              {canMove && (
                <Button
                  size="xs"
                  rightSection={<IconArrowRight size={14} />}
                  disabled={!sprint || backlogSelection.selected.size === 0}
                  loading={move.isPending && move.variables?.body.add !== undefined}
                  onClick={() => send({ add: [...backlogSelection.selected] })}
                >
                  Add to sprint
                  {backlogSelection.selected.size > 0 ? ` (${backlogSelection.selected.size})` : ''}
                </Button>
              )}
            </Group>
            <BacklogFilters search={search} onChange={onSearchChange} />
          </Stack>
          <ItemPane
            page={backlog.data}
            placeholder={backlog.isPlaceholderData}
            selection={canMove ? backlogSelection : undefined}
            draggable={canMove}
            empty="Nothing unfinished is waiting in the backlog."
            testId="planning-backlog"
            onPage={(pageNum) => onSearchChange({ pageNum })}
          />
        </Card>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 6 }}>
        <Card
          p={0}
          h="100%"
          onDragOver={(event) => {
            if (!canMove || !sprint || !event.dataTransfer.types.includes(DRAG_TYPE)) return;
            event.preventDefault();
            event.dataTransfer.dropEffect = 'move';
            setDropping(true);
          }}
          onDragLeave={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDropping(false);
          }}
          onDrop={onDrop}
          style={
            dropping ? { outline: '2px dashed var(--mantine-color-brand-5)', outlineOffset: -2 } : undefined
          }
          data-testid="planning-sprint-pane"
        >
          <Stack gap="sm" p="md" pb="xs">
            <Group justify="space-between" gap="xs" wrap="nowrap">
              {canMove && (
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconArrowLeft size={14} />}
                  disabled={!sprint || sprintSelection.selected.size === 0}
                  loading={move.isPending && move.variables?.body.remove !== undefined}
                  onClick={() => send({ remove: [...sprintSelection.selected] })}
                >
                  Remove{sprintSelection.selected.size > 0 ? ` (${sprintSelection.selected.size})` : ''}
                </Button>
              )}
              <Select
                aria-label="Sprint to plan"
                data={sprintOptions}
                value={sprint?.id ?? null}
                onChange={(value) => value && onSearchChange({ sprint: value, pageNum: search.pageNum })}
                allowDeselect={false}
                placeholder={sprints ? 'Pick a sprint' : 'Loading sprints…'}
                comboboxProps={{ withinPortal: true }}
                style={{ flex: 1 }}
                maw={320}
              />
            </Group>
            {sprint && (
              <Group gap="xs">
                <SprintStateBadge status={sprint.status} size="sm" />
                <Text size="xs" c="dimmed">
                  {sprintDateRange(sprint)} · {itemCount(sprint.issueCount)} ·{' '}
                  {formatHours(sprint.estimatedHours)}
                </Text>
              </Group>
            )}
            {sprint && (
              <Card withBorder p="sm" bg="var(--mantine-color-gray-0)">
                <Text size="sm" fw={600} mb={6}>
                  Load per assignee
                </Text>
                {statistics.data ? <LoadPerAssignee statistics={statistics.data} /> : <Skeleton h={60} />}
              </Card>
            )}
            {dropping && (
              <Alert color="brand" variant="light" py={6}>
                Drop to add to {sprint?.name}
              </Alert>
            )}
          </Stack>
          {sprint ? (
            <ItemPane
              page={items.data}
              placeholder={items.isPlaceholderData}
              selection={canMove ? sprintSelection : undefined}
              empty={
                canMove
                  ? 'No items yet: drag backlog rows here, or select them and press Add.'
                  : 'No items yet.'
              }
              testId="planning-sprint-items"
              onPage={setSprintPage}
            />
          ) : (
            <Skeleton h={160} m="md" />
          )}
        </Card>
      </Grid.Col>
    </Grid>
  );
}

interface ItemPaneProps {
  page: IssuePage | undefined;
  placeholder: boolean;
  selection?: ReturnType<typeof useSelection>;
  draggable?: boolean;
  empty: string;
  testId: string;
  onPage: (pageNum: number) => void;
}

function ItemPane({ page, placeholder, selection, draggable, empty, testId, onPage }: ItemPaneProps) {
  return (
    <>
      <ListBody
        what="items"
        query={{ isPending: !page, isError: false, isPlaceholderData: placeholder, refetch: () => undefined }}
        isEmpty={!page || page.rows.length === 0}
        empty={
          <Text size="sm" c="dimmed" ta="center" py="xl" px="md" data-testid={`${testId}-empty`}>
            {empty}
          </Text>
        }
      >
        <SprintItemTable
          rows={page?.rows ?? []}
          selection={selection}
          draggable={draggable}
          compact
          testId={testId}
        />
      </ListBody>
      {page && page.total > page.pageSize && (
        <Box p="sm" pt={0}>
          <Pager
            total={page.total}
            pageNum={page.pageNum}
            pageSize={page.pageSize}
            noun="items"
            onChange={onPage}
          />
        </Box>
      )}
    </>
  );
}
