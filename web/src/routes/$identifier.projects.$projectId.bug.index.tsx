import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { requireAccess } from '../lib/route-guards';
import { projectQueryOptions } from '../queries/projects';
import { loadWorkItemList } from './-components/work-items/list-loader';
import { validateWorkItemSearch, type WorkItemSearch } from './-components/work-items/list-search';
import { WorkItemList } from './-components/work-items/WorkItemList';

const KIND = 3;

export const Route = createFileRoute('/$identifier/projects/$projectId/bug/')({
  // Loader and page in one chunk: the query modules they use stay out of the first script.
  codeSplitGroupings: [['loader', 'component']],
  validateSearch: validateWorkItemSearch,
  beforeLoad: ({ context }) => requireAccess(context.access, 'projects'),
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, params, deps, cause, location }) =>
    loadWorkItemList({
      queryClient,
      projectId: params.projectId,
      kind: KIND,
      search: deps,
      cause,
      href: location.publicHref,
    }),
  component: ListPage,
});

function ListPage() {
  const { projectId } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const { data: project } = useSuspenseQuery(projectQueryOptions(projectId));
  return (
    <WorkItemList
      kind={KIND}
      projectId={projectId}
      projectName={project.name}
      search={search}
      onSearchChange={(change: Partial<WorkItemSearch>) =>
        void navigate({ search: (prev) => validateWorkItemSearch({ ...prev, ...change }), replace: true })
      }
    />
  );
}
