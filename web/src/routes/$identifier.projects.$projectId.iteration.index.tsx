import { Button, Group, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconFilter, IconInbox, IconLayoutKanban, IconPlus, IconRun } from '@tabler/icons-react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { LinkButton } from '../components/Links/Links';
import { CardList, StatusSegments } from '../kit/ListPage/CardList';
import { NoMatch, NothingYet } from '../kit/ListPage/ListPage';
import { loadList } from '../kit/ListPage/load-list';
import { Pager } from '../kit/ListPage/Pager';
import { useStepBackFromEmptyPage } from '../kit/ListPage/use-step-back';
import { useCurrentEnterprise } from '../lib/current-enterprise';
import { requireAccess } from '../lib/route-guards';
import { projectQueryOptions } from '../queries/projects';
import { sprintListQueryOptions } from '../queries/sprints';
import { SprintCard } from './-components/iterations/SprintCard';
import { SprintFormModal } from './-components/iterations/SprintFormModal';
import {
  type SprintStateFilter,
  sprintListParams,
  validateSprintSearch,
} from './-components/iterations/sprint-search';
import { localToday } from './-components/products/plan-dates';

/** The project's sprints by state, with New sprint and each sprint's workflow actions. */
export const Route = createFileRoute('/$identifier/projects/$projectId/iteration/')({
  // Loader and page in one chunk: the query modules they use stay out of the first script.
  codeSplitGroupings: [['loader', 'component']],
  validateSearch: validateSprintSearch,
  beforeLoad: ({ context }) => requireAccess(context.access, 'projects'),
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, params, deps, ...load }) =>
    loadList(queryClient, sprintListQueryOptions(sprintListParams(params.projectId, deps)), load),
  component: IterationsPage,
});

const STATE_FILTERS: { value: SprintStateFilter | 'all'; label: string }[] = [
  { value: 'inProgress', label: 'In progress' },
  { value: 'notStarted', label: 'Not started' },
  { value: 'closed', label: 'Closed' },
  { value: 'all', label: 'All' },
];

function IterationsPage() {
  const { enterprise, can } = useCurrentEnterprise();
  const identifier = enterprise.enterpriseIdentifier;
  const { projectId } = Route.useParams();
  const { data: project } = useSuspenseQuery(projectQueryOptions(projectId));
  useDocumentTitle(`Iterations · ${project.name}`);
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const params = sprintListParams(projectId, search);
  const { data: page, isPlaceholderData } = useQuery(sprintListQueryOptions(params));
  const canAdd = can('project:sprint:add');
  const [creating, setCreating] = useState(false);
  const today = localToday();
  useStepBackFromEmptyPage(page, params.pageNum, (pageNum) =>
    navigate({ search: (prev) => ({ ...prev, pageNum }), replace: true }),
  );

  const linkParams = { identifier, projectId };
  const newSprintButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
      New sprint
    </Button>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <StatusSegments
          label="Filter by sprint state"
          data={STATE_FILTERS}
          value={search.state}
          onChange={(state) => void navigate({ search: validateSprintSearch({ state }), replace: true })}
        />
        <Group gap="xs">
          <LinkButton
            to="/$identifier/projects/$projectId/iteration/planning"
            params={linkParams}
            variant="default"
            leftSection={<IconLayoutKanban size={16} />}
          >
            Planning
          </LinkButton>
          <LinkButton
            to="/$identifier/projects/$projectId/iteration/unplaning"
            params={linkParams}
            variant="default"
            leftSection={<IconInbox size={16} />}
          >
            Backlog
          </LinkButton>
          {canAdd && newSprintButton}
        </Group>
      </Group>

      <CardList
        what="sprints"
        loading={!page}
        dimmed={isPlaceholderData}
        isEmpty={page?.rows.length === 0}
        empty={
          search.state ? (
            <NoMatch
              icon={<IconFilter size={28} />}
              title="No sprint is in this state"
              description="Try another state, or all sprints."
              testId="sprints-empty"
            >
              <Button variant="default" onClick={() => void navigate({ search: {}, replace: true })}>
                Show all sprints
              </Button>
            </NoMatch>
          ) : (
            <NothingYet
              icon={<IconRun size={28} />}
              title="No sprints yet"
              description={
                canAdd
                  ? 'A sprint is a time box of up to 90 days: create one, plan backlog items into it, then start it.'
                  : 'Nobody has planned a sprint for this project yet.'
              }
              action={canAdd && newSprintButton}
              testId="sprints-empty"
            />
          )
        }
        summary={
          page &&
          `${page.total} ${page.total === 1 ? 'sprint' : 'sprints'}${search.state ? '' : ': in progress first, then not started, then closed'}`
        }
        testId="sprint-list"
        footer={
          page && (
            <Pager
              total={page.total}
              pageNum={params.pageNum}
              pageSize={page.pageSize}
              noun="sprints"
              onChange={(pageNum) => void navigate({ search: (prev) => ({ ...prev, pageNum }) })}
            />
          )
        }
      >
        {page?.rows.map((sprint) => (
          <SprintCard
            key={sprint.id}
            identifier={identifier}
            projectId={projectId}
            sprint={sprint}
            today={today}
          />
        ))}
      </CardList>

      {canAdd && (
        <SprintFormModal opened={creating} onClose={() => setCreating(false)} projectId={projectId} />
      )}
    </Stack>
  );
}
