import { createFileRoute, Outlet } from '@tanstack/react-router';
import { loadQuery, searchedRoute } from '../lib/route-guards';
import { teamWeekQueryOptions } from '../queries/weekly';
import { ProjectWeekPage } from './-components/weekly/ProjectWeekPage';
import { validateProjectWeeklySearch } from './-components/weekly/weekly-search';

/** `/projects/{id}/weekly` (spec section 2): the project's week; a member's report opens over it. */
export const Route = createFileRoute('/$identifier/projects/$projectId/weekly')({
  ...searchedRoute('weekly', validateProjectWeeklySearch, (search) => ({ week: search.week })),
  loader: (load) =>
    loadQuery(teamWeekQueryOptions({ pmsProjectId: load.params.projectId, weekStart: load.deps.week }), load),
  component: function ProjectWeekly() {
    const { identifier, projectId } = Route.useParams();
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <>
        <ProjectWeekPage
          projectId={projectId}
          search={search}
          onSearch={(next) => void navigate({ search: next, replace: true })}
          onOpenReport={(memberWeeklyId) =>
            void navigate({
              to: '/$identifier/projects/$projectId/weekly/$memberWeeklyId',
              params: { identifier, projectId, memberWeeklyId },
              search,
            })
          }
        />
        <Outlet />
      </>
    );
  },
});
