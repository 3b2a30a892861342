/**
 * The work blocks of the desk: my open items across my projects (`myProjectIssues`), my projects
 * with their load (`myProjects`) and the open work in each by kind (`myProjects/statistics`).
 * "Open" on the desk means unfinished: status 1 or 2 (pending / in progress, to fix / fixing),
 * as the sprints count it; completed, closed and rejected items need nothing more from anyone.
 */
import { summaryOf, userSummaries } from '@core/identity/people';
import type { Tenant } from '@core/identity/tenancy';
import { pageOf } from '@core/paging';
import { ISSUE_KINDS } from '@shared/domain/work-item-workflow';
import { ITERATION_STATE } from '@shared/domain/work-items';
import type { Page, PageQuery } from '@shared/schemas/common';
import {
  ACTIVITY_DAYS,
  type DeskIssue,
  type MyIssuesPage,
  type MyIssuesQuery,
  type MyProject,
  type MyProjectsStatistics,
} from '@shared/schemas/dashboard';
import { issueRefView } from '../issues';
import { requireProject } from '../projects';
import { todayIn } from './days';
import { myProjects, myProjectWork } from './my-work';
import { loginOf } from './people';
import { type MyItem, myDesk, type ProjectView, projectView } from './project-view';
import { sprintsOf } from './sources';

export interface MyViews {
  today: string;
  projects: (Awaited<ReturnType<typeof myProjectWork>>[number] & { view: ProjectView })[];
}

/** My projects, each as the caller sees it today (no projects without `project:issue:list`). */
export async function myViews(tenant: Tenant): Promise<MyViews> {
  const userId = tenant.principal.userId;
  const today = todayIn(tenant.enterprise.timeZone);
  const [work, login] = await Promise.all([myProjectWork(tenant), loginOf(userId)]);
  return { today, projects: work.map((w) => ({ ...w, view: projectView(w, userId, login, today) })) };
}

async function deskIssueViews(items: readonly MyItem[]): Promise<DeskIssue[]> {
  const users = await userSummaries(items.map((i) => i.row.assigneeId));
  return items.map(({ row, project, relations, due }) => ({
    ...issueRefView(row),
    pmsProjectId: row.projectId,
    projectName: project.name,
    priority: row.priority,
    assignee: row.assigneeId ? summaryOf(users, row.assigneeId) : null,
    startDate: row.startDate,
    endDate: row.endDate,
    updatedAt: row.updatedAt,
    due,
    relations,
  }));
}

/** `myProjectIssues`: a page of my open items, overdue and due soon first, with the tab counts. */
export async function myProjectIssues(tenant: Tenant, query: MyIssuesQuery): Promise<MyIssuesPage> {
  if (query.pmsProjectId) await requireProject(tenant.enterprise.id, query.pmsProjectId);
  const { today, projects } = await myViews(tenant);
  const inProject = query.pmsProjectId
    ? projects.filter((p) => p.project.projectId === query.pmsProjectId)
    : projects;
  const desk = myDesk(
    tenant.principal.userId,
    query.pmsProjectId ?? '',
    inProject.map((p) => p.view),
  );
  const relation = query.relation;
  const wanted = relation === 'all' ? desk.items : desk.items.filter((i) => i.relations.includes(relation));
  const page = await pageOf(wanted, query, deskIssueViews);
  return { ...page, counts: desk.counts, today };
}

/** `myProjects`: my open and paused projects, with my unfinished and overdue items and the running sprint. */
export async function listMyProjects(tenant: Tenant, query: PageQuery): Promise<Page<MyProject>> {
  const [mine, { projects }] = await Promise.all([myProjects(tenant), myViews(tenant)]);
  const viewOf = new Map(projects.map((p) => [p.project.projectId, p.view]));
  return pageOf(mine, query, (rows) =>
    Promise.all(
      rows.map(async ({ project, role }) => {
        const view = viewOf.get(project.projectId);
        const sprints = await sprintsOf(tenant.enterprise.id, project.projectId);
        const running = sprints.find((s) => s.status === ITERATION_STATE.inProgress);
        return {
          id: project.projectId,
          name: project.name,
          status: project.status,
          role,
          unfinished: view?.unfinished ?? 0,
          mine: view?.assignedToMe ?? 0,
          overdue: view?.myOverdue ?? 0,
          runningSprint: running ? { id: running.sprintId, name: running.name } : null,
        };
      }),
    ),
  );
}

/** `myProjects/statistics`: the unfinished work of each of my projects by kind, mine and finished lately. */
export async function myProjectsStatistics(tenant: Tenant): Promise<MyProjectsStatistics> {
  const { projects } = await myViews(tenant);
  return {
    days: ACTIVITY_DAYS,
    projects: projects.map(({ project, view }) => ({
      project: { id: project.projectId, name: project.name },
      byKind: ISSUE_KINDS.map((kind) => ({
        pmIssueType: kind,
        unfinished: view.unfinishedByKind.get(kind) ?? 0,
      })),
      mine: view.assignedToMe,
      overdue: view.overdue,
      finishedRecently: view.finishedRecently,
    })),
  };
}
