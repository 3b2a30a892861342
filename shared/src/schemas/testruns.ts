/**
 * Test execution (`/api/pms/{identifier}/pmsProjectTestsheet...` and `testReport`): a project's
 * tree of test sheets, the cases in each with their results (section 4), the work items linked
 * to a sheet case (bugs filed from failures), and test reports that snapshot a sheet's results.
 * Calls and rules: docs/api-conventions.md, "Test management".
 */
import * as z from 'zod';
import {
  MAX_BATCH_SHEET_CASES,
  MAX_SHEET_CASE_ADD,
  MAX_SHEET_CASE_ISSUES,
  SHEET_STATUS,
  TEST_RESULT_IDS,
} from '../domain/testing';
import {
  DateSchema,
  IdSchema,
  messages,
  optionalText,
  PageQuerySchema,
  PrioritySchemaOf,
  text,
  VersionSchema,
} from './common';
import { IssueRefSchema } from './issues';
import { UserSummarySchema } from './projects';

const ResultSchema = z.union(
  TEST_RESULT_IDS.map((id) => z.literal(id)),
  { error: 'result must be 0 (not executed), 1 (passed), 2 (failed), 3 (blocked) or 4 (skipped)' },
);
const ResultCountsSchema = z
  .object({
    total: z.number().int(),
    notExecuted: z.number().int(),
    passed: z.number().int(),
    failed: z.number().int(),
    blocked: z.number().int(),
    skipped: z.number().int(),
    /** passed / executed, 0..1 (shared/src/domain/testing.ts passRate). */
    passRate: z.number(),
  })
  .meta({ id: 'ResultCounts' });
export type ResultCounts = z.infer<typeof ResultCountsSchema>;

// ---- sheets -------------------------------------------------------------------------------------

const SheetFieldsSchema = z.object({
  name: text('sheet name', 80),
  description: optionalText('description', 5000),
  /** The parent sheet; null or absent at the top. */
  root_id: IdSchema('root_id').nullable().optional(),
  sort: z.number().int().min(0).max(100_000).optional(),
  /** The sprint the sheet tests (a sprint of the project); none when null. */
  sprintId: IdSchema('sprintId').nullable().optional(),
  /** Who is responsible for the sheet (a project member); none when null. */
  ownerId: IdSchema('ownerId').nullable().optional(),
  startDate: DateSchema('startDate').optional(),
  endDate: DateSchema('endDate').optional(),
});

export const SheetBodySchema = SheetFieldsSchema.extend({ pmsProjectId: IdSchema('pmsProjectId') });
export type SheetBody = z.infer<typeof SheetBodySchema>;

/**
 * `PUT pmsProjectTestsheet/{id}`: edit and move at the version read; `status` 2 completes the
 * sheet and 1 reopens a completed one (a sheet starts by itself with its first result).
 */
export const SheetUpdateBodySchema = SheetFieldsSchema.partial().extend({
  version: VersionSchema,
  status: z
    .union([z.literal(SHEET_STATUS.inProgress), z.literal(SHEET_STATUS.completed)], {
      error: 'status must be 1 (reopen) or 2 (complete)',
    })
    .optional(),
});
export type SheetUpdateBody = z.infer<typeof SheetUpdateBodySchema>;

export const SheetSchema = z
  .object({
    id: z.string(),
    pmsProjectId: z.string(),
    name: z.string(),
    description: z.string(),
    root_id: z.string().nullable(),
    sort: z.number().int(),
    sprintId: z.string().nullable(),
    sprintName: z.string().nullable(),
    owner: UserSummarySchema.nullable(),
    startDate: z.string().nullable(),
    endDate: z.string().nullable(),
    /** 0 not started, 1 in progress, 2 completed. */
    status: z.number().int(),
    statusName: z.string(),
    completedAt: z.string().nullable(),
    /** The cases directly in this sheet and their latest results. */
    counts: ResultCountsSchema,
    creator: UserSummarySchema,
    createdAt: z.string(),
    updatedAt: z.string(),
    version: z.number().int(),
  })
  .meta({ id: 'Sheet' });
export type Sheet = z.infer<typeof SheetSchema>;

export type SheetNode = Sheet & { children: SheetNode[] };
export const SheetNodeSchema: z.ZodType<SheetNode> = SheetSchema.extend({
  get children() {
    return z.array(SheetNodeSchema);
  },
}).meta({ id: 'SheetNode' });

export const SheetListQuerySchema = PageQuerySchema.extend({
  pmsProjectId: IdSchema('pmsProjectId'),
  status: z.coerce.number().int().min(0).max(2).optional(),
  keyword: z.string().trim().max(100).optional(),
});
export type SheetListQuery = z.infer<typeof SheetListQuerySchema>;

// ---- sheet cases --------------------------------------------------------------------------------

/**
 * A sheet case id, `{projectId}.{sheetLocal}-{caseLocal}`: three 26-character ids, longer than
 * the 64 characters IdSchema allows.
 */
const SheetCaseIdSchema = (label: string) =>
  z
    .string({ error: messages.required(label) })
    .min(1, messages.required(label))
    .max(100, messages.tooLong(label, 100));

/** `POST pmsProjectTestsheetCases`: add library cases to a sheet; cases already there are skipped. */
export const SheetCasesAddBodySchema = z.object({
  projectTestsheetId: IdSchema('projectTestsheetId'),
  caseIds: z
    .array(IdSchema('caseIds'), { error: 'Please enter caseIds' })
    .min(1, 'Please enter caseIds')
    .max(MAX_SHEET_CASE_ADD, `caseIds may hold at most ${MAX_SHEET_CASE_ADD} cases`),
});
export type SheetCasesAddBody = z.infer<typeof SheetCasesAddBodySchema>;

export const SheetCasesAddResultSchema = z
  .object({ added: z.number().int(), skipped: z.number().int() })
  .meta({ id: 'SheetCasesAddResult' });

/** `PUT pmsProjectTestsheetCases/{id}`: record a run's result (and note), at the version read. */
export const SheetCaseResultBodySchema = z.object({
  result: ResultSchema,
  /** What happened in this run (the actual result of a failure, why it was blocked...). */
  note: optionalText('note', 5000),
  /** Who should run it; a project member, none when null. */
  assigneeId: IdSchema('assigneeId').nullable().optional(),
  version: VersionSchema,
});
export type SheetCaseResultBody = z.infer<typeof SheetCaseResultBodySchema>;

/**
 * `PUT pmsProjectTestsheetCases/batchUpdate`: one result (or assignee) for several sheet cases.
 * A note belongs to a run, so it comes with a result; and a field it does not know (a `notes`
 * for `note`) is refused rather than dropped, since the call answers with every case changed.
 */
export const SheetCaseBatchBodySchema = z
  .strictObject(
    {
      idList: z
        .array(SheetCaseIdSchema('idList'), { error: 'Please enter idList' })
        .min(1, 'Please enter idList')
        .max(MAX_BATCH_SHEET_CASES, `idList may hold at most ${MAX_BATCH_SHEET_CASES} sheet cases`),
      result: ResultSchema.optional(),
      note: optionalText('note', 5000),
      assigneeId: IdSchema('assigneeId').nullable().optional(),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `${issue.keys.join(', ')} ${issue.keys.length === 1 ? 'is not a field' : 'are not fields'} of this call`
          : undefined,
    },
  )
  .refine((b) => b.result !== undefined || b.assigneeId !== undefined, {
    message: 'Please enter result or assigneeId',
    path: ['idList'],
  })
  .refine((b) => !b.note || b.result !== undefined, {
    message: 'a note is recorded with a result; send result too',
    path: ['note'],
  });
export type SheetCaseBatchBody = z.infer<typeof SheetCaseBatchBodySchema>;

export const SheetCaseListQuerySchema = PageQuerySchema.extend({
  projectTestsheetId: IdSchema('projectTestsheetId'),
  result: z.coerce.number().int().min(0).max(4).optional(),
  moduleId: z.string().min(1).max(64).optional(),
  assigneeId: z.string().min(1).max(64).optional(),
  keyword: z.string().trim().max(100).optional(),
});
export type SheetCaseListQuery = z.infer<typeof SheetCaseListQuerySchema>;

export const SheetCaseRowSchema = z
  .object({
    /** `{projectId}.{sheetLocal}-{caseLocal}`. */
    id: z.string(),
    projectTestsheetId: z.string(),
    caseId: z.string(),
    caseNumber: z.number().int(),
    title: z.string(),
    moduleId: z.string().nullable(),
    moduleName: z.string(),
    type: z.number().int(),
    priority: z.number().int(),
    /** True when the library case was deleted; the row keeps what it was when added. */
    caseDeleted: z.boolean(),
    /** The latest run's result, 0..4, and its name. */
    result: z.number().int(),
    resultName: z.string(),
    executor: UserSummarySchema.nullable(),
    executedAt: z.string().nullable(),
    note: z.string(),
    assignee: UserSummarySchema.nullable(),
    linkIssueIds: z.array(z.string()),
    runCount: z.number().int(),
    version: z.number().int(),
  })
  .meta({ id: 'SheetCaseRow' });
export type SheetCaseRow = z.infer<typeof SheetCaseRowSchema>;

export const SheetCaseRunSchema = z
  .object({
    result: z.number().int(),
    resultName: z.string(),
    note: z.string(),
    executor: UserSummarySchema,
    executedAt: z.string(),
  })
  .meta({ id: 'SheetCaseRun' });

export const LinkedIssueSchema = IssueRefSchema.extend({
  priority: z.number().int(),
  assignee: UserSummarySchema.nullable(),
}).meta({ id: 'LinkedIssue' });
export type LinkedIssue = z.infer<typeof LinkedIssueSchema>;

/** `GET pmsProjectTestsheetCases/{id}`: the row with the case's content, every run and the links. */
export const SheetCaseDetailSchema = SheetCaseRowSchema.extend({
  precondition: z.string(),
  steps: z.array(z.object({ step: z.string(), expected: z.string() })),
  /** Newest first. */
  runs: z.array(SheetCaseRunSchema),
  linkedIssues: z.array(LinkedIssueSchema),
}).meta({ id: 'SheetCaseDetail' });
export type SheetCaseDetail = z.infer<typeof SheetCaseDetailSchema>;

// ---- work items linked to sheet cases -----------------------------------------------------------

export const SheetIssueListQuerySchema = PageQuerySchema.extend({
  /** One of the two: the links of a sheet case, or of every case of a sheet. */
  projectTestsheetCasesId: z.string().min(1).max(100).optional(),
  projectTestsheetId: z.string().min(1).max(64).optional(),
}).refine((q) => q.projectTestsheetCasesId || q.projectTestsheetId, {
  message: 'Please enter projectTestsheetCasesId or projectTestsheetId',
  path: ['projectTestsheetCasesId'],
});
export type SheetIssueListQuery = z.infer<typeof SheetIssueListQuerySchema>;

export const SheetIssueRowSchema = z
  .object({
    /** The link's id: `{projectTestsheetCasesId}~{issueId}` (DELETE takes it). */
    id: z.string(),
    projectTestsheetCasesId: z.string(),
    caseTitle: z.string(),
    issue: LinkedIssueSchema,
    linkedAt: z.string(),
  })
  .meta({ id: 'SheetIssueRow' });
export type SheetIssueRow = z.infer<typeof SheetIssueRowSchema>;

const LinkIssueIdsSchema = z
  .array(IdSchema('linkIssueIds'), { error: 'Please enter linkIssueIds' })
  .min(1, 'Please enter linkIssueIds')
  .max(MAX_SHEET_CASE_ISSUES, `linkIssueIds may hold at most ${MAX_SHEET_CASE_ISSUES} items`);

/** `POST pmsProjectTestsheetIssues/batchAdd` and `PUT .../unlink`: work items of the sheet's project. */
export const SheetIssueLinkBodySchema = z.object({
  projectTestsheetCasesId: SheetCaseIdSchema('projectTestsheetCasesId'),
  linkIssueIds: LinkIssueIdsSchema,
});
export type SheetIssueLinkBody = z.infer<typeof SheetIssueLinkBodySchema>;

/**
 * `POST pmsProjectTestsheetIssues`: file a bug from a sheet case. The bug's description is
 * prefilled from the case (preconditions, steps, expected results) and the latest run's note;
 * fields given here override. The bug and the link are written in one transaction.
 */
export const FileBugBodySchema = z.object({
  projectTestsheetCasesId: SheetCaseIdSchema('projectTestsheetCasesId'),
  title: text('title', 200).optional(),
  description: optionalText('description', 50_000),
  priority: PrioritySchemaOf().optional(),
  assigneeId: IdSchema('assigneeId').nullable().optional(),
});
export type FileBugBody = z.infer<typeof FileBugBodySchema>;

export const FiledBugSchema = z
  .object({ link: SheetIssueRowSchema, issueId: z.string() })
  .meta({ id: 'FiledBug' });

// ---- reports ------------------------------------------------------------------------------------

export const ReportBodySchema = z.object({
  projectTestsheetId: IdSchema('projectTestsheetId'),
  name: text('report name', 80),
  /** Markdown: conclusions, risks. */
  summary: optionalText('summary', 20_000),
});
export type ReportBody = z.infer<typeof ReportBodySchema>;

/** `PUT testReport/{id}`: name and summary only; the snapshot never changes. */
export const ReportUpdateBodySchema = z.object({
  name: text('report name', 80).optional(),
  summary: optionalText('summary', 20_000),
  version: VersionSchema,
});
export type ReportUpdateBody = z.infer<typeof ReportUpdateBodySchema>;

export const ReportListQuerySchema = PageQuerySchema.extend({
  pmsProjectId: IdSchema('pmsProjectId'),
  keyword: z.string().trim().max(100).optional(),
});
export type ReportListQuery = z.infer<typeof ReportListQuerySchema>;

export const ReportSchema = z
  .object({
    id: z.string(),
    pmsProjectId: z.string(),
    projectTestsheetId: z.string(),
    /** The sheet's name when the report was made. */
    sheetName: z.string(),
    name: z.string(),
    summary: z.string(),
    /** The counts of the snapshot. */
    counts: ResultCountsSchema,
    bugCount: z.number().int(),
    creator: UserSummarySchema,
    /** When the snapshot was taken. */
    createdAt: z.string(),
    updatedAt: z.string(),
    version: z.number().int(),
  })
  .meta({ id: 'Report' });
export type Report = z.infer<typeof ReportSchema>;

export const ReportCaseSchema = z.object({
  caseId: z.string(),
  caseNumber: z.number().int(),
  title: z.string(),
  moduleName: z.string(),
  priority: z.number().int(),
  result: z.number().int(),
  resultName: z.string(),
  executorName: z.string().nullable(),
  executedAt: z.string().nullable(),
  note: z.string(),
});
export type ReportCase = z.infer<typeof ReportCaseSchema>;

export const ReportBugSchema = z.object({
  issueId: z.string(),
  issueNumber: z.number().int(),
  title: z.string(),
  priority: z.number().int(),
  status: z.number().int(),
  statusName: z.string(),
});
export type ReportBug = z.infer<typeof ReportBugSchema>;

/** `GET testReport/{id}`: the report with its snapshot, as it was when made. */
export const ReportDetailSchema = ReportSchema.extend({
  cases: z.array(ReportCaseSchema),
  bugs: z.array(ReportBugSchema),
}).meta({ id: 'ReportDetail' });
export type ReportDetail = z.infer<typeof ReportDetailSchema>;

/** `GET testReport/chart/{id}`: the series of the three charts, from the snapshot. */
export const ReportChartSchema = z
  .object({
    passRate: ResultCountsSchema,
    byResult: z.array(
      z.object({ result: z.number().int(), name: z.string(), color: z.string(), count: z.number().int() }),
    ),
    /** One row per module path ('' without a module), counts by result. */
    byModule: z.array(
      z.object({
        moduleName: z.string(),
        notExecuted: z.number().int(),
        passed: z.number().int(),
        failed: z.number().int(),
        blocked: z.number().int(),
        skipped: z.number().int(),
      }),
    ),
    bugsByPriority: z.array(
      z.object({ priority: z.number().int(), name: z.string(), color: z.string(), count: z.number().int() }),
    ),
  })
  .meta({ id: 'ReportChart' });
export type ReportChart = z.infer<typeof ReportChartSchema>;
