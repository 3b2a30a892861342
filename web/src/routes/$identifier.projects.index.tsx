import { createFileRoute } from '@tanstack/react-router';
import { loadList } from '../kit/ListPage/load-list';
import { storedPageSize } from '../kit/ListPage/use-page-size';
import { searchedRoute } from '../lib/route-guards';
import { projectListQueryOptions } from '../queries/projects';
import { ProjectsPage } from './-components/projects/ProjectsPage';
import { projectSearch } from './-components/projects/project-search';

export const Route = createFileRoute('/$identifier/projects/')({
  ...searchedRoute('projects', projectSearch.validate, projectSearch.listParams),
  loader: (load) =>
    loadList(projectListQueryOptions({ ...load.deps, pageSize: storedPageSize('projects') }), load),
  component: ProjectsPage,
});
