/**
 * The review-and-change workflow of user requirements and requirement specs (spec section 4:
 * "requirement specs and user requirements have a review action and a change action"; "a spec
 * can be activated into a plan"). The spec names the statuses but not the transitions, so this
 * is our design, documented in docs/api-conventions.md, "Requirement workflow".
 *
 * Both kinds start pending review. A reviewer (a product member holding the review permission)
 * passes or rejects. Content may be edited freely only before anyone reviewed it (pending or
 * rejected, and editing a rejected item resubmits it); once reviewed, content moves only through
 * the change action, which records the changed fields and sends the item back for review as
 * "changed". Passing a changed item returns it to where it was (a spec with a plan to planning,
 * a requirement with specs to refined).
 *
 * User requirement (1 pending review, 2 reviewed, 3 refined, 4 closed, 5 rejected, 6 changed):
 *
 *   1 pending review -> pass 2, reject 5, edit 1, close 4
 *   2 reviewed       -> change 6, refine 3 (a spec is made from it), close 4
 *   3 refined        -> change 6, refine 3, close 4
 *   5 rejected       -> edit 1 (resubmitted), close 4
 *   6 changed        -> pass 2 or 3, reject 5, close 4
 *   4 closed         -> reopen 1
 *
 * Requirement spec (1 pending review, 2 reviewed, 3 completed, 4 planning, 5 rejected, 6 changed):
 *
 *   1 pending review -> pass 2, reject 5, edit 1
 *   2 reviewed       -> change 6, activate 4 (into a plan), complete 3
 *   4 planning       -> change 6, activate 4 (another plan), unplan 2, complete 3
 *   3 completed      -> change 6, reopen 2 or 4
 *   5 rejected       -> edit 1 (resubmitted)
 *   6 changed        -> pass 2 or 4, reject 5
 */

export const REQUIREMENT_KIND = { userRequirement: 'userRequirement', spec: 'spec' } as const;
export type RequirementKind = (typeof REQUIREMENT_KIND)[keyof typeof REQUIREMENT_KIND];

export const USER_REQUIREMENT_STATUS = {
  pendingReview: 1,
  reviewed: 2,
  refined: 3,
  closed: 4,
  rejected: 5,
  changed: 6,
} as const;

export const SPEC_STATUS = {
  pendingReview: 1,
  reviewed: 2,
  completed: 3,
  planning: 4,
  rejected: 5,
  changed: 6,
} as const;

export const STATUS_LISTS: Record<RequirementKind, readonly { id: number; name: string; color: string }[]> = {
  userRequirement: [
    { id: 1, name: 'Pending review', color: 'yellow' },
    { id: 2, name: 'Reviewed', color: 'blue' },
    { id: 3, name: 'Refined', color: 'teal' },
    { id: 4, name: 'Closed', color: 'dark' },
    { id: 5, name: 'Rejected', color: 'red' },
    { id: 6, name: 'Changed', color: 'orange' },
  ],
  spec: [
    { id: 1, name: 'Pending review', color: 'yellow' },
    { id: 2, name: 'Reviewed', color: 'blue' },
    { id: 3, name: 'Completed', color: 'green' },
    { id: 4, name: 'Planning', color: 'violet' },
    { id: 5, name: 'Rejected', color: 'red' },
    { id: 6, name: 'Changed', color: 'orange' },
  ],
};

export const REQUIREMENT_ACTIONS = [
  'edit',
  'pass',
  'reject',
  'change',
  'refine',
  'activate',
  'unplan',
  'complete',
  'close',
  'reopen',
] as const;
export type RequirementAction = (typeof REQUIREMENT_ACTIONS)[number];

export const ACTION_LABELS: Record<RequirementAction, string> = {
  edit: 'Edit',
  pass: 'Pass review',
  reject: 'Reject',
  change: 'Change',
  refine: 'Refine into a spec',
  activate: 'Activate into a plan',
  unplan: 'Remove from plan',
  complete: 'Complete',
  close: 'Close',
  reopen: 'Reopen',
};

/** What the destination of some moves depends on. */
export interface WorkflowContext {
  /** The user requirement has specs refined from it. */
  hasSpecs?: boolean;
  /** The spec is in a plan. */
  planned?: boolean;
}

type Step = (ctx: WorkflowContext) => number;
const to =
  (status: number): Step =>
  () =>
    status;

const USER_REQUIREMENT_MOVES: Record<number, Partial<Record<RequirementAction, Step>>> = {
  1: { pass: to(2), reject: to(5), edit: to(1), close: to(4) },
  2: { change: to(6), refine: to(3), close: to(4) },
  3: { change: to(6), refine: to(3), close: to(4) },
  5: { edit: to(1), close: to(4) },
  6: { pass: (ctx) => (ctx.hasSpecs ? 3 : 2), reject: to(5), close: to(4) },
  4: { reopen: to(1) },
};

const SPEC_MOVES: Record<number, Partial<Record<RequirementAction, Step>>> = {
  1: { pass: to(2), reject: to(5), edit: to(1) },
  2: { change: to(6), activate: to(4), complete: to(3) },
  4: { change: to(6), activate: to(4), unplan: to(2), complete: to(3) },
  3: { change: to(6), reopen: (ctx) => (ctx.planned ? 4 : 2) },
  5: { edit: to(1) },
  6: { pass: (ctx) => (ctx.planned ? 4 : 2), reject: to(5) },
};

const MOVES: Record<RequirementKind, Record<number, Partial<Record<RequirementAction, Step>>>> = {
  userRequirement: USER_REQUIREMENT_MOVES,
  spec: SPEC_MOVES,
};

export const KIND_LABELS: Record<RequirementKind, string> = {
  userRequirement: 'user requirement',
  spec: 'requirement spec',
};

export function requirementStatusName(kind: RequirementKind, status: number): string {
  return STATUS_LISTS[kind].find((s) => s.id === status)?.name ?? `Status ${status}`;
}

/** The actions an item in `status` offers, in menu order. The web shows exactly these. */
export function availableActions(kind: RequirementKind, status: number): RequirementAction[] {
  const moves = MOVES[kind][status] ?? {};
  return REQUIREMENT_ACTIONS.filter((a) => moves[a] !== undefined);
}

/** The status `action` leads to from `status`, or null when the workflow does not allow it. */
export function nextRequirementStatus(
  kind: RequirementKind,
  status: number,
  action: RequirementAction,
  ctx: WorkflowContext = {},
): number | null {
  const step = MOVES[kind][status]?.[action];
  return step ? step(ctx) : null;
}

/** Why `action` is refused in `status`, for the 409 message; names what is allowed instead. */
export function requirementRefusal(kind: RequirementKind, status: number, action: RequirementAction): string {
  const from = requirementStatusName(kind, status);
  const allowed = availableActions(kind, status).map((a) => ACTION_LABELS[a].toLowerCase());
  const instead = allowed.length > 0 ? `; from ${from} it allows: ${allowed.join(', ')}` : '';
  return `A ${KIND_LABELS[kind]} in ${from} cannot ${ACTION_LABELS[action].toLowerCase()}${instead}`;
}
