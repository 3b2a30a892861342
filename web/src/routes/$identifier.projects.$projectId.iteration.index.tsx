import {
  Button,
  Card,
  EmptyState,
  Group,
  Pagination,
  ScrollArea,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconFilter, IconInbox, IconLayoutKanban, IconPlus, IconRun } from '@tabler/icons-react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { LinkButton } from '../components/Links/Links';
import { loadList } from '../kit/ListPage/load-list';
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
  const pages = page ? Math.max(1, Math.ceil(page.total / page.pageSize)) : 1;

  // Deleting the last card of the last page leaves it empty: show the page before it instead.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when an answer arrives
  useEffect(() => {
    if (page && page.rows.length === 0 && page.total > 0 && params.pageNum > 1) {
      void navigate({
        search: (prev) => ({ ...prev, pageNum: pages > 1 ? pages : undefined }),
        replace: true,
      });
    }
  }, [page]);

  const linkParams = { identifier, projectId };
  const newSprintButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
      New sprint
    </Button>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <ScrollArea type="never" maw="100%">
          <SegmentedControl
            aria-label="Filter by sprint state"
            data={STATE_FILTERS}
            value={search.state ?? 'all'}
            onChange={(value) =>
              void navigate({
                search: validateSprintSearch({ state: value === 'all' ? undefined : value }),
                replace: true,
              })
            }
          />
        </ScrollArea>
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

      {!page ? (
        <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="md" aria-busy aria-label="Loading sprints">
          {[0, 1, 2].map((key) => (
            <Card key={key} h={220}>
              <Stack gap="sm">
                <Skeleton h={22} w="60%" />
                <Skeleton h={14} w="40%" />
                <Skeleton h={14} />
                <Skeleton h={8} mt="lg" />
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      ) : page.rows.length === 0 ? (
        <Card py={48}>
          {search.state ? (
            <EmptyState
              icon={<IconFilter size={28} />}
              title="No sprint is in this state"
              description="Try another state, or all sprints."
              data-testid="sprints-empty"
            >
              <EmptyState.Actions>
                <Button variant="default" onClick={() => void navigate({ search: {}, replace: true })}>
                  Show all sprints
                </Button>
              </EmptyState.Actions>
            </EmptyState>
          ) : (
            <EmptyState
              variant="light"
              icon={<IconRun size={28} />}
              title="No sprints yet"
              description={
                canAdd
                  ? 'A sprint is a time box of up to 90 days: create one, plan backlog items into it, then start it.'
                  : 'Nobody has planned a sprint for this project yet.'
              }
              data-testid="sprints-empty"
            >
              {canAdd && <EmptyState.Actions>{newSprintButton}</EmptyState.Actions>}
            </EmptyState>
          )}
        </Card>
      ) : (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {page.total} {page.total === 1 ? 'sprint' : 'sprints'}
            {search.state ? '' : ': in progress first, then not started, then closed'}
          </Text>
          <SimpleGrid
            cols={{ base: 1, md: 2, xl: 3 }}
            spacing="md"
            style={{ opacity: isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}
            aria-busy={isPlaceholderData}
            data-testid="sprint-list"
          >
            {page.rows.map((sprint) => (
              <SprintCard
                key={sprint.id}
                identifier={identifier}
                projectId={projectId}
                sprint={sprint}
                today={today}
              />
            ))}
          </SimpleGrid>
          {pages > 1 && (
            <Group justify="flex-end">
              <Pagination
                total={pages}
                value={params.pageNum}
                onChange={(pageNum) => void navigate({ search: (prev) => ({ ...prev, pageNum }) })}
                aria-label="Sprint pages"
              />
            </Group>
          )}
        </Stack>
      )}

      {canAdd && (
        <SprintFormModal opened={creating} onClose={() => setCreating(false)} projectId={projectId} />
      )}
    </Stack>
  );
}
