/**
 * Specs in projects: pushing a spec into a project as a new demand (`POST pmsProductRequirement`),
 * linking an existing demand to a spec or unlinking it (`PUT`), and the demands that carry a spec
 * (`projectList`). A demand carries at most one spec; both ends of a link and the spec's demand
 * count change in one transaction (modules/requirements/store/demands.ts), and deleting the demand
 * removes the link in the demand's own transaction (modules/issues/work-items.ts).
 */

import { nowIso } from '@core/clock';
import { badRequest, conflict } from '@core/errors';
import { summaryOf, userSummaries } from '@core/identity/people';
import { issueStatusName } from '@shared/domain/work-item-workflow';
import { WORK_ITEM_KIND } from '@shared/domain/work-items';
import type { IssueDetail } from '@shared/schemas/issues';
import type { LinkDemandBody, PushSpecBody, SpecDemand } from '@shared/schemas/requirements';
import { createIssue, getIssues, type IssueRecord, issueNotFound } from '../issues';
import { type ProjectRecord, requireProject } from '../projects';
import { assertPushable, requireSpec, requireSpecWithBody, specName, specNotFound } from './specs';
import {
  type DemandLinkRecord,
  getDemandLink,
  issueExistsOp,
  linkDemandOps,
  linkedSpecExists,
  liveSpecDemands,
  unlinkDemandOps,
} from './store/demands';
import { getSpec } from './store/specs';
import { commit } from './user-requirements';

interface DemandRow extends Pick<IssueRecord, 'issueId' | 'issueNumber' | 'title' | 'assigneeId'> {
  status: number;
}

function specDemandView(
  project: Pick<ProjectRecord, 'projectId' | 'name'>,
  issue: DemandRow,
  users: Parameters<typeof summaryOf>[0],
): SpecDemand {
  return {
    pmsProjectId: project.projectId,
    projectName: project.name,
    issueId: issue.issueId,
    issueNumber: issue.issueNumber,
    title: issue.title,
    status: issue.status,
    statusName: issueStatusName(WORK_ITEM_KIND.demand, issue.status),
    assignee: issue.assigneeId ? summaryOf(users, issue.assigneeId) : null,
  };
}

async function viewOf(project: ProjectRecord, issue: DemandRow): Promise<SpecDemand> {
  return specDemandView(project, issue, await userSummaries([issue.assigneeId]));
}

/** The demand's description: the spec's, with its acceptance criteria under a heading. */
function demandDescription(description: string, acceptance: string): string {
  if (!acceptance) return description;
  return `${description ? `${description}\n\n` : ''}## Acceptance criteria\n\n${acceptance}`;
}

const linkChanged = () => conflict("The demand's spec was changed by someone else; reload and try again");

/**
 * Creates a demand in the project that carries a reviewed or planning spec: the spec's title,
 * description (acceptance criteria under a heading), priority and estimate, and an assignee
 * from the project. The demand and both ends of the link are one transaction.
 */
export async function pushSpec(
  enterpriseId: string,
  userId: string,
  body: PushSpecBody,
): Promise<SpecDemand> {
  const spec = await requireSpecWithBody(enterpriseId, body.specId);
  assertPushable(spec);
  const project = await requireProject(enterpriseId, body.pmsProjectId);
  const demand: IssueDetail = await createIssue(
    enterpriseId,
    userId,
    {
      pmsProjectId: project.projectId,
      pmIssueType: WORK_ITEM_KIND.demand,
      title: spec.title,
      description: demandDescription(spec.description, spec.acceptance),
      priority: spec.priority as 1 | 2 | 3 | 4,
      assigneeId: body.assigneeId ?? null,
      estimatedHours: spec.estimatedHours,
    },
    // Read again on every attempt of the write: the spec may have moved on meanwhile.
    async (issue) => {
      const now = await getSpec(enterpriseId, spec.productId, spec.specId);
      if (!now) throw specNotFound(body.specId);
      assertPushable(now);
      const link = demandLinkOf(
        enterpriseId,
        project.projectId,
        issue.issueId,
        spec,
        userId,
        issue.createdAt,
      );
      return linkDemandOps(link, null);
    },
  );
  const assignees = new Map(demand.assignee ? [[demand.assignee.userId, demand.assignee]] : []);
  return specDemandView(
    project,
    { ...demand, issueId: demand.id, assigneeId: demand.assignee?.userId ?? null },
    assignees,
  );
}

/** The link of demand `issueId` to the spec it carries, made by `userId` at `createdAt`. */
function demandLinkOf(
  enterpriseId: string,
  projectId: string,
  issueId: string,
  spec: { productId: string; specId: string },
  userId: string,
  createdAt: string,
): DemandLinkRecord {
  return {
    enterpriseId,
    projectId,
    issueId,
    productId: spec.productId,
    specId: spec.specId,
    createdBy: userId,
    createdAt,
  };
}

/** The demand `issueId` of the project: 404 when unknown, 400 when it is a task or bug. */
async function requireDemand(enterpriseId: string, projectId: string, issueId: string) {
  const [project, [issue]] = await Promise.all([
    requireProject(enterpriseId, projectId),
    getIssues(enterpriseId, projectId, [issueId]),
  ]);
  if (!issue) throw issueNotFound(issueId);
  if (issue.pmIssueType !== WORK_ITEM_KIND.demand) {
    throw badRequest('issueId', `Work item #${issue.issueNumber} is not a demand; only demands carry specs`);
  }
  return { project, issue };
}

/**
 * Links an existing demand to a spec (replacing the spec it carried), or unlinks it with
 * `specId: null`. Returns the demand as the spec's project list shows it, or null after unlinking.
 */
export async function linkDemand(
  enterpriseId: string,
  userId: string,
  body: LinkDemandBody,
): Promise<SpecDemand | null> {
  const { project, issue } = await requireDemand(enterpriseId, body.pmsProjectId, body.issueId);
  const current = await getDemandLink(enterpriseId, project.projectId, issue.issueId);
  if (body.specId === null) {
    if (current) {
      await commit(unlinkDemandOps(current, await linkedSpecExists(current)), { demandLink: linkChanged });
    }
    return null;
  }
  const spec = await requireSpec(enterpriseId, body.specId);
  if (current?.productId === spec.productId && current.specId === spec.specId) return viewOf(project, issue);
  assertPushable(spec);
  const link = demandLinkOf(enterpriseId, project.projectId, issue.issueId, spec, userId, nowIso());
  const previous = current ? { link: current, specExists: await linkedSpecExists(current) } : null;
  await commit(
    [issueExistsOp(enterpriseId, project.projectId, issue.issueId), ...linkDemandOps(link, previous)],
    {
      issue: () => issueNotFound(issue.issueId),
      demandLink: linkChanged,
      spec: () =>
        conflict(`${specName(spec)} changed meanwhile; only a reviewed or planning spec can go to a project`),
    },
  );
  return viewOf(project, issue);
}

/** The project demands that carry the spec and still exist, by project name then number. */
export async function specProjectList(enterpriseId: string, specId: string): Promise<SpecDemand[]> {
  const spec = await requireSpec(enterpriseId, specId);
  const { live } = await liveSpecDemands(enterpriseId, spec.productId, spec.specId);
  const users = await userSummaries(live.map((d) => d.issue.assigneeId));
  return live
    .sort((a, b) => a.project.name.localeCompare(b.project.name) || a.issue.issueNumber - b.issue.issueNumber)
    .map((d) => specDemandView(d.project, d.issue, users));
}
