/** Work item kinds, statuses and groups from spec section 4. */

export const WORK_ITEM_KIND = {
  demand: 1,
  task: 2,
  bug: 3,
  code: 4,
  iteration: 5,
  test: 6,
  docs: 7,
} as const;
export type WorkItemKindId = (typeof WORK_ITEM_KIND)[keyof typeof WORK_ITEM_KIND];

export const SUB_ITEM_TYPE = { subItem: 1, workItem: 2, bug: 3 } as const;

/** Status ids are shared across kinds; the labels differ per kind. */
export const WORK_ITEM_STATUSES = {
  [WORK_ITEM_KIND.demand]: [
    { id: 1, name: 'Pending review' },
    { id: 2, name: 'In progress' },
    { id: 3, name: 'Completed' },
    { id: 5, name: 'Closed' },
    { id: 6, name: 'Rejected' },
  ],
  [WORK_ITEM_KIND.task]: [
    { id: 1, name: 'Pending' },
    { id: 2, name: 'In progress' },
    { id: 3, name: 'Completed' },
    { id: 5, name: 'Closed' },
    { id: 6, name: 'Rejected' },
  ],
  [WORK_ITEM_KIND.bug]: [
    { id: 1, name: 'To fix' },
    { id: 2, name: 'Fixing' },
    { id: 3, name: 'Fixed' },
    { id: 5, name: 'Closed' },
    { id: 6, name: 'Rejected' },
  ],
} as const;

/** Demand statuses hidden in the product view. */
export const PRODUCT_VIEW_HIDDEN_DEMAND_STATUSES = [1, 6] as const;

export const STATUS_GROUPS = { all: [1, 2, 3, 5, 6], opened: [1, 2, 3, 6], closed: [5] } as const;

export const OPEN_FILTER = { all: 0, open: 1, closed: 2 } as const;

export const PROJECT_STATE = { closed: 0, on: 1, pause: 2 } as const;
export const PROJECT_STATE_LABELS: Record<number, string> = { 0: 'Closed', 1: 'Open', 2: 'Paused' };

export const ITERATION_STATE = { notStarted: 0, inProgress: 1, closed: 2 } as const;
export const ITERATION_COMPLETION_CHOICE = { finishAll: 1, unlinkAll: 2, moveToIteration: 3 } as const;

export const TEST_RESULT = { notExecuted: 0, passed: 1, failed: 2, blocked: 3, skipped: 4 } as const;

export const FILTER_KIND = { status: 1, priority: 2, owner: 3, tag: 4, type: 5 } as const;
export const SOURCE_KIND = { project: 0, product: 1, testCaseInMenu: 2, repositories: 3 } as const;
export const REPORT_KIND = { member: 4, project: 5 } as const;

export const SORT_OPTIONS = [
  { value: 'updatedAt', label: 'Update time' },
  { value: 'createdAt', label: 'Create time' },
  { value: 'priority', label: 'Priority' },
  { value: 'startDate', label: 'Start time' },
  { value: 'endDate', label: 'End time' },
  { value: 'assigneeInitials', label: "Assignee's name initials" },
] as const;
