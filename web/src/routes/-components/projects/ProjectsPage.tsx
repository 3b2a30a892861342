import { SimpleGrid } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconLayoutKanban } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import { directoryNavigation } from '../../../kit/DirectoryNavigation/directory-navigation';
import { DirectoryPage } from '../../../kit/ListPage/DirectoryPage';
import { useListQuery } from '../../../kit/ListPage/use-list-query';
import { statusChoices } from '../../../kit/StatusChoices/status-choices';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import { projectListQueryOptions } from '../../../queries/projects';
import { ProjectCard } from './ProjectCard';
import { ProjectFormModal } from './ProjectFormModal';
import { type ProjectStatusFilter, projectSearch } from './project-search';

const route = getRouteApi('/$identifier/projects/');

const STATUS_FILTERS = statusChoices<ProjectStatusFilter>({
  open: 'Open',
  paused: 'Paused',
  closed: 'Closed',
});

export function ProjectsPage() {
  const { enterprise, can } = useCurrentEnterprise();
  useDocumentTitle(`Projects · ${enterprise.name}`);
  const identifier = enterprise.enterpriseIdentifier;
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const list = useListQuery('projects', projectSearch.listParams(search), projectListQueryOptions);
  const newProject = (opened: boolean, onClose: () => void) => (
    <ProjectFormModal
      opened={opened}
      onClose={onClose}
      onCreated={(project) =>
        void navigate({
          to: '/$identifier/projects/$projectId',
          params: { identifier, projectId: project.id },
        })
      }
    />
  );

  return (
    <DirectoryPage
      title="Projects"
      intro={<>Every project of {enterprise.name}: plan, track and ship the work.</>}
      one="project"
      many="projects"
      searchPlaceholder="Search by name"
      statuses={STATUS_FILTERS}
      search={search}
      {...directoryNavigation(navigate, projectSearch.validate)}
      list={list}
      create={can('project:project:add') ? { label: 'New project', form: newProject } : undefined}
      nothingYet={{
        icon: <IconLayoutKanban size={28} />,
        canAdd: 'Create the first project to plan demands, tasks and bugs with your team.',
        cannotAdd: 'Nobody has created a project yet. Ask someone who may create projects to start one.',
      }}
      cards
      maw={1200}
    >
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" data-testid="project-list">
        {list.query.data?.rows.map((project) => (
          <ProjectCard key={project.id} project={project} identifier={identifier} />
        ))}
      </SimpleGrid>
    </DirectoryPage>
  );
}
