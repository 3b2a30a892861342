import { createFileRoute, Outlet } from '@tanstack/react-router';
import { loadQuery, searchedRoute } from '../lib/route-guards';
import { personalWeekQueryOptions } from '../queries/weekly';
import { PersonalWeekPage } from './-components/weekly/PersonalWeekPage';
import { validateWeeklySearch } from './-components/weekly/weekly-search';

/** `/{identifier}/weekly` (spec section 2): my week across projects; the drawers open over it. */
export const Route = createFileRoute('/$identifier/weekly')({
  ...searchedRoute('weekly', validateWeeklySearch, (search) => ({ week: search.week })),
  loader: (load) => loadQuery(personalWeekQueryOptions(load.deps.week), load),
  component: function WeeklyPage() {
    const { week } = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <>
        <PersonalWeekPage
          week={week}
          onWeek={(next) => void navigate({ search: { week: next }, replace: true })}
        />
        <Outlet />
      </>
    );
  },
});
