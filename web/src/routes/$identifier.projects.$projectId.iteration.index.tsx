import { createFileRoute } from '@tanstack/react-router';
import { loadList } from '../kit/ListPage/load-list';
import { searchedRoute } from '../lib/route-guards';
import { sprintListQueryOptions } from '../queries/sprints';
import { IterationsPage } from './-components/iterations/IterationsPage';
import { sprintListParams, validateSprintSearch } from './-components/iterations/sprint-search';

/** The project's sprints by state, with New sprint and each sprint's workflow actions. */
export const Route = createFileRoute('/$identifier/projects/$projectId/iteration/')({
  ...searchedRoute('projects', validateSprintSearch),
  loader: (load) =>
    loadList(sprintListQueryOptions(sprintListParams(load.params.projectId, load.deps)), load),
  component: IterationsPage,
});
