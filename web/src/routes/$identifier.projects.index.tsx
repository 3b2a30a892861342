import { createFileRoute } from '@tanstack/react-router';
import { loadList } from '../kit/ListPage/load-list';
import { storedPageSize } from '../kit/ListPage/use-page-size';
import { accessGuard } from '../lib/route-guards';
import { projectListQueryOptions } from '../queries/projects';
import { ProjectsPage } from './-components/projects/ProjectsPage';
import { projectSearch } from './-components/projects/project-search';

export const Route = createFileRoute('/$identifier/projects/')({
  validateSearch: projectSearch.validate,
  beforeLoad: accessGuard('projects'),
  loaderDeps: ({ search }) => projectSearch.listParams(search),
  loader: (load) =>
    loadList(projectListQueryOptions({ ...load.deps, pageSize: storedPageSize('projects') }), load),
  component: ProjectsPage,
});
