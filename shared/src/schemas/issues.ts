/**
 * Work items (`/api/pms/{identifier}/pmsProjectIssues/...`): demands, tasks and bugs, their tags,
 * links, journals (comments and field-by-field history) and the list's filters and sorts
 * (spec sections 4 and 9). Calls and rules: docs/api-conventions.md, "Work items".
 */
import * as z from 'zod';
import { ISSUE_KINDS, ISSUE_STATUS_IDS } from '../domain/work-item-workflow';
import {
  DateSchema,
  IdSchema,
  messages,
  optionalText,
  PageQuerySchema,
  PrioritySchemaOf,
  pageSchema,
  text,
  VersionSchema,
} from './common';
import { UserSummarySchema } from './projects';

export const ISSUE_PRIORITY_IDS = [1, 2, 3, 4] as const;
export const DEFAULT_ISSUE_PRIORITY = 3;
export const TAG_COLORS = ['red', 'orange', 'yellow', 'green', 'blue', 'violet', 'gray'] as const;

/** At most this many items in one batch edit (each is written in one transaction with its history). */
export const MAX_BATCH_ISSUES = 40;
export const MAX_TAGS_PER_ISSUE = 10;
export const MAX_LINKS_PER_ISSUE = 40;

const KindSchema = z.union(
  ISSUE_KINDS.map((k) => z.literal(k)),
  { error: 'pmIssueType must be 1 (demand), 2 (task) or 3 (bug)' },
);
const StatusSchema = z.union(
  ISSUE_STATUS_IDS.map((s) => z.literal(s)),
  { error: 'status must be one of 1, 2, 3, 5, 6' },
);
const PrioritySchema = PrioritySchemaOf();

// ---- tags -------------------------------------------------------------------------------------

export const IssueTagSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    color: z.string(),
    createdAt: z.string(),
    version: z.number().int(),
  })
  .meta({ id: 'IssueTag' });
export type IssueTag = z.infer<typeof IssueTagSchema>;

export const IssueTagBodySchema = z.object({
  name: text('tag name', 30),
  color: z.enum(TAG_COLORS, { error: `color must be one of ${TAG_COLORS.join(', ')}` }),
});
export type IssueTagBody = z.infer<typeof IssueTagBodySchema>;
export const IssueTagUpdateBodySchema = IssueTagBodySchema.partial().extend({ version: VersionSchema });
export type IssueTagUpdateBody = z.infer<typeof IssueTagUpdateBodySchema>;

// ---- the item ---------------------------------------------------------------------------------

/** The editable fields. Every one of them can also be set by a batch edit. */
const EditableFieldsSchema = z.object({
  title: text('title', 200),
  /** Markdown; rendered without raw HTML, so it cannot carry scripts. */
  description: optionalText('description', 50_000),
  status: StatusSchema,
  priority: PrioritySchema,
  assigneeId: IdSchema('assigneeId').nullable(),
  tagIds: z
    .array(IdSchema('tagIds'))
    .max(MAX_TAGS_PER_ISSUE, `tagIds may hold at most ${MAX_TAGS_PER_ISSUE} tags`),
  startDate: DateSchema('startDate'),
  endDate: DateSchema('endDate'),
  estimatedHours: z
    .number({ error: 'estimatedHours must be a number' })
    .min(0, 'estimatedHours must not be negative')
    .max(10_000, 'estimatedHours must be at most 10000')
    .nullable(),
  parentId: IdSchema('parentId').nullable(),
  /** The sprint it is planned in (same project, not closed); null takes it out of its sprint. */
  sprintId: IdSchema('sprintId').nullable(),
});

const datesInOrder = (v: { startDate?: string | null; endDate?: string | null }) =>
  !v.startDate || !v.endDate || v.startDate <= v.endDate;
const DATE_ORDER = { message: 'endDate must not be before startDate', path: ['endDate'] };

export const IssueCreateBodySchema = EditableFieldsSchema.partial()
  .required({ title: true })
  .extend({ pmsProjectId: IdSchema('pmsProjectId'), pmIssueType: KindSchema })
  .refine(datesInOrder, DATE_ORDER);
export type IssueCreateBody = z.infer<typeof IssueCreateBodySchema>;

export const IssueUpdateBodySchema = EditableFieldsSchema.partial()
  .extend({ version: VersionSchema })
  .refine(datesInOrder, DATE_ORDER);
export type IssueUpdateBody = z.infer<typeof IssueUpdateBodySchema>;

export const IssueBatchBodySchema = z.object({
  ids: z
    .array(IdSchema('ids'), { error: messages.required('ids') })
    .min(1, messages.required('ids'))
    .max(MAX_BATCH_ISSUES, `ids may hold at most ${MAX_BATCH_ISSUES} work items`),
  changes: EditableFieldsSchema.partial()
    .refine((c) => Object.keys(c).length > 0, 'changes: name at least one field to change')
    .refine(datesInOrder, DATE_ORDER),
});
export type IssueBatchBody = z.infer<typeof IssueBatchBodySchema>;

/** A work item as other items refer to it (parent, children, links, pickers). */
export const IssueRefSchema = z
  .object({
    id: z.string(),
    issueNumber: z.number().int(),
    pmIssueType: z.number().int(),
    title: z.string(),
    status: z.number().int(),
    statusName: z.string(),
  })
  .meta({ id: 'IssueRef' });
export type IssueRef = z.infer<typeof IssueRefSchema>;

export const IssueRowSchema = z
  .object({
    id: z.string(),
    /** The same id under the name the spec's calls use. */
    issueId: z.string(),
    pmsProjectId: z.string(),
    /** #1, #2, ... per project; never reused, even after a delete. */
    issueNumber: z.number().int(),
    pmIssueType: z.number().int(),
    title: z.string(),
    status: z.number().int(),
    statusName: z.string(),
    priority: z.number().int(),
    assignee: UserSummarySchema.nullable(),
    author: UserSummarySchema,
    tags: z.array(IssueTagSchema),
    startDate: z.string().nullable(),
    endDate: z.string().nullable(),
    estimatedHours: z.number().nullable(),
    parentId: z.string().nullable(),
    childCount: z.number().int(),
    /** The iteration it is planned in (iterations are a later capability). */
    sprintId: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    /** When it last entered the closed status; null while not closed. */
    closedAt: z.string().nullable(),
    version: z.number().int(),
  })
  .meta({ id: 'IssueRow' });
export type IssueRow = z.infer<typeof IssueRowSchema>;

export const IssueDetailSchema = IssueRowSchema.extend({
  description: z.string(),
  parent: IssueRefSchema.nullable(),
  children: z.array(IssueRefSchema),
  links: z.array(IssueRefSchema),
  /** The statuses it may move to now (the workflow in shared/src/domain/work-item-workflow.ts). */
  nextStatuses: z.array(z.number().int()),
}).meta({ id: 'IssueDetail' });
export type IssueDetail = z.infer<typeof IssueDetailSchema>;

// ---- the list ---------------------------------------------------------------------------------

export const ISSUE_ORDER_BY = [
  'updatedAt',
  'createdAt',
  'priority',
  'startDate',
  'endDate',
  'assigneeInitials',
] as const;
export type IssueOrderBy = (typeof ISSUE_ORDER_BY)[number];

/** Comma-separated values of a query parameter, e.g. `status=1,2`. */
function csv<T extends z.ZodType<unknown, string>>(label: string, item: T) {
  return z
    .string()
    .transform((v) => v.split(',').filter(Boolean))
    .pipe(z.array(item, { error: `${label} has a value that is not allowed` }).max(50))
    .optional();
}
const intCsv = <T extends readonly number[]>(label: string, allowed: T) =>
  csv(
    label,
    z
      .string()
      .regex(/^\d+$/, `${label} must be one of ${allowed.join(', ')}`)
      .transform(Number)
      .refine(
        (n) => (allowed as readonly number[]).includes(n),
        `${label} must be one of ${allowed.join(', ')}`,
      ),
  );

export const IssueListQuerySchema = PageQuerySchema.extend({
  pmsProjectId: IdSchema('pmsProjectId'),
  /** Filter kind 5 (type): one or more kinds; all three when absent. */
  pmIssueType: intCsv('pmIssueType', ISSUE_KINDS),
  /** Filter kind 1. */
  status: intCsv('status', ISSUE_STATUS_IDS),
  /** Status groups: all = 1,2,3,5,6; opened = 1,2,3,6; closed = 5. */
  statusGroup: z.enum(['all', 'opened', 'closed']).optional(),
  /** The open filter: 0 all, 1 open, 2 closed. */
  open: z.coerce.number().int().min(0).max(2).optional(),
  /** Filter kind 2. */
  priority: intCsv('priority', ISSUE_PRIORITY_IDS),
  /** Filter kind 3 (owner = assignee); `none` matches unassigned items. */
  assigneeId: csv('assigneeId', z.string().min(1).max(64)),
  /** Filter kind 4: items carrying any of these tags. */
  tagId: csv('tagId', z.string().min(1).max(64)),
  /** Children of one item. */
  parentId: z.string().max(64).optional(),
  /** Items of one sprint; `none` matches items in no sprint (the backlog, `iteration/unplaning`). */
  sprintId: z.string().max(64).optional(),
  /** Words that must all occur in the title (case-insensitive), or `#12` for item number 12. */
  keyword: z.string().trim().max(100).optional(),
  orderBy: z.enum(ISSUE_ORDER_BY).default('updatedAt'),
  sort: z.enum(['asc', 'desc']).default('desc'),
});
export type IssueListQuery = z.infer<typeof IssueListQuerySchema>;

export const IssuePageSchema = pageSchema(IssueRowSchema)
  .extend({
    /** How many items match the other filters in each status group (for the tabs). */
    counts: z.object({ all: z.number().int(), opened: z.number().int(), closed: z.number().int() }),
  })
  .meta({ id: 'IssuePage' });
export type IssuePage = z.infer<typeof IssuePageSchema>;

export const OptionalParentQuerySchema = z.object({ keyword: z.string().trim().max(100).optional() });

export const IssueLinkBodySchema = z.object({
  issueId: IdSchema('issueId'),
  linkedIssueId: IdSchema('linkedIssueId'),
});
export type IssueLinkBody = z.infer<typeof IssueLinkBodySchema>;

// ---- journals ---------------------------------------------------------------------------------

export const JournalDetailSchema = z.object({
  /** The field's name in the API (`status`, `assigneeId`, ...). */
  field: z.string(),
  /** What people call it ("Status", "Assignee"). */
  label: z.string(),
  /** Readable values at the time of the change ("In progress", "Alice"); null when empty. */
  oldValue: z.string().nullable(),
  newValue: z.string().nullable(),
});
export type JournalDetail = z.infer<typeof JournalDetailSchema>;

/** `commit` and `branch`: a commit or a branch of a linked repository mentioned the item. */
export const JOURNAL_KINDS = ['created', 'updated', 'comment', 'deleted', 'commit', 'branch'] as const;

export const JournalSchema = z
  .object({
    id: z.string(),
    issueId: z.string(),
    issueNumber: z.number().int(),
    pmIssueType: z.number().int(),
    /** The item's title when the entry was written. */
    issueTitle: z.string(),
    kind: z.enum(JOURNAL_KINDS),
    user: UserSummarySchema,
    /** The comment (markdown); empty for history entries. */
    notes: z.string(),
    details: z.array(JournalDetailSchema),
    /** The repository of a `commit` or `branch` entry; null for the others. */
    pmProjectRepositoryId: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    version: z.number().int(),
  })
  .meta({ id: 'Journal' });
export type Journal = z.infer<typeof JournalSchema>;

export const JournalPageSchema = pageSchema(JournalSchema);

export const JournalListQuerySchema = PageQuerySchema.extend({
  /** `comment`: comments only; `history`: field changes only; absent: everything. */
  kind: z.enum(['comment', 'history']).optional(),
});

export const CommentBodySchema = z.object({ notes: text('comment', 10_000) });
export const CommentUpdateBodySchema = CommentBodySchema.extend({ version: VersionSchema });
