/**
 * Weekly reports (`/api/pms/{identifier}/pmsProjectWeeklyReport/...`, spec sections 3, 7 and 9):
 * a member's report per project and week from a template, the project's counts of the week, the
 * team and personal views, the items of the week, templates and reminders. Rules and the exact
 * meaning of every count: docs/weekly-reports.md.
 */
import * as z from 'zod';
import {
  ISSUE_CATEGORIES,
  ITEM_LISTS,
  isMonday,
  PROJECT_ISSUE_CATEGORIES,
  REPORT_STATUS,
  WEEKLY_LIMITS,
} from '../domain/weekly';
import { DateSchema, IdSchema, messages, optionalText, PageQuerySchema, text, VersionSchema } from './common';
import { IssueRefSchema } from './issues';
import { UserSummarySchema } from './projects';

/** A week, named by its Monday in the enterprise's time zone. */
export const WeekStartSchema = z
  .string({ error: messages.required('weekStart') })
  .refine(isMonday, 'weekStart must be a Monday, a date like 2026-03-02');

const CompletionSchema = z
  .number({ error: 'completion must be a number from 0 to 100' })
  .int('completion must be a whole number from 0 to 100')
  .min(0, 'completion must be a number from 0 to 100')
  .max(100, 'completion must be a number from 0 to 100');

// ---- templates ----------------------------------------------------------------------------------

export const TemplateSectionSchema = z
  .object({
    key: z
      .string({ error: messages.required('key') })
      .regex(/^[a-zA-Z][a-zA-Z0-9]{0,29}$/, 'key must be a letter then up to 29 letters or digits'),
    title: text('title', 80),
    kind: z.enum(['text', 'table'], { error: 'kind must be text or table' }),
    /** The list of work items the section shows (at most one section per list). */
    items: z.enum(ITEM_LISTS, { error: 'items must be thisWeek or nextWeek' }).optional(),
  })
  .meta({ id: 'WeeklyTemplateSection' });

export const TemplateBodySchema = z.object({
  name: text('name', 60),
  sections: z
    .array(TemplateSectionSchema, { error: 'sections must be a list' })
    .min(1, 'sections: a template needs at least one section')
    .max(WEEKLY_LIMITS.sections, `sections: a template has at most ${WEEKLY_LIMITS.sections} sections`),
});
export type TemplateBody = z.infer<typeof TemplateBodySchema>;

export const TemplateSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    /** The two defaults of spec section 9: nobody can change or delete them. */
    builtIn: z.boolean(),
    sections: z.array(TemplateSectionSchema),
  })
  .meta({ id: 'WeeklyTemplate' });
export type Template = z.infer<typeof TemplateSchema>;

// ---- report content -----------------------------------------------------------------------------

/** One row of a table section (section 9's columns; the serial number is its position). */
export const TableRowSchema = z
  .object({
    majorItem: optionalText('majorItem', 200).default(''),
    detail: optionalText('detail', 2000).default(''),
    department: optionalText('department', 80).default(''),
    person: optionalText('person', 80).default(''),
    plannedCompletion: DateSchema('plannedCompletion').default(null),
    actualCompletion: DateSchema('actualCompletion').default(null),
    progress: CompletionSchema.default(0),
  })
  .meta({ id: 'WeeklyTableRow' });
export type TableRow = z.infer<typeof TableRowSchema>;

/** Section key -> its text (text sections) or rows (table sections); checked against the template. */
export const ReportContentSchema = z.record(
  z.string(),
  z.union([
    z.string().max(WEEKLY_LIMITS.sectionText, messages.tooLong('section text', WEEKLY_LIMITS.sectionText)),
    z
      .array(TableRowSchema)
      .max(WEEKLY_LIMITS.tableRows, `a table has at most ${WEEKLY_LIMITS.tableRows} rows`),
  ]),
);
export type ReportContent = z.infer<typeof ReportContentSchema>;

/** A work item listed in a report: in this week's work or next week's plan, with its completion. */
export const ReportItemInputSchema = z.object({
  issueId: IdSchema('issueId'),
  list: z.enum(ITEM_LISTS, { error: 'list must be thisWeek or nextWeek' }),
  completion: CompletionSchema.default(0),
});
export type ReportItemInput = z.infer<typeof ReportItemInputSchema>;

const ItemsInputSchema = z
  .array(ReportItemInputSchema)
  .max(WEEKLY_LIMITS.items, `items: a report lists at most ${WEEKLY_LIMITS.items} work items`);

/** `POST add`: the caller's report of a project for a week (this week when absent). */
export const ReportAddBodySchema = z.object({
  pmsProjectId: IdSchema('pmsProjectId'),
  weekStart: WeekStartSchema.optional(),
  templateId: IdSchema('templateId'),
  content: ReportContentSchema.optional(),
  items: ItemsInputSchema.optional(),
  /** Submit at once: the counts and the item list are frozen. */
  submit: z.boolean().optional(),
});
export type ReportAddBody = z.infer<typeof ReportAddBodySchema>;

/** `PUT edit/{id}`: the text always (until the week closes); the items only before submitting. */
export const ReportEditBodySchema = z.object({
  content: ReportContentSchema.optional(),
  items: ItemsInputSchema.optional(),
  submit: z.boolean().optional(),
  version: VersionSchema,
});
export type ReportEditBody = z.infer<typeof ReportEditBodySchema>;

/** `PUT issueCompletion`: how far a listed work item is, in the report that lists it. */
export const IssueCompletionBodySchema = z.object({
  memberWeeklyId: IdSchema('memberWeeklyId'),
  issueId: IdSchema('issueId'),
  completion: CompletionSchema,
  version: VersionSchema,
});
export type IssueCompletionBody = z.infer<typeof IssueCompletionBodySchema>;

/** `POST remind`: remind the project's members who have not submitted the week (managers). */
export const RemindBodySchema = z.object({
  pmsProjectId: IdSchema('pmsProjectId'),
  weekStart: WeekStartSchema.optional(),
});

// ---- queries ------------------------------------------------------------------------------------

export const WeekQuerySchema = z.object({ weekStart: WeekStartSchema.optional() });
export const ProjectWeekQuerySchema = WeekQuerySchema.extend({ pmsProjectId: IdSchema('pmsProjectId') });

export const ReportListQuerySchema = PageQuerySchema.extend({
  pmsProjectId: IdSchema('pmsProjectId'),
  weekStart: WeekStartSchema.optional(),
  userId: IdSchema('userId').optional(),
  status: z.enum([REPORT_STATUS.draft, REPORT_STATUS.submitted]).optional(),
});
export type ReportListQuery = z.infer<typeof ReportListQuerySchema>;

const PROJECT_CATEGORY_IDS = PROJECT_ISSUE_CATEGORIES.map((c) => c.id) as [string, ...string[]];

export const ProjectIssueListQuerySchema = PageQuerySchema.extend({
  pmsProjectId: IdSchema('pmsProjectId'),
  weekStart: WeekStartSchema.optional(),
  category: z
    .enum(PROJECT_CATEGORY_IDS, { error: `category must be one of ${PROJECT_CATEGORY_IDS.join(', ')}` })
    .default('created'),
});
export type ProjectIssueListQuery = z.infer<typeof ProjectIssueListQuerySchema>;

// ---- answers ------------------------------------------------------------------------------------

export const WeekInfoSchema = z
  .object({
    weekStart: z.string(),
    /** Its Sunday. */
    weekEnd: z.string(),
    label: z.string(),
    timeZone: z.string(),
    /** The week's bounds as instants: from its Monday 00:00 to the next Monday 00:00. */
    startsAt: z.string(),
    endsAt: z.string(),
    /** Reports of the week can be written until then (the end of the following week). */
    closesAt: z.string(),
    state: z.enum(['current', 'open', 'closed']),
    /** The week after it, unless that is in the future. */
    next: z.string().nullable(),
    previous: z.string(),
  })
  .meta({ id: 'WeekInfo' });
export type WeekInfo = z.infer<typeof WeekInfoSchema>;

/** Spec section 3's summary counts of a project's week (definitions: docs/weekly-reports.md). */
export const WeeklyCountsSchema = z
  .object({
    this_week_requirement_issues_count: z.number().int(),
    this_week_task_issues_count: z.number().int(),
    this_week_bug_issues_count: z.number().int(),
    close_requirement_issues_count: z.number().int(),
    close_task_issues_count: z.number().int(),
    close_bug_issues_count: z.number().int(),
    this_week_complete_sprint_count: z.number().int(),
    this_week_complete_test_sheet_count: z.number().int(),
    project_info: z.object({ projectName: z.string() }),
  })
  .meta({ id: 'WeeklyCounts' });
export type WeeklyCounts = z.infer<typeof WeeklyCountsSchema>;

export const WeeklyIssueSchema = IssueRefSchema.extend({
  priority: z.number().int(),
  assignee: UserSummarySchema.nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
}).meta({ id: 'WeeklyIssue' });
export type WeeklyIssue = z.infer<typeof WeeklyIssueSchema>;

export const ReportItemSchema = z
  .object({
    issueId: z.string(),
    list: z.enum(ITEM_LISTS),
    completion: z.number().int(),
    /** The item as it is (a draft) or as it was when the report was submitted; null when deleted. */
    issue: WeeklyIssueSchema.nullable(),
  })
  .meta({ id: 'WeeklyReportItem' });
export type ReportItem = z.infer<typeof ReportItemSchema>;

export const ReportSummarySchema = z
  .object({
    /** The memberWeeklyId of the routes. */
    id: z.string(),
    /** Report kind (spec section 9): 4, a member's report. */
    kind: z.number().int(),
    pmsProjectId: z.string(),
    projectName: z.string(),
    user: UserSummarySchema,
    weekStart: z.string(),
    templateId: z.string(),
    templateName: z.string(),
    status: z.enum([REPORT_STATUS.draft, REPORT_STATUS.submitted]),
    submittedAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    version: z.number().int(),
  })
  .meta({ id: 'WeeklyReport' });
export type ReportSummary = z.infer<typeof ReportSummarySchema>;

export const RevisionSchema = z
  .object({
    revision: z.number().int(),
    action: z.enum(['created', 'edited', 'submitted', 'completion']),
    user: UserSummarySchema,
    at: z.string(),
    content: ReportContentSchema,
    items: z.array(z.object({ issueId: z.string(), list: z.enum(ITEM_LISTS), completion: z.number().int() })),
  })
  .meta({ id: 'WeeklyRevision' });
export type Revision = z.infer<typeof RevisionSchema>;

export const ReportDetailSchema = ReportSummarySchema.extend({
  sections: z.array(TemplateSectionSchema),
  content: ReportContentSchema,
  items: z.array(ReportItemSchema),
  /** The project's counts of the week: as submitted (frozen) or as they are now (a draft). */
  counts: WeeklyCountsSchema,
  frozen: z.boolean(),
  week: WeekInfoSchema,
  /** The caller wrote it and the week is still open. */
  editable: z.boolean(),
  /** Every write, oldest first. */
  history: z.array(RevisionSchema),
}).meta({ id: 'WeeklyReportDetail' });
export type ReportDetail = z.infer<typeof ReportDetailSchema>;

export const TeamMemberWeekSchema = z.object({
  user: UserSummarySchema,
  role: z.enum(['manager', 'member']),
  /** Null: nothing written yet. A draft counts as not submitted. */
  report: ReportSummarySchema.nullable(),
});

/** `GET projectTeam`: report kind 5, the project's week. */
export const TeamWeeklySchema = z
  .object({
    kind: z.number().int(),
    week: WeekInfoSchema,
    project: z.object({ id: z.string(), name: z.string() }),
    counts: WeeklyCountsSchema,
    /** The counts of the last weeks, oldest first, the chosen week last (the week-over-week chart). */
    trend: z.array(z.object({ weekStart: z.string(), counts: WeeklyCountsSchema })),
    members: z.array(TeamMemberWeekSchema),
    submitted: z.number().int(),
    missing: z.number().int(),
    /** The caller manages the project (or administers the enterprise): may remind and export. */
    manages: z.boolean(),
  })
  .meta({ id: 'TeamWeekly' });
export type TeamWeekly = z.infer<typeof TeamWeeklySchema>;

export const NoticeSchema = z
  .object({
    id: z.string(),
    kind: z.literal('reminder'),
    pmsProjectId: z.string(),
    projectName: z.string(),
    weekStart: z.string(),
    message: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'WeeklyNotice' });
export type Notice = z.infer<typeof NoticeSchema>;

/** `GET personal`: the caller's reports across projects, the projects they lead, their reminders. */
export const PersonalWeeklySchema = z
  .object({
    week: WeekInfoSchema,
    reports: z.array(
      z.object({
        project: z.object({ id: z.string(), name: z.string() }),
        report: ReportSummarySchema.nullable(),
      }),
    ),
    led: z.array(
      z.object({
        project: z.object({ id: z.string(), name: z.string() }),
        members: z.number().int(),
        submitted: z.number().int(),
        reports: z.array(ReportSummarySchema),
      }),
    ),
    /** Reminders of reports still not submitted. */
    notices: z.array(NoticeSchema),
  })
  .meta({ id: 'PersonalWeekly' });
export type PersonalWeekly = z.infer<typeof PersonalWeeklySchema>;

const issueLists = Object.fromEntries(
  ISSUE_CATEGORIES.map((c) => [c.id, z.array(WeeklyIssueSchema)]),
) as Record<(typeof ISSUE_CATEGORIES)[number]['id'], z.ZodArray<typeof WeeklyIssueSchema>>;

/** `GET personalIssueList`: the caller's items of the week, to pick into the report. */
export const PersonalIssuesSchema = z
  .object({
    week: WeekInfoSchema,
    ...issueLists,
    /** Last week's "next week" items: this week's planned items. */
    planned: z.array(WeeklyIssueSchema),
    /** Last week's report's next-week text, if any. */
    plannedNotes: z.string(),
  })
  .meta({ id: 'PersonalIssues' });
export type PersonalIssues = z.infer<typeof PersonalIssuesSchema>;

export const ProjectIssuePageSchema = z
  .object({
    rows: z.array(WeeklyIssueSchema),
    total: z.number().int(),
    pageNum: z.number().int(),
    pageSize: z.number().int(),
    week: WeekInfoSchema,
    /** How many items each category holds. */
    categories: z.record(z.string(), z.number().int()),
  })
  .meta({ id: 'ProjectIssuePage' });
export type ProjectIssuePage = z.infer<typeof ProjectIssuePageSchema>;

export const RemindResultSchema = z.object({ reminded: z.array(UserSummarySchema) });
export type RemindResult = z.infer<typeof RemindResultSchema>;
