import {
  Button,
  Card,
  EmptyState,
  Group,
  Pagination,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedCallback, useDocumentTitle } from '@mantine/hooks';
import { IconLayoutKanban, IconPlus, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { PageTitle } from '../components/PageTitle/PageTitle';
import { useCurrentEnterprise } from '../lib/current-enterprise';
import { guardedLoad, requireAccess } from '../lib/route-guards';
import { projectListQueryOptions } from '../queries/projects';
import { ProjectCard } from './-components/projects/ProjectCard';
import { ProjectFormModal } from './-components/projects/ProjectFormModal';
import {
  type ProjectSearch,
  type ProjectStatusFilter,
  projectListParams,
  validateProjectSearch,
} from './-components/projects/project-search';

export const Route = createFileRoute('/$identifier/projects/')({
  // Loader and page in one chunk: the query modules they use stay out of the first script.
  codeSplitGroupings: [['loader', 'component']],
  validateSearch: validateProjectSearch,
  beforeLoad: ({ context }) => requireAccess(context.access, 'projects'),
  loaderDeps: ({ search }) => projectListParams(search),
  loader: async ({ context: { queryClient }, deps, cause, location }) => {
    const options = projectListQueryOptions(deps);
    // Searching and paging stay on the page: the cards keep showing the previous page meanwhile.
    if (cause === 'stay') return void queryClient.prefetchQuery(options);
    await guardedLoad(() => queryClient.ensureQueryData(options), location.publicHref);
  },
  component: ProjectsPage,
});

const STATUS_FILTERS: { value: ProjectStatusFilter | 'all'; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'open', label: 'Open' },
  { value: 'paused', label: 'Paused' },
  { value: 'closed', label: 'Closed' },
];

function ProjectsPage() {
  const { enterprise, can } = useCurrentEnterprise();
  useDocumentTitle(`Projects · ${enterprise.name}`);
  const identifier = enterprise.enterpriseIdentifier;
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const params = projectListParams(search);
  const { data: page, isPlaceholderData } = useQuery(projectListQueryOptions(params));
  const [creating, setCreating] = useState(false);
  const canAdd = can('project:project:add');

  const [keywordInput, setKeywordInput] = useState(search.keyword ?? '');
  const setSearch = (change: Partial<ProjectSearch>) =>
    navigate({
      // Any filter change starts again at the first page.
      search: (prev) => validateProjectSearch({ ...prev, pageNum: undefined, ...change }),
      replace: true,
    });
  const applyKeyword = useDebouncedCallback((keyword: string) => void setSearch({ keyword }), 300);

  const filtered = Boolean(search.keyword || search.status || search.mine);
  const empty = page !== undefined && page.rows.length === 0;
  const pages = page ? Math.max(1, Math.ceil(page.total / page.pageSize)) : 1;
  const openProject = (projectId: string) =>
    navigate({ to: '/$identifier/projects/$projectId', params: { identifier, projectId } });

  const newProjectButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
      New project
    </Button>
  );

  return (
    <Stack gap="lg" maw={1200}>
      <Group justify="space-between" align="flex-end">
        <PageTitle title="Projects">
          Every project of {enterprise.name}: plan, track and ship the work.
        </PageTitle>
        {/* The empty state carries the call to action instead. */}
        {canAdd && !(empty && !filtered) && newProjectButton}
      </Group>

      <Group justify="space-between" gap="sm">
        <Group gap="sm">
          <TextInput
            aria-label="Search projects"
            placeholder="Search by name"
            leftSection={<IconSearch size={16} />}
            value={keywordInput}
            onChange={(event) => {
              setKeywordInput(event.currentTarget.value);
              applyKeyword(event.currentTarget.value);
            }}
            w={{ base: '100%', sm: 280 }}
          />
          <SegmentedControl
            aria-label="Filter by project status"
            data={STATUS_FILTERS}
            value={search.status ?? 'all'}
            onChange={(value) =>
              void setSearch({ status: value === 'all' ? undefined : (value as ProjectStatusFilter) })
            }
          />
        </Group>
        <Switch
          label="My projects"
          checked={search.mine === true}
          onChange={(event) => void setSearch({ mine: event.currentTarget.checked ? true : undefined })}
        />
      </Group>

      {!page ? (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" aria-busy>
          {[0, 1, 2, 3].map((key) => (
            <Card key={key} h={176}>
              <Stack gap="sm">
                <Skeleton h={22} w="50%" />
                <Skeleton h={14} />
                <Skeleton h={14} w="80%" />
                <Skeleton h={8} mt="lg" />
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      ) : page.rows.length === 0 ? (
        <Card py={48}>
          {filtered ? (
            <EmptyState
              icon={<IconSearch size={28} />}
              title="No project matches"
              description="Try other words, another status, or all projects instead of yours."
              data-testid="projects-empty"
            >
              <EmptyState.Actions>
                <Button
                  variant="default"
                  onClick={() => {
                    setKeywordInput('');
                    void navigate({ search: {}, replace: true });
                  }}
                >
                  Clear filters
                </Button>
              </EmptyState.Actions>
            </EmptyState>
          ) : (
            <EmptyState
              variant="light"
              icon={<IconLayoutKanban size={28} />}
              title="No projects yet"
              description={
                canAdd
                  ? 'Create the first project to plan demands, tasks and bugs with your team.'
                  : 'Nobody has created a project yet. Ask someone who may create projects to start one.'
              }
              data-testid="projects-empty"
            >
              {canAdd && <EmptyState.Actions>{newProjectButton}</EmptyState.Actions>}
            </EmptyState>
          )}
        </Card>
      ) : (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {page.total} {page.total === 1 ? 'project' : 'projects'}
          </Text>
          <SimpleGrid
            cols={{ base: 1, md: 2 }}
            spacing="md"
            style={{ opacity: isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}
            aria-busy={isPlaceholderData}
            data-testid="project-list"
          >
            {page.rows.map((project) => (
              <ProjectCard key={project.id} project={project} identifier={identifier} />
            ))}
          </SimpleGrid>
          {pages > 1 && (
            <Group justify="flex-end">
              <Pagination
                total={pages}
                value={params.pageNum}
                onChange={(pageNum) => void navigate({ search: (prev) => ({ ...prev, pageNum }) })}
                aria-label="Project pages"
              />
            </Group>
          )}
        </Stack>
      )}

      {canAdd && (
        <ProjectFormModal
          opened={creating}
          onClose={() => setCreating(false)}
          onCreated={(project) => void openProject(project.id)}
        />
      )}
    </Stack>
  );
}
