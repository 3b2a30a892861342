/**
 * `myProjectSprints`: the running sprints (in progress) of my projects with their progress:
 * finished items (completed, closed or rejected, as the burn-down counts them) of all items in
 * the sprint, and the same for the items assigned to me. Ending soonest first.
 */
import type { Tenant } from '@core/identity/tenancy';
import { ITERATION_STATE } from '@shared/domain/work-items';
import type { DeskSprint, MySprints } from '@shared/schemas/dashboard';
import { daysFrom, todayIn } from './days';
import { type MyViews, myViews } from './items';
import { holds } from './my-work';
import type { SprintTally } from './project-view';
import { sprintsOf } from './sources';

const rate = (part: number, total: number) =>
  total === 0 ? 0 : Math.round((part / total) * 10_000) / 10_000;

const NO_ITEMS: SprintTally = { total: 0, finished: 0, mine: { total: 0, finished: 0 } };

async function runningSprintsOf(
  tenant: Tenant,
  { project, view }: MyViews['projects'][number],
  today: string,
): Promise<DeskSprint[]> {
  const sprints = await sprintsOf(tenant.enterprise.id, project.projectId);
  return sprints
    .filter((s) => s.status === ITERATION_STATE.inProgress)
    .map((sprint) => {
      const tally = view.sprints.get(sprint.sprintId) ?? NO_ITEMS;
      return {
        id: sprint.sprintId,
        name: sprint.name,
        project: { id: project.projectId, name: project.name },
        startDate: sprint.startDate,
        endDate: sprint.endDate,
        daysLeft: daysFrom(today, sprint.endDate) + 1,
        ...tally,
        progress: rate(tally.finished, tally.total),
      };
    });
}

export async function myProjectSprints(tenant: Tenant): Promise<MySprints> {
  if (!holds(tenant, 'project:sprint:list')) return { rows: [], today: todayIn(tenant.enterprise.timeZone) };
  const { today, projects } = await myViews(tenant);
  const found = await Promise.all(projects.map((p) => runningSprintsOf(tenant, p, today)));
  const rows = found
    .flat()
    .sort((a, b) => a.endDate.localeCompare(b.endDate) || a.project.name.localeCompare(b.project.name));
  return { rows, today };
}
