/**
 * The work desk (`/{identifier}`): the dashboard calls of spec section 7, each one block of the
 * desk, and the member's own todos. Paths sit right under `/api/pms/{identifier}/` (the spec names
 * them without a resource prefix). What each call counts, and why: docs/work-desk.md.
 */
import * as z from 'zod';
import { DateSchema, IdSchema, PageQuerySchema, pageSchema, text, VersionSchema } from './common';
import { IssueRefSchema } from './issues';
import { UserSummarySchema } from './projects';
import { CommitSummarySchema } from './repositories';

/** An item or todo ending within this many days (today included) is due soon. */
export const DUE_SOON_DAYS = 3;
/** How far back a description or comment is read for mentions, and commits for activity. */
export const MENTION_WINDOW_DAYS = 30;
export const ACTIVITY_DAYS = 14;
/** At most this many own todos per member and enterprise (done ones included until they expire). */
export const MAX_TODOS = 200;
/** A ticked todo stays this long (shown as done, so a tick can be undone), then expires. */
export const DONE_TODO_DAYS = 14;
/** The review queues and plan lists of the product blocks show at most this many rows. */
export const QUEUE_ROWS = 10;

/** How an item's end date stands against today (in the enterprise's time zone). */
export const DUE_STATES = ['overdue', 'dueSoon', 'later', 'none'] as const;
export type DueState = (typeof DUE_STATES)[number];

/** Why an item is on my desk: assigned to me, created by me, or `@login` names me in it. */
export const RELATIONS = ['assigned', 'created', 'mentioned'] as const;
export type Relation = (typeof RELATIONS)[number];

const ProjectRefSchema = z.object({ id: z.string(), name: z.string() });
const ProductRefSchema = z.object({ id: z.string(), name: z.string(), identifier: z.string() });
const CountSchema = z.number().int();

// ---- myProjectIssues ---------------------------------------------------------------------------

export const MyIssuesQuerySchema = PageQuerySchema.extend({
  /** `all` (the default): assigned to me, created by me or mentioning me. */
  relation: z
    .enum(['all', ...RELATIONS], { error: 'relation must be all, assigned, created or mentioned' })
    .default('all'),
  /** Only this project's items (one of mine). */
  pmsProjectId: IdSchema('pmsProjectId').optional(),
});
export type MyIssuesQuery = z.infer<typeof MyIssuesQuerySchema>;

export const DeskIssueSchema = IssueRefSchema.extend({
  pmsProjectId: z.string(),
  projectName: z.string(),
  priority: z.number().int(),
  assignee: UserSummarySchema.nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  updatedAt: z.string(),
  due: z.enum(DUE_STATES),
  relations: z.array(z.enum(RELATIONS)),
}).meta({ id: 'DeskIssue' });
export type DeskIssue = z.infer<typeof DeskIssueSchema>;

export const MyIssueCountsSchema = z.object({
  all: CountSchema,
  assigned: CountSchema,
  created: CountSchema,
  mentioned: CountSchema,
  overdue: CountSchema,
  dueSoon: CountSchema,
});
export type MyIssueCounts = z.infer<typeof MyIssueCountsSchema>;

export const MyIssuesPageSchema = pageSchema(DeskIssueSchema).extend({
  counts: MyIssueCountsSchema,
  /** The day the due states were judged on (the enterprise's time zone). */
  today: z.string(),
});
export type MyIssuesPage = z.infer<typeof MyIssuesPageSchema>;

// ---- myProjects and myProjects/statistics -------------------------------------------------------

export const MyProjectSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.number().int(),
  role: z.enum(['manager', 'member']),
  /** Unfinished items (status 1 or 2) in the project, and of those mine (assigned to me). */
  unfinished: CountSchema,
  mine: CountSchema,
  overdue: CountSchema,
  runningSprint: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type MyProject = z.infer<typeof MyProjectSchema>;
export const MyProjectsPageSchema = pageSchema(MyProjectSchema);
export type MyProjectsPage = z.infer<typeof MyProjectsPageSchema>;
export const MyProjectsQuerySchema = PageQuerySchema;

export const ProjectWorkloadSchema = z.object({
  project: ProjectRefSchema,
  /** Unfinished items by kind (1 demand, 2 task, 3 bug). */
  byKind: z.array(z.object({ pmIssueType: z.number().int(), unfinished: CountSchema })),
  mine: CountSchema,
  overdue: CountSchema,
  /** Items finished (completed, closed or rejected) in the last ACTIVITY_DAYS days. */
  finishedRecently: CountSchema,
});
export const MyProjectsStatisticsSchema = z.object({
  projects: z.array(ProjectWorkloadSchema),
  days: z.number().int(),
});
export type MyProjectsStatistics = z.infer<typeof MyProjectsStatisticsSchema>;

// ---- myProjectSprints ---------------------------------------------------------------------------

export const DeskSprintSchema = z.object({
  id: z.string(),
  name: z.string(),
  project: ProjectRefSchema,
  startDate: z.string(),
  endDate: z.string(),
  /** Days left, today and the end date included: 1 on the last day, 0 or less once it is past. */
  daysLeft: z.number().int(),
  total: CountSchema,
  finished: CountSchema,
  /** finished / total, 0 for an empty sprint (4 decimals). */
  progress: z.number(),
  mine: z.object({ total: CountSchema, finished: CountSchema }),
});
export type DeskSprint = z.infer<typeof DeskSprintSchema>;
export const MySprintsSchema = z.object({ rows: z.array(DeskSprintSchema), today: z.string() });
export type MySprints = z.infer<typeof MySprintsSchema>;

// ---- statistics ---------------------------------------------------------------------------------

export const DeskStatisticsSchema = z.object({
  assigned: CountSchema,
  overdue: CountSchema,
  dueSoon: CountSchema,
  mentioned: CountSchema,
  runningSprints: CountSchema,
  reviews: CountSchema,
  testSheets: CountSchema,
  todos: CountSchema,
  projects: CountSchema,
  products: CountSchema,
});
export type DeskStatistics = z.infer<typeof DeskStatisticsSchema>;

export const QueuedRequirementSchema = z.object({
  id: z.string(),
  number: z.string(),
  title: z.string(),
  status: z.number().int(),
  statusName: z.string(),
  product: ProductRefSchema,
  author: UserSummarySchema,
  updatedAt: z.string(),
});
export type QueuedRequirement = z.infer<typeof QueuedRequirementSchema>;

// ---- todo ---------------------------------------------------------------------------------------

export const TodoSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    dueDate: z.string().nullable(),
    due: z.enum(DUE_STATES),
    done: z.boolean(),
    doneAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    version: z.number().int(),
  })
  .meta({ id: 'Todo' });
export type Todo = z.infer<typeof TodoSchema>;

export const SheetTodoSchema = z.object({
  id: z.string(),
  name: z.string(),
  project: ProjectRefSchema,
  status: z.number().int(),
  endDate: z.string().nullable(),
  due: z.enum(DUE_STATES),
});
export type SheetTodo = z.infer<typeof SheetTodoSchema>;

/** A user requirement or spec waiting for a review. */
export const ReviewTodoSchema = QueuedRequirementSchema.extend({ kind: z.enum(['userRequirement', 'spec']) });
export type ReviewTodo = z.infer<typeof ReviewTodoSchema>;

export const DeskTodoSchema = z.object({
  /** My own todos: open ones by due date, then those ticked in the last DONE_TODO_DAYS days. */
  own: z.array(TodoSchema),
  /** User requirements and specs waiting for a review, in products where I may review. */
  reviews: z.array(ReviewTodoSchema),
  /** Test sheets I own that are not completed. */
  testSheets: z.array(SheetTodoSchema),
  today: z.string(),
});
export type DeskTodo = z.infer<typeof DeskTodoSchema>;

export const TodoBodySchema = z.object({
  title: text('title', 200),
  dueDate: DateSchema('dueDate').optional(),
});
export type TodoBody = z.infer<typeof TodoBodySchema>;

export const TodoUpdateBodySchema = z
  .object({
    version: VersionSchema,
    title: text('title', 200).optional(),
    dueDate: DateSchema('dueDate').optional(),
    done: z.boolean({ error: 'done must be true or false' }).optional(),
  })
  .refine((b) => b.title !== undefined || b.dueDate !== undefined || b.done !== undefined, {
    message: 'Please enter title, dueDate or done',
    path: ['title'],
  });
export type TodoUpdateBody = z.infer<typeof TodoUpdateBodySchema>;

// ---- products: myProduct, userRequirementStat, productRequirementSpecsStat, milestoneStatusStat --

export const MyProductSchema = z.object({
  id: z.string(),
  name: z.string(),
  identifier: z.string(),
  status: z.number().int(),
  role: z.enum(['owner', 'member']),
  userRequirementCount: CountSchema,
  specCount: CountSchema,
  planCount: CountSchema,
});
export type MyProduct = z.infer<typeof MyProductSchema>;
export const MyProductsSchema = z.array(MyProductSchema);

/** `productId`: one of the caller's products; all of them when absent. */
export const ProductStatQuerySchema = z.object({ productId: IdSchema('productId').optional() });
export type ProductStatQuery = z.infer<typeof ProductStatQuerySchema>;

const StatusCountSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  color: z.string(),
  count: CountSchema,
});

export const RequirementStatSchema = z.object({
  /** Every status of the kind, in workflow order, with how many are in it. */
  byStatus: z.array(StatusCountSchema),
  total: CountSchema,
  /** Pending review or changed (waiting for a review), oldest change first. */
  reviewQueue: z.array(QueuedRequirementSchema),
  queued: CountSchema,
});
export type RequirementStat = z.infer<typeof RequirementStatSchema>;

export const DeskPlanSchema = z.object({
  id: z.string(),
  title: z.string(),
  product: ProductRefSchema,
  /** The status shown (expired derived from the end date). */
  status: z.number().int(),
  statusName: z.string(),
  endDate: z.string().nullable(),
});

export const MilestoneStatSchema = z.object({
  byStatus: z.array(StatusCountSchema),
  total: CountSchema,
  /** Plans not started, in progress or expired, by end date. */
  open: z.array(DeskPlanSchema),
});
export type MilestoneStat = z.infer<typeof MilestoneStatSchema>;

// ---- myRepositories/statistics -----------------------------------------------------------------

export const RepositoryActivitySchema = z.object({
  id: z.string(),
  name: z.string(),
  provider: z.string(),
  defaultBranch: z.string().nullable(),
  branchCount: CountSchema,
  status: z.enum(['ok', 'error']),
  lastCommit: CommitSummarySchema.nullable(),
  lastActivityAt: z.string().nullable(),
  /** My projects it is linked to. */
  projects: z.array(ProjectRefSchema),
  /** Commits recorded on my projects' work items per day, the last ACTIVITY_DAYS days, oldest first. */
  commitsByDay: z.array(z.object({ day: z.string(), count: CountSchema })),
  commits: CountSchema,
});
export type RepositoryActivity = z.infer<typeof RepositoryActivitySchema>;
export const MyRepositoriesStatisticsSchema = z.object({
  rows: z.array(RepositoryActivitySchema),
  days: z.number().int(),
});
export type MyRepositoriesStatistics = z.infer<typeof MyRepositoriesStatisticsSchema>;
