/**
 * Sprints (iterations) of a project: list, read, create, edit (start and reopen included), delete,
 * and which work items they hold. Completing is in completion.ts.
 *
 * Writes that move work items in or out of a sprint go through the work-item write loop
 * (modules/issues/work-items.ts writeIssues): they are checked against the project's index at the
 * position they condition on, so they serialise with every other item write (an item cannot join a
 * sprint that closes or goes at the same moment), and each moved item gets its history entry.
 */

import { firstVersion, nowIso } from '@core/clock';
import { onConditionFailed } from '@core/db/operations';
import { badRequest, conflict, notFound, staleVersion } from '@core/errors';
import { userSummaries } from '@core/identity/people';
import { scopedId } from '@core/ids';
import { pageOf } from '@core/paging';
import {
  ITERATION_STATE,
  MAX_SPRINT_DAYS,
  nextSprintState,
  sprintRefusal,
} from '@shared/domain/sprint-workflow';
import type { Page } from '@shared/schemas/common';
import { type IssueListQuery, type IssuePage, MAX_BATCH_ISSUES } from '@shared/schemas/issues';
import type {
  Sprint,
  SprintBody,
  SprintDetail,
  SprintIssuesBody,
  SprintListQuery,
  SprintUpdateBody,
} from '@shared/schemas/sprints';
import {
  type Editable,
  type IssueRecord,
  issueNotFound,
  listIssues,
  planItemEdits,
  projectIndex,
  projectWithIndex,
  type WritePlan,
  writeIssues,
} from '../issues';
import { projectNotFound } from '../projects';
import { startNeedsConfirmation, startRefusalMessage } from './starting';
import type { SprintRecord } from './store/sprints';
import * as db from './store/sprints';
import { itemsOfSprint, NO_ITEMS, sprintCounts, sprintDetailView, sprintView } from './views';

export const sprintNotFound = (sprintId: string) => notFound(`Sprint ${sprintId} does not exist`);

/** The sprint, or 404; another enterprise's ids are never found (keys start with the caller's). */
export async function requireSprint(enterpriseId: string, sprintId: string): Promise<SprintRecord> {
  const sprint = await db.getSprint(enterpriseId, sprintId);
  if (!sprint) throw sprintNotFound(sprintId);
  return sprint;
}

export const staleSprint = (sprint: SprintRecord) => staleVersion(`Sprint ${sprint.name}`);

/** The sprint as shown, with live counts from the project's index. */
export async function detailOf(enterpriseId: string, sprint: SprintRecord): Promise<SprintDetail> {
  const [index, users] = await Promise.all([
    projectIndex(enterpriseId, sprint.projectId),
    userSummaries([sprint.creatorId]),
  ]);
  return sprintDetailView(sprint, sprintCounts(index).get(sprint.sprintId) ?? NO_ITEMS, users);
}

export async function getSprintDetail(enterpriseId: string, sprintId: string): Promise<SprintDetail> {
  return detailOf(enterpriseId, await requireSprint(enterpriseId, sprintId));
}

// ---- the list -------------------------------------------------------------------------------

/** In progress first, then not started, then closed. */
const RANK: Record<number, number> = {
  [ITERATION_STATE.inProgress]: 0,
  [ITERATION_STATE.notStarted]: 1,
  [ITERATION_STATE.closed]: 2,
};

/** Open sprints by start date; closed ones the latest completed first; then oldest created first. */
function bySprintOrder(a: SprintRecord, b: SprintRecord): number {
  const rank = (RANK[a.status] ?? 3) - (RANK[b.status] ?? 3);
  if (rank !== 0) return rank;
  const when =
    a.status === ITERATION_STATE.closed
      ? (b.completedAt ?? '').localeCompare(a.completedAt ?? '')
      : a.startDate.localeCompare(b.startDate);
  return when || a.createdAt.localeCompare(b.createdAt) || a.sprintId.localeCompare(b.sprintId);
}

export async function listSprints(enterpriseId: string, query: SprintListQuery): Promise<Page<Sprint>> {
  const projectId = query.pmsProjectId;
  const [{ index }, sprints] = await Promise.all([
    projectWithIndex(enterpriseId, projectId),
    db.listSprints(enterpriseId, projectId),
  ]);
  const found = sprints
    .filter((s) => query.status === undefined || s.status === query.status)
    .sort(bySprintOrder);
  return pageOf(found, query, async (rows) => {
    const users = await userSummaries(rows.map((s) => s.creatorId));
    const counts = sprintCounts(index);
    return rows.map((s) => sprintView(s, counts.get(s.sprintId) ?? NO_ITEMS, users));
  });
}

// ---- create and edit ------------------------------------------------------------------------

export async function createSprint(
  enterpriseId: string,
  userId: string,
  body: SprintBody,
): Promise<SprintDetail> {
  const projectId = body.pmsProjectId;
  const at = nowIso();
  const sprint: SprintRecord = {
    enterpriseId,
    projectId,
    sprintId: scopedId(projectId),
    name: body.name,
    goal: body.goal ?? '',
    status: ITERATION_STATE.notStarted,
    startDate: body.startDate,
    endDate: body.endDate,
    startedAt: null,
    completedAt: null,
    completion: null,
    creatorId: userId,
    ...firstVersion(at),
    memberSeq: 0,
  };
  await onConditionFailed(db.createSprint(sprint), { project: () => projectNotFound(projectId) });
  return sprintDetailView(sprint, NO_ITEMS, await userSummaries([userId]));
}

/** `status: 1` starts a sprint that has not started or reopens a closed one; 409 otherwise. */
function applyStatus(sprint: SprintRecord, next: SprintRecord, at: string): void {
  const action = sprint.status === ITERATION_STATE.closed ? 'reopen' : 'start';
  const to = nextSprintState(sprint.status, action);
  if (to === null) throw conflict(sprintRefusal(sprint.status, action), { from: sprint.status, action });
  next.status = to;
  if (action === 'start') next.startedAt = at;
  // Reopening keeps `completion`: the record of the last completion stays until the next one.
  else next.completedAt = null;
}

/**
 * 409 when a start needs the caller's confirmation and `confirmStart` is not set (starting.ts);
 * the dates checked are the ones after this edit, since one request may move them and start.
 */
async function assertMayStart(next: SprintRecord, confirmed: boolean): Promise<void> {
  if (confirmed) return;
  const others = (await db.listSprints(next.enterpriseId, next.projectId)).filter(
    (other) => other.sprintId !== next.sprintId,
  );
  const reasons = startNeedsConfirmation(next, others, nowIso().slice(0, 10));
  if (reasons.length > 0) throw conflict(startRefusalMessage(next, reasons), { reasons });
}

/** The edit's dates together with the stored ones must still fit (the schema sees only the sent ones). */
function assertDates(next: SprintRecord): void {
  const days = (Date.parse(next.endDate) - Date.parse(next.startDate)) / 86_400_000 + 1;
  if (next.endDate < next.startDate || days > MAX_SPRINT_DAYS) {
    throw badRequest('endDate', `EndDate must be on or after startDate, at most ${MAX_SPRINT_DAYS} days on`);
  }
}

/**
 * Edits name, goal and dates at the version read (409 when stale), and starts or reopens with
 * `status: 1` (the route has checked `project:sprint:complete` for that).
 */
export async function updateSprint(
  enterpriseId: string,
  sprintId: string,
  body: SprintUpdateBody,
): Promise<SprintDetail> {
  const sprint = await requireSprint(enterpriseId, sprintId);
  if (sprint.version !== body.version) throw staleSprint(sprint);
  const at = nowIso();
  const next: SprintRecord = { ...sprint };
  let changed = false;
  for (const field of ['name', 'goal', 'startDate', 'endDate'] as const) {
    const value = body[field];
    if (value !== undefined && value !== sprint[field]) {
      next[field] = value;
      changed = true;
    }
  }
  if (body.status !== undefined) {
    applyStatus(sprint, next, at);
    changed = true;
  }
  assertDates(next);
  if (body.status !== undefined && sprint.status === ITERATION_STATE.notStarted) {
    await assertMayStart(next, body.confirmStart === true);
  }
  if (!changed) return detailOf(enterpriseId, sprint);
  next.updatedAt = at;
  next.version = sprint.version + 1;
  await onConditionFailed(db.updateSprint(sprint, next), { 'stale:sprint': () => staleSprint(sprint) });
  return detailOf(enterpriseId, next);
}

// ---- writes that move items -----------------------------------------------------------------

/** The sprint as it is now (each attempt of a write reads it again), still at the version expected. */
export async function currentSprint(
  enterpriseId: string,
  sprintId: string,
  version?: number,
): Promise<SprintRecord> {
  const sprint = await requireSprint(enterpriseId, sprintId);
  if (version !== undefined && sprint.version !== version) throw staleSprint(sprint);
  return sprint;
}

/** A plan of item edits plus other writes of the same transaction (the sprint's own). */
export function withOps(planned: WritePlan | null, ops: WritePlan['ops']): WritePlan {
  return {
    ops: [...(planned?.ops ?? []), ...ops],
    deltas: planned?.deltas,
    changed: planned?.changed ?? new Map(),
  };
}

/**
 * Deletes a sprint; its items go back to the backlog in the same transaction, each with its
 * history entry. 409 when it holds more than one transaction can move.
 */
export async function deleteSprint(enterpriseId: string, userId: string, sprintId: string): Promise<void> {
  const { projectId } = await requireSprint(enterpriseId, sprintId);
  await writeIssues(
    enterpriseId,
    projectId,
    async (index, sprint) => {
      const items = itemsOfSprint(index, sprintId);
      if (items.length > MAX_BATCH_ISSUES) {
        throw conflict(
          `Sprint ${sprint.name} holds ${items.length} items; move some out first (at most ${MAX_BATCH_ISSUES} go back to the backlog with it)`,
          { issueCount: items.length },
        );
      }
      const edits = items.map((issue) => ({ issue, edit: { sprintId: null } }));
      const planned = await planItemEdits(enterpriseId, index, edits, userId, nowIso());
      // Deleted only if no item joined since the sprint was read (before the index synced).
      return withOps(planned, [db.deleteSprintOp(sprint, sprint.memberSeq)]);
    },
    () => currentSprint(enterpriseId, sprintId),
  );
}

/** The items the ids name, in the order given; 404 naming the first that is not an item of the project. */
function itemsNamed(rows: ReadonlyMap<string, IssueRecord>, ids: readonly string[]): IssueRecord[] {
  return ids.map((id) => {
    const row = rows.get(id);
    if (!row) throw issueNotFound(id);
    return row;
  });
}

/** Checks a membership change against the sprint as it is; returns the item edits. */
function membershipEdits(
  sprint: SprintRecord,
  add: readonly IssueRecord[],
  remove: readonly IssueRecord[],
): { issue: IssueRecord; edit: Editable }[] {
  const both = add.find((a) => remove.some((r) => r.issueId === a.issueId));
  if (both) throw badRequest('remove', `Work item #${both.issueNumber} is in add as well`);
  if (add.length > 0 && sprint.status === ITERATION_STATE.closed) {
    throw conflict(`Sprint ${sprint.name} is closed; reopen it before adding items`);
  }
  const already = add.find((issue) => issue.sprintId === sprint.sprintId);
  if (already) throw badRequest('add', `Work item #${already.issueNumber} is already in this sprint`);
  const absent = remove.find((issue) => issue.sprintId !== sprint.sprintId);
  if (absent) throw badRequest('remove', `Work item #${absent.issueNumber} is not in this sprint`);
  return [
    ...add.map((issue) => ({ issue, edit: { sprintId: sprint.sprintId } })),
    ...remove.map((issue) => ({ issue, edit: { sprintId: null } })),
  ];
}

/** Plans items into the sprint and takes others out, in one transaction: all or nothing. */
export async function updateSprintIssues(
  enterpriseId: string,
  userId: string,
  sprintId: string,
  body: SprintIssuesBody,
): Promise<{ added: number; removed: number }> {
  const { projectId } = await requireSprint(enterpriseId, sprintId);
  const add = [...new Set(body.add)];
  const remove = [...new Set(body.remove)];
  await writeIssues(
    enterpriseId,
    projectId,
    async (index, sprint) => {
      const edits = membershipEdits(sprint, itemsNamed(index.rows, add), itemsNamed(index.rows, remove));
      return planItemEdits(enterpriseId, index, edits, userId, nowIso());
    },
    () => currentSprint(enterpriseId, sprintId),
  );
  return { added: add.length, removed: remove.length };
}

/** The sprint's items as the work-item list shows them (the same filters, sorts and pages). */
export async function listSprintIssues(
  enterpriseId: string,
  sprintId: string,
  query: Omit<IssueListQuery, 'pmsProjectId' | 'sprintId'>,
): Promise<IssuePage> {
  const sprint = await requireSprint(enterpriseId, sprintId);
  return listIssues(enterpriseId, { ...query, pmsProjectId: sprint.projectId, sprintId: sprint.sprintId });
}
