/**
 * The work-item workflow: which status may follow which (spec section 4 lists the statuses per
 * kind but not the transitions, so this is our design, documented in docs/api-conventions.md).
 * The server refuses anything else with 409; the web asks `nextStatuses` which options to offer.
 *
 * The same graph serves demands, tasks and bugs (the ids mean the same step for each kind;
 * only the labels differ):
 *
 *   1 pending / to fix  -> 2 in progress, 3 completed, 5 closed, 6 rejected
 *   2 in progress       -> 1 back to pending, 3 completed, 5 closed, 6 rejected
 *   3 completed / fixed -> 2 reopened for rework, 5 closed
 *   5 closed            -> 1 reopened (starts over), 2 reopened straight into work
 *   6 rejected          -> 1 resubmitted, 5 closed
 */
import { STATUS_GROUPS, WORK_ITEM_KIND, WORK_ITEM_STATUSES } from './work-items';

/** The kinds that are work items (demand, task, bug). */
export const ISSUE_KINDS = [WORK_ITEM_KIND.demand, WORK_ITEM_KIND.task, WORK_ITEM_KIND.bug] as const;
export type IssueKind = (typeof ISSUE_KINDS)[number];

export const ISSUE_KIND_LABELS: Record<IssueKind, { one: string; many: string; path: string }> = {
  1: { one: 'Demand', many: 'Demands', path: 'demand' },
  2: { one: 'Task', many: 'Tasks', path: 'task' },
  3: { one: 'Bug', many: 'Bugs', path: 'bug' },
};

export const ISSUE_STATUS_IDS = STATUS_GROUPS.all;
export type IssueStatusId = (typeof ISSUE_STATUS_IDS)[number];

/** The status a new item starts in. */
export const INITIAL_ISSUE_STATUS: IssueStatusId = 1;
/** The status that counts as closed (status group "closed", open filter 2). */
export const CLOSED_ISSUE_STATUS: IssueStatusId = 5;

const TRANSITIONS: Record<IssueStatusId, readonly IssueStatusId[]> = {
  1: [2, 3, 5, 6],
  2: [1, 3, 5, 6],
  3: [2, 5],
  5: [1, 2],
  6: [1, 5],
};

export function isIssueKind(kind: number): kind is IssueKind {
  return (ISSUE_KINDS as readonly number[]).includes(kind);
}

export function isIssueStatus(status: number): status is IssueStatusId {
  return (ISSUE_STATUS_IDS as readonly number[]).includes(status);
}

/** The statuses an item in `from` may move to (not including staying where it is). */
export function nextStatuses(from: IssueStatusId): readonly IssueStatusId[] {
  return TRANSITIONS[from];
}

export function canTransition(from: IssueStatusId, to: IssueStatusId): boolean {
  return from === to || TRANSITIONS[from].includes(to);
}

/** The label of a status for a kind ("To fix" for a bug in status 1, "Pending" for a task). */
export function issueStatusName(kind: IssueKind, status: number): string {
  return WORK_ITEM_STATUSES[kind].find((s) => s.id === status)?.name ?? `Status ${status}`;
}

/** Why a transition is refused, for the 409 message. */
export function transitionRefusal(kind: IssueKind, from: IssueStatusId, to: IssueStatusId): string {
  const allowed = nextStatuses(from)
    .map((s) => issueStatusName(kind, s))
    .join(', ');
  return `A ${ISSUE_KIND_LABELS[kind].one.toLowerCase()} cannot go from ${issueStatusName(kind, from)} to ${issueStatusName(kind, to)}; from ${issueStatusName(kind, from)} it may go to ${allowed}`;
}
