import { Group } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconInbox, IconLayoutKanban, IconRun } from '@tabler/icons-react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { LinkButton } from '../../../components/Links/Links';
import { StatusCardPage } from '../../../kit/ListPage/CardList';
import { CreateButton } from '../../../kit/ListPage/CreateButton';
import { cardPaging } from '../../../kit/ListPage/card-paging';
import { statusChoices } from '../../../kit/StatusChoices/status-choices';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import { projectQueryOptions } from '../../../queries/projects';
import { sprintListQueryOptions } from '../../../queries/sprints';
import { localToday } from '../products/plan-dates';
import { SprintCard } from './SprintCard';
import { SprintFormModal } from './SprintFormModal';
import { type SprintStateFilter, sprintListParams, validateSprintSearch } from './sprint-search';

const route = getRouteApi('/$identifier/projects/$projectId/iteration/');

const STATE_FILTERS = statusChoices<SprintStateFilter>(
  { inProgress: 'In progress', notStarted: 'Not started', closed: 'Closed' },
  { allLast: true },
);

/** The project's planning board and its backlog, a button each above the sprints. */
const PLANNING_VIEWS = [
  { to: '/$identifier/projects/$projectId/iteration/planning', label: 'Planning', Icon: IconLayoutKanban },
  { to: '/$identifier/projects/$projectId/iteration/unplaning', label: 'Backlog', Icon: IconInbox },
] as const;

export function IterationsPage() {
  const { enterprise, can } = useCurrentEnterprise();
  const identifier = enterprise.enterpriseIdentifier;
  const { projectId } = route.useParams();
  const { data: project } = useSuspenseQuery(projectQueryOptions(projectId));
  useDocumentTitle(`Iterations · ${project.name}`);
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const params = sprintListParams(projectId, search);
  const list = useQuery(sprintListQueryOptions(params));
  const canAdd = can('project:sprint:add');
  const [creating, setCreating] = useState(false);
  const today = localToday();
  const linkParams = { identifier, projectId };
  const newSprintButton = <CreateButton onClick={() => setCreating(true)}>New sprint</CreateButton>;

  return (
    <StatusCardPage
      statusLabel="Filter by sprint state"
      statuses={STATE_FILTERS}
      status={search.state}
      onStatusChange={(state) => void navigate({ search: validateSprintSearch({ state }), replace: true })}
      actions={
        <Group gap="xs">
          {PLANNING_VIEWS.map(({ to, label, Icon }) => (
            <LinkButton
              key={to}
              to={to}
              params={linkParams}
              variant="default"
              leftSection={<Icon size={16} />}
            >
              {label}
            </LinkButton>
          ))}
          {canAdd && newSprintButton}
        </Group>
      }
      {...cardPaging(list, params.pageNum, navigate)}
      one="sprint"
      many="sprints"
      noMatch={{ title: 'No sprint is in this state', description: 'Try another state, or all sprints.' }}
      nothingYet={{
        icon: <IconRun size={28} />,
        title: 'No sprints yet',
        description: canAdd
          ? 'A sprint is a time box of up to 90 days: create one, plan backlog items into it, then start it.'
          : 'Nobody has planned a sprint for this project yet.',
        action: canAdd && newSprintButton,
      }}
      emptyTestId="sprints-empty"
      summary={search.state ? '' : ': in progress first, then not started, then closed'}
      testId="sprint-list"
      dialogs={
        canAdd && (
          <SprintFormModal opened={creating} onClose={() => setCreating(false)} projectId={projectId} />
        )
      }
    >
      {list.data?.rows.map((sprint) => (
        <SprintCard
          key={sprint.id}
          identifier={identifier}
          projectId={projectId}
          sprint={sprint}
          today={today}
        />
      ))}
    </StatusCardPage>
  );
}
