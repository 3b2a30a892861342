import { Button, Card, Group, SimpleGrid, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconLayoutKanban, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { PageTitle } from '../components/PageTitle/PageTitle';
import { DirectoryFilters } from '../kit/FilterBar/FilterBar';
import { ListBody, NoMatch, NothingYet } from '../kit/ListPage/ListPage';
import { loadList } from '../kit/ListPage/load-list';
import { Pager } from '../kit/ListPage/Pager';
import { storedPageSize, usePageSize } from '../kit/ListPage/use-page-size';
import { useCurrentEnterprise } from '../lib/current-enterprise';
import { requireAccess } from '../lib/route-guards';
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
  loader: ({ context: { queryClient }, deps, ...load }) =>
    loadList(queryClient, projectListQueryOptions({ ...deps, pageSize: storedPageSize('projects') }), load),
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
  const [pageSize, setPageSize] = usePageSize('projects');
  const params = { ...projectListParams(search), pageSize };
  const list = useQuery(projectListQueryOptions(params));
  const page = list.data;
  const [creating, setCreating] = useState(false);
  const canAdd = can('project:project:add');

  const setSearch = (change: Partial<ProjectSearch>) =>
    navigate({
      // Any filter change starts again at the first page.
      search: (prev) => validateProjectSearch({ ...prev, pageNum: undefined, ...change }),
      replace: true,
    });

  const filtered = Boolean(search.keyword || search.status || search.mine);
  const empty = page !== undefined && page.rows.length === 0;
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

      <DirectoryFilters
        searchLabel="Search projects"
        searchPlaceholder="Search by name"
        keyword={search.keyword}
        onKeyword={(keyword) => void setSearch({ keyword })}
        statusLabel="Filter by project status"
        statuses={STATUS_FILTERS}
        status={search.status}
        onStatus={(status) => void setSearch({ status })}
        mineLabel="My projects"
        mine={search.mine === true}
        onMine={(mine) => void setSearch({ mine })}
      />

      <ListBody
        what="projects"
        query={list}
        isEmpty={empty || !page}
        empty={
          <Card py={0}>
            {filtered ? (
              <NoMatch
                title="No project matches"
                description="Try other words, another status, or all projects instead of yours."
                testId="projects-empty"
              >
                <Button variant="default" onClick={() => void navigate({ search: {}, replace: true })}>
                  Clear filters
                </Button>
              </NoMatch>
            ) : (
              <NothingYet
                icon={<IconLayoutKanban size={28} />}
                title="No projects yet"
                description={
                  canAdd
                    ? 'Create the first project to plan demands, tasks and bugs with your team.'
                    : 'Nobody has created a project yet. Ask someone who may create projects to start one.'
                }
                action={canAdd && newProjectButton}
                testId="projects-empty"
              />
            )}
          </Card>
        }
      >
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" data-testid="project-list">
          {page?.rows.map((project) => (
            <ProjectCard key={project.id} project={project} identifier={identifier} />
          ))}
        </SimpleGrid>
      </ListBody>
      {page && page.total > 0 && (
        <Pager
          total={page.total}
          pageNum={params.pageNum}
          pageSize={page.pageSize}
          noun="projects"
          onChange={(pageNum) => void navigate({ search: (prev) => ({ ...prev, pageNum }) })}
          onPageSizeChange={(size) => {
            setPageSize(size);
            void setSearch({});
          }}
        />
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
