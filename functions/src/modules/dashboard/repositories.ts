/**
 * `myRepositories/statistics`: the code repositories linked to my projects, with their state and
 * the commits recorded on my projects' work items per day (the `commit` entries of the projects'
 * activity feeds, activity.ts; a commit naming several items counts once). Most active first.
 */
import type { Tenant } from '@core/identity/tenancy';
import { addDays } from '@shared/domain/weekly';
import { ACTIVITY_DAYS, type MyRepositoriesStatistics } from '@shared/schemas/dashboard';
import type { RepositoryRecord } from '../repositories';
import type { CommitMark } from './activity';
import { dayIn, todayIn } from './days';
import { holds, myProjectWork } from './my-work';
import * as sources from './sources';

/** Distinct commits per day of the window, oldest day first. */
function commitsByDay(marks: readonly CommitMark[], today: string, timeZone: string) {
  const days = Array.from({ length: ACTIVITY_DAYS }, (_, i) => addDays(today, i - ACTIVITY_DAYS + 1));
  const seen = new Map<string, Set<string>>(days.map((day) => [day, new Set()]));
  for (const mark of marks) seen.get(dayIn(Date.parse(mark.at), timeZone))?.add(mark.sha);
  return days.map((day) => ({ day, count: seen.get(day)!.size }));
}

function repositoryView(
  repository: RepositoryRecord,
  projects: { id: string; name: string }[],
  byDay: { day: string; count: number }[],
) {
  return {
    id: repository.repositoryId,
    name: repository.name,
    provider: repository.provider,
    defaultBranch: repository.defaultBranch,
    branchCount: repository.branchCount,
    status: repository.status,
    lastCommit: repository.lastCommit,
    lastActivityAt: repository.lastActivityAt,
    projects,
    commitsByDay: byDay,
    commits: byDay.reduce((sum, d) => sum + d.count, 0),
  };
}

export async function myRepositoriesStatistics(tenant: Tenant): Promise<MyRepositoriesStatistics> {
  if (!holds(tenant, 'code:repository:list')) return { rows: [], days: ACTIVITY_DAYS };
  const enterpriseId = tenant.enterprise.id;
  const timeZone = tenant.enterprise.timeZone || 'UTC';
  const today = todayIn(timeZone);
  const work = await myProjectWork(tenant);
  const links = await Promise.all(
    work.map((w) => sources.repositoryLinksOf(enterpriseId, w.project.projectId)),
  );
  const projectsOf = new Map<string, { id: string; name: string }[]>();
  work.forEach((w, i) => {
    for (const link of links[i]!) {
      const list = projectsOf.get(link.repositoryId) ?? [];
      list.push({ id: w.project.projectId, name: w.project.name });
      projectsOf.set(link.repositoryId, list);
    }
  });
  const marks = work.flatMap((w) => [...w.activity.commits.values()]);
  const repositories = await sources.repositories(enterpriseId, [...projectsOf.keys()]);
  const rows = repositories.map((repository) =>
    repositoryView(
      repository,
      projectsOf.get(repository.repositoryId)!,
      commitsByDay(
        marks.filter((m) => m.repositoryId === repository.repositoryId),
        today,
        timeZone,
      ),
    ),
  );
  rows.sort(
    (a, b) =>
      b.commits - a.commits ||
      (b.lastActivityAt ?? '').localeCompare(a.lastActivityAt ?? '') ||
      a.name.localeCompare(b.name),
  );
  return { rows, days: ACTIVITY_DAYS };
}
