/**
 * One project as the caller's desk sees it, from one pass over its index: the unfinished items
 * that concern the caller (assigned to them, created by them, mentioning them) and the counts the
 * blocks show. Kept per project and member until the project's rows, its digest or the day
 * change, so the eleven calls of a desk, and the desks after it, do not walk 10,000 rows each.
 *
 * "Unfinished" is status 1 or 2, as the sprints count it (docs/work-desk.md, "What counts").
 */
import { isUnfinished } from '@shared/domain/sprint-workflow';
import { addDays } from '@shared/domain/weekly';
import { ACTIVITY_DAYS, type DueState, type MyIssueCounts, type Relation } from '@shared/schemas/dashboard';
import type { IssueRecord, ProjectIndex } from '../issues';
import type { ProjectRecord } from '../projects';
import { itemsMentioning } from './activity';
import { dueState } from './days';
import type { MyProjectWork } from './my-work';

export interface MyItem {
  row: IssueRecord;
  project: ProjectRecord;
  relations: Relation[];
  /** Judged on the view's day. */
  due: DueState;
}

export interface SprintTally {
  total: number;
  finished: number;
  mine: { total: number; finished: number };
}

export interface ProjectView {
  /** Unfinished items that concern the caller. */
  mine: MyItem[];
  unfinished: number;
  /** Unfinished items by kind (1 demand, 2 task, 3 bug). */
  unfinishedByKind: Map<number, number>;
  /** Unfinished items past their end date, all of them and the caller's. */
  overdue: number;
  assignedToMe: number;
  myOverdue: number;
  /** Finished items whose last change was on or after the day ACTIVITY_DAYS ago. */
  finishedRecently: number;
  /** Items per sprint id. */
  sprints: Map<string, SprintTally>;
}

/**
 * Views by the index they were computed from (a reloaded index is a new object, so nothing
 * outlives it), then by member; a project keeps at most MAX_MEMBER_VIEWS members' views.
 */
const views = new WeakMap<ProjectIndex, Map<string, { key: string; view: ProjectView }>>();
const MAX_MEMBER_VIEWS = 200;

const DUE_ORDER: Record<DueState, number> = { overdue: 0, dueSoon: 1, later: 2, none: 3 };

/**
 * The desk's order: overdue first (longest overdue first), then due soon (soonest first), then
 * the rest by priority (urgent first) and end date (undated last); last changed first among equals.
 */
export function deskOrder(a: MyItem, b: MyItem): number {
  if (a.due !== b.due) return DUE_ORDER[a.due] - DUE_ORDER[b.due];
  if ((a.due === 'later' || a.due === 'none') && a.row.priority !== b.row.priority) {
    return a.row.priority - b.row.priority;
  }
  return (
    ascending(a.row.endDate ?? '', b.row.endDate ?? '') ||
    ascending(b.row.updatedAt, a.row.updatedAt) ||
    ascending(a.row.issueId, b.row.issueId)
  );
}

/** Dates and ids compare by code unit: a collation (localeCompare) is far slower and not wanted. */
const ascending = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function relationsOf(row: IssueRecord, userId: string, mentioned: ReadonlySet<string>): Relation[] {
  const relations: Relation[] = [];
  if (row.assigneeId === userId) relations.push('assigned');
  if (row.authorId === userId) relations.push('created');
  if (mentioned.has(row.issueId)) relations.push('mentioned');
  return relations;
}

function tallySprint(view: ProjectView, row: IssueRecord, userId: string): void {
  if (!row.sprintId) return;
  const tally = view.sprints.get(row.sprintId) ?? { total: 0, finished: 0, mine: { total: 0, finished: 0 } };
  const finished = isUnfinished(row.status) ? 0 : 1;
  tally.total += 1;
  tally.finished += finished;
  if (row.assigneeId === userId) {
    tally.mine.total += 1;
    tally.mine.finished += finished;
  }
  view.sprints.set(row.sprintId, tally);
}

function computeView(work: MyProjectWork, userId: string, login: string, today: string): ProjectView {
  const mentioned = itemsMentioning(work.activity, login);
  const since = addDays(today, -ACTIVITY_DAYS);
  const view: ProjectView = {
    mine: [],
    unfinished: 0,
    unfinishedByKind: new Map(),
    overdue: 0,
    assignedToMe: 0,
    myOverdue: 0,
    finishedRecently: 0,
    sprints: new Map(),
  };
  for (const row of work.index.rows.values()) {
    tallySprint(view, row, userId);
    if (!isUnfinished(row.status)) {
      if (row.updatedAt >= since) view.finishedRecently += 1;
      continue;
    }
    const due = dueState(row.endDate, today);
    const overdue = due === 'overdue';
    view.unfinished += 1;
    view.unfinishedByKind.set(row.pmIssueType, (view.unfinishedByKind.get(row.pmIssueType) ?? 0) + 1);
    if (overdue) view.overdue += 1;
    if (row.assigneeId === userId) {
      view.assignedToMe += 1;
      if (overdue) view.myOverdue += 1;
    }
    const relations = relationsOf(row, userId, mentioned);
    if (relations.length > 0) view.mine.push({ row, project: work.project, relations, due });
  }
  view.mine.sort(deskOrder);
  return view;
}

/** The project as `userId` (whose login is `login`) sees it on `today`. */
export function projectView(work: MyProjectWork, userId: string, login: string, today: string): ProjectView {
  const byMember = views.get(work.index) ?? new Map<string, { key: string; view: ProjectView }>();
  views.set(work.index, byMember);
  // The rows, the digest, the day and the project record (its name is shown) decide the view.
  const key = `${work.index.generation}|${work.activity.version}|${today}|${login}|${work.project.updatedAt}`;
  const held = byMember.get(userId);
  if (held?.key === key) return held.view;
  const view = computeView(work, userId, login, today);
  if (byMember.size >= MAX_MEMBER_VIEWS) byMember.clear();
  byMember.set(userId, { key, view });
  return view;
}

export interface MyDesk {
  /** Every project's items in desk order. */
  items: MyItem[];
  counts: MyIssueCounts;
}

/** The merged list of the last views each member's desk was built from (the same views, the same list). */
const desks = new Map<string, { views: readonly ProjectView[]; desk: MyDesk }>();

function countsOf(items: readonly MyItem[]): MyIssueCounts {
  const counts: MyIssueCounts = { all: 0, assigned: 0, created: 0, mentioned: 0, overdue: 0, dueSoon: 0 };
  for (const item of items) {
    counts.all += 1;
    for (const relation of item.relations) counts[relation] += 1;
    if (item.due === 'overdue') counts.overdue += 1;
    if (item.due === 'dueSoon') counts.dueSoon += 1;
  }
  return counts;
}

/**
 * My items across the projects' views, merged in desk order, with their counts; kept while the
 * views are (`scope` names the selection of projects: all of mine, or one).
 */
export function myDesk(userId: string, scope: string, views: readonly ProjectView[]): MyDesk {
  const name = `${userId}/${scope}`;
  const held = desks.get(name);
  if (held && held.views.length === views.length && held.views.every((view, i) => view === views[i])) {
    return held.desk;
  }
  // Each view's items are in desk order: the sort only merges the runs.
  const items = views.flatMap((view) => view.mine).sort(deskOrder);
  const desk = { items, counts: countsOf(items) };
  if (desks.size >= MAX_MEMBER_VIEWS * 10) desks.clear();
  desks.set(name, { views, desk });
  return desk;
}
