/**
 * Test sheets of a project: list, tree, create, edit (move, complete, reopen), delete. A sheet's
 * counts are computed from its cases' latest results; the list and the tree compute every
 * sheet's counts from one query of the project's sheet cases.
 *
 * The tree rules (parent in the project, no cycles, at most MAX_SHEET_DEPTH levels) read the
 * whole tree, so every tree write is validated on a fresh read and conditioned on the tree not
 * having changed since (modules/testruns/store/sheets.ts `sheetSeq`).
 */

import { firstVersion, nowIso } from '@core/clock';
import { batchDelete, ConditionFailedError, onConditionFailed } from '@core/db/operations';
import { badRequest, conflict, notFound, staleVersion } from '@core/errors';
import { userSummaries } from '@core/identity/people';
import { scopedId } from '@core/ids';
import { pageOf } from '@core/paging';
import { assertFitsUnder, type HandBuiltTree, subtreeHeight } from '@core/tree-depth';
import { SHEET_STATUS } from '@shared/domain/testing';
import type { Page } from '@shared/schemas/common';
import type { Sheet, SheetBody, SheetListQuery, SheetNode, SheetUpdateBody } from '@shared/schemas/testruns';
import { buildTree } from '@shared/tree';
import { getProjectMember, projectNotFound, requireProject } from '../projects';
import { getSprint, getSprints } from '../sprints';
import { keysBelow, listProjectSheetCaseResults, listSheetCases, sheetCaseKeysOf } from './store/sheet-cases';
import type { SheetRecord, SheetTree } from './store/sheets';
import * as db from './store/sheets';
import { countsOf, NO_CASES, sheetView } from './views';

/** Levels of the sheet tree, as for module trees. */
export const MAX_SHEET_DEPTH = 5;

export const sheetNotFound = (sheetId: string) => notFound(`Test sheet ${sheetId} does not exist`);
const staleSheet = (sheet: SheetRecord) => staleVersion(`Test sheet ${sheet.name}`);

/** The sheet, or 404; another enterprise's ids are never found (keys start with the caller's). */
export async function requireSheet(enterpriseId: string, sheetId: string): Promise<SheetRecord> {
  const sheet = await db.getSheet(enterpriseId, sheetId);
  if (!sheet) throw sheetNotFound(sheetId);
  return sheet;
}

/** The sheets as shown: people and sprint names read in one batch each. */
async function sheetViews(
  enterpriseId: string,
  sheets: readonly SheetRecord[],
  counts: ReadonlyMap<string, ReturnType<typeof countsOf>>,
): Promise<Sheet[]> {
  const sprintIds = [...new Set(sheets.flatMap((s) => (s.sprintId ? [s.sprintId] : [])))];
  const [users, sprints] = await Promise.all([
    userSummaries(sheets.flatMap((s) => [s.creatorId, s.ownerId])),
    getSprints(enterpriseId, sprintIds),
  ]);
  const sprintNames = new Map(sprints.map((s) => [s.sprintId, s.name]));
  return sheets.map((s) =>
    sheetView(
      s,
      counts.get(s.sheetId) ?? NO_CASES,
      users,
      s.sprintId ? (sprintNames.get(s.sprintId) ?? null) : null,
    ),
  );
}

/** One sheet as shown, its counts from its own cases. */
export async function sheetDetail(enterpriseId: string, sheet: SheetRecord): Promise<Sheet> {
  const cases = await listSheetCases(enterpriseId, sheet.sheetId);
  const counts = new Map([[sheet.sheetId, countsOf(cases.map((c) => c.result))]]);
  const [view] = await sheetViews(enterpriseId, [sheet], counts);
  return view!;
}

export async function getSheetDetail(enterpriseId: string, sheetId: string): Promise<Sheet> {
  return sheetDetail(enterpriseId, await requireSheet(enterpriseId, sheetId));
}

/** Every sheet's counts from one query of the project's sheet cases. */
async function projectCounts(enterpriseId: string, projectId: string) {
  const results = new Map<string, number[]>();
  for (const { sheetId, result } of await listProjectSheetCaseResults(enterpriseId, projectId)) {
    const list = results.get(sheetId);
    if (list) list.push(result);
    else results.set(sheetId, [result]);
  }
  return new Map([...results].map(([sheetId, list]) => [sheetId, countsOf(list)]));
}

const bySortThenName = (a: SheetRecord, b: SheetRecord) =>
  a.sort - b.sort || a.name.localeCompare(b.name) || a.sheetId.localeCompare(b.sheetId);

function nameMatcher(keyword: string | undefined): (sheet: SheetRecord) => boolean {
  const words = (keyword ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  return (sheet) => words.every((w) => sheet.name.toLowerCase().includes(w));
}

/** A page of the project's sheets, newest first, filtered by status and name. */
export async function listSheetPage(enterpriseId: string, query: SheetListQuery): Promise<Page<Sheet>> {
  const projectId = query.pmsProjectId;
  await requireProject(enterpriseId, projectId);
  const [sheets, counts] = await Promise.all([
    db.listSheets(enterpriseId, projectId),
    projectCounts(enterpriseId, projectId),
  ]);
  const matches = nameMatcher(query.keyword);
  const found = sheets
    .filter((s) => (query.status === undefined || s.status === query.status) && matches(s))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.sheetId.localeCompare(a.sheetId));
  return pageOf(found, query, (rows) => sheetViews(enterpriseId, rows, counts));
}

/** The project's sheet tree, siblings by sort then name. */
export async function sheetTree(enterpriseId: string, projectId: string): Promise<SheetNode[]> {
  await requireProject(enterpriseId, projectId);
  const [sheets, counts] = await Promise.all([
    db.listSheets(enterpriseId, projectId),
    projectCounts(enterpriseId, projectId),
  ]);
  const views = await sheetViews(enterpriseId, [...sheets].sort(bySortThenName), counts);
  return buildTree(views);
}

// ---- validation ---------------------------------------------------------------------------------

/** 400 unless the sprint is a sprint of the project. */
async function assertSprint(enterpriseId: string, projectId: string, sprintId: string | null | undefined) {
  if (!sprintId) return;
  const sprint = await getSprint(enterpriseId, sprintId);
  if (!sprint || sprint.projectId !== projectId) {
    throw badRequest('sprintId', `Sprint ${sprintId} is not a sprint of this project`);
  }
}

/** 400 unless the user is a member of the project. */
export async function assertMember(
  enterpriseId: string,
  projectId: string,
  userId: string | null | undefined,
  field: string,
) {
  if (!userId) return;
  const member = await getProjectMember(enterpriseId, projectId, userId);
  if (!member) throw badRequest(field, `User ${userId} is not a member of this project`);
}

function assertDates(sheet: Pick<SheetRecord, 'startDate' | 'endDate'>) {
  if (sheet.startDate && sheet.endDate && sheet.endDate < sheet.startDate) {
    throw badRequest('endDate', 'EndDate must be on or after startDate');
  }
}

/** The project's sheet tree under the depth rule. */
const depthRule = (sheets: readonly SheetRecord[]): HandBuiltTree<SheetRecord> => ({
  nodes: sheets,
  idOf: (s) => s.sheetId,
  maxDepth: MAX_SHEET_DEPTH,
  noun: 'Sheet',
  where: 'this project',
});

/** The sheet and every sheet below it. */
function sheetAndDescendants(sheets: readonly SheetRecord[], sheetId: string): Set<string> {
  const found = new Set([sheetId]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const s of sheets) {
      if (s.root_id !== null && found.has(s.root_id) && !found.has(s.sheetId)) {
        found.add(s.sheetId);
        grew = true;
      }
    }
  }
  return found;
}

/**
 * Runs a tree write on a fresh read, again when another tree write of the project went first
 * (`'sheets'`), a few times before giving up with 409.
 */
async function withFreshTree<T>(
  enterpriseId: string,
  projectId: string,
  write: (tree: SheetTree) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    const tree = await db.readSheetTree(enterpriseId, projectId);
    try {
      return await write(tree);
    } catch (error) {
      if (!(error instanceof ConditionFailedError && error.label === 'sheets')) throw error;
      if (attempt >= 3) throw conflict('The sheet tree was changed by someone else; reload and try again');
    }
  }
}

// ---- writes -------------------------------------------------------------------------------------

export async function createSheet(enterpriseId: string, userId: string, body: SheetBody): Promise<Sheet> {
  const projectId = body.pmsProjectId;
  await requireProject(enterpriseId, projectId);
  const at = nowIso();
  const base = {
    enterpriseId,
    projectId,
    sheetId: scopedId(projectId),
    name: body.name,
    description: body.description ?? '',
    root_id: body.root_id ?? null,
    sprintId: body.sprintId ?? null,
    ownerId: body.ownerId ?? null,
    startDate: body.startDate ?? null,
    endDate: body.endDate ?? null,
    status: SHEET_STATUS.notStarted,
    startedAt: null,
    completedAt: null,
    creatorId: userId,
    ...firstVersion(at),
  };
  assertDates(base);
  await Promise.all([
    assertSprint(enterpriseId, projectId, base.sprintId),
    assertMember(enterpriseId, projectId, base.ownerId, 'ownerId'),
  ]);
  const sheet = await withFreshTree(enterpriseId, projectId, async (tree) => {
    assertFitsUnder(depthRule(tree.sheets), base.root_id, 1);
    const siblings = tree.sheets.filter((s) => s.root_id === base.root_id);
    // New sheets go last among their siblings unless told otherwise.
    const record: SheetRecord = {
      ...base,
      sort: body.sort ?? Math.max(-1, ...siblings.map((s) => s.sort)) + 1,
    };
    await onConditionFailed(db.createSheet(record, tree.seq), { project: () => projectNotFound(projectId) });
    return record;
  });
  return sheetDetail(enterpriseId, sheet);
}

/**
 * `status: 2` completes a sheet (not started or in progress); `status: 1` reopens a completed
 * one (a sheet starts by itself with its first result). Anything else is 409.
 */
function applyStatus(sheet: SheetRecord, next: SheetRecord, status: 1 | 2, at: string): void {
  if (status === SHEET_STATUS.completed) {
    if (sheet.status === SHEET_STATUS.completed)
      throw conflict(`Test sheet ${sheet.name} is completed already`);
    next.status = SHEET_STATUS.completed;
    next.completedAt = at;
    return;
  }
  if (sheet.status !== SHEET_STATUS.completed) {
    throw conflict(
      `Test sheet ${sheet.name} is not completed, so it cannot be reopened; it starts by itself with its first result`,
    );
  }
  next.status = SHEET_STATUS.inProgress;
  next.completedAt = null;
}

/** The edit's plain fields applied to a copy; true when any changed. */
function applyFields(sheet: SheetRecord, next: SheetRecord, body: SheetUpdateBody): boolean {
  let changed = false;
  const set = <K extends keyof SheetRecord>(field: K, value: SheetRecord[K] | undefined) => {
    if (value !== undefined && value !== sheet[field]) {
      next[field] = value;
      changed = true;
    }
  };
  set('name', body.name);
  set('description', body.description);
  set('sort', body.sort);
  set('sprintId', body.sprintId);
  set('ownerId', body.ownerId);
  set('startDate', body.startDate);
  set('endDate', body.endDate);
  return changed;
}

/** Edits, moves, completes or reopens a sheet at the version read (409 when stale). */
export async function updateSheet(
  enterpriseId: string,
  sheetId: string,
  body: SheetUpdateBody,
): Promise<Sheet> {
  const found = await requireSheet(enterpriseId, sheetId);
  const { projectId } = found;
  await Promise.all([
    assertSprint(enterpriseId, projectId, body.sprintId),
    assertMember(enterpriseId, projectId, body.ownerId, 'ownerId'),
  ]);
  const moves = body.root_id !== undefined && body.root_id !== found.root_id;
  const write = async (tree?: SheetTree) => {
    const sheet = tree
      ? tree.sheets.find((s) => s.sheetId === sheetId)
      : await requireSheet(enterpriseId, sheetId);
    if (!sheet) throw sheetNotFound(sheetId);
    if (sheet.version !== body.version) throw staleSheet(sheet);
    const at = nowIso();
    const next: SheetRecord = { ...sheet };
    let changed = applyFields(sheet, next, body);
    if (body.status !== undefined) {
      applyStatus(sheet, next, body.status, at);
      changed = true;
    }
    if (tree && body.root_id !== undefined && body.root_id !== sheet.root_id) {
      if (body.root_id !== null && sheetAndDescendants(tree.sheets, sheetId).has(body.root_id)) {
        throw badRequest('root_id', 'A sheet cannot move under itself or one of its sub-sheets');
      }
      assertFitsUnder(depthRule(tree.sheets), body.root_id, subtreeHeight(depthRule(tree.sheets), sheetId));
      next.root_id = body.root_id;
      changed = true;
    }
    assertDates(next);
    if (!changed) return sheet;
    next.updatedAt = at;
    next.version = sheet.version + 1;
    await onConditionFailed(db.updateSheet(sheet, next, tree?.seq), {
      'stale:sheet': () => staleSheet(sheet),
    });
    return next;
  };
  const saved = moves ? await withFreshTree(enterpriseId, projectId, write) : await write();
  return sheetDetail(enterpriseId, saved);
}

/**
 * Deletes a sheet without sub-sheets (409 otherwise), with its cases, runs and links; reports
 * made from it keep their snapshots. The sheet item goes first, alone: a sheet may hold
 * thousands of cases with their runs and links, far more than one transaction's 100 items, and
 * once the sheet item is gone nothing reads what was below it (every sheet-case read goes
 * through its sheet), so the rest is deleted afterwards in batches. Should that be interrupted,
 * the leftovers are unreachable, never shown.
 */
export async function deleteSheet(enterpriseId: string, sheetId: string): Promise<void> {
  const { projectId } = await requireSheet(enterpriseId, sheetId);
  const sheet = await withFreshTree(enterpriseId, projectId, async (tree) => {
    const current = tree.sheets.find((s) => s.sheetId === sheetId);
    if (!current) throw sheetNotFound(sheetId);
    const children = tree.sheets.filter((s) => s.root_id === sheetId).length;
    if (children > 0) {
      throw conflict(
        `Test sheet ${current.name} has ${children} sub-sheet${children === 1 ? '' : 's'}; delete or move them first`,
        { childCount: children },
      );
    }
    await onConditionFailed(db.deleteSheet(current, tree.seq), {
      'stale:sheet': () =>
        conflict(`Test sheet ${current.name} was changed by someone else; reload and try again`),
    });
    return current;
  });
  const sheetLocal = db.sheetLocalId(sheet.sheetId);
  const [cases, below] = await Promise.all([
    sheetCaseKeysOf(enterpriseId, projectId, sheetLocal),
    keysBelow(enterpriseId, projectId, sheetLocal),
  ]);
  await batchDelete([...cases, ...below]);
}
