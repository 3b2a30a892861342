/**
 * Finding a work item's project. Most calls name an item by id alone; its project (part of every
 * key of the item) comes from the enterprise's ISSUEREF# pointer, and an item never moves, so the
 * answer is kept in memory once known. Another enterprise's ids are never found: the pointer's
 * key starts with the caller's enterprise id.
 */

import { notFound } from '@core/errors';
import { type ProjectRecord, projectNotFound } from '../projects';
import { cachedProjectOf, indexAt, type ProjectIndex } from './project-index';
import { findIssueProject, findIssueProjects, type IssueRecord, readProjectState } from './store/work-items';

export const issueNotFound = (issueId: string) => notFound(`Work item ${issueId} does not exist`);

const MAX_REMEMBERED = 100_000;
const projectOfId = new Map<string, string>();

const refKey = (enterpriseId: string, issueId: string) => `${enterpriseId}/${issueId}`;

export function rememberIssueProject(enterpriseId: string, issueId: string, projectId: string): void {
  if (projectOfId.size >= MAX_REMEMBERED) projectOfId.clear();
  projectOfId.set(refKey(enterpriseId, issueId), projectId);
}

/** The project of a work item; 404 naming the item when the enterprise has no such item. */
export async function projectOfIssue(enterpriseId: string, issueId: string): Promise<string> {
  const known = projectOfId.get(refKey(enterpriseId, issueId)) ?? cachedProjectOf(enterpriseId, issueId);
  if (known) return known;
  const projectId = await findIssueProject(enterpriseId, issueId);
  if (!projectId) throw issueNotFound(issueId);
  rememberIssueProject(enterpriseId, issueId, projectId);
  return projectId;
}

/** The projects of several items, in one batch for the ones not known yet; 404 naming the first unknown id. */
export async function projectsOfIssues(
  enterpriseId: string,
  issueIds: readonly string[],
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const missing: string[] = [];
  for (const id of issueIds) {
    const known = projectOfId.get(refKey(enterpriseId, id)) ?? cachedProjectOf(enterpriseId, id);
    if (known) out.set(id, known);
    else missing.push(id);
  }
  if (missing.length > 0) {
    const found = await findIssueProjects(enterpriseId, missing);
    for (const [id, projectId] of found) {
      rememberIssueProject(enterpriseId, id, projectId);
      out.set(id, projectId);
    }
  }
  const unknown = issueIds.find((id) => !out.has(id));
  if (unknown !== undefined) throw issueNotFound(unknown);
  return out;
}

export interface IssueContext {
  project: ProjectRecord;
  index: ProjectIndex;
  issue: IssueRecord;
}

/**
 * The project and its current index; 404 when the project is missing. The project and the
 * counters the index syncs to are one read (modules/issues/store/work-items.ts readProjectState).
 */
export async function projectWithIndex(
  enterpriseId: string,
  projectId: string,
): Promise<{ project: ProjectRecord; index: ProjectIndex; tagSeq: number }> {
  const state = await readProjectState(enterpriseId, projectId);
  if (!state.project) throw projectNotFound(projectId);
  const index = await indexAt(enterpriseId, projectId, state.counters);
  return { project: state.project, index, tagSeq: state.tagSeq };
}

/** The item, its project and the project's current index; 404 naming the item when any is missing. */
export async function loadIssue(enterpriseId: string, issueId: string): Promise<IssueContext> {
  const projectId = await projectOfIssue(enterpriseId, issueId);
  const state = await readProjectState(enterpriseId, projectId);
  if (!state.project) throw issueNotFound(issueId);
  const index = await indexAt(enterpriseId, projectId, state.counters);
  const issue = index.rows.get(issueId);
  if (!issue) throw issueNotFound(issueId);
  return { project: state.project, index, issue };
}
