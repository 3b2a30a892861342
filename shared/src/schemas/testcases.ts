/**
 * The case library (`/api/pms/{identifier}/pmsProjectTestcase...`): a project's test cases, their
 * module tree, tags and types, spreadsheet import and export, and the links from cases to
 * requirement specs and work items. Calls and rules: docs/api-conventions.md, "Test management".
 */
import * as z from 'zod';
import { MAX_MODULE_DEPTH } from '../domain/products';
import {
  CASE_TYPE_IDS,
  MAX_BATCH_CASES,
  MAX_CASE_SPECS,
  MAX_CASE_STEPS,
  MAX_CASE_TAGS,
  MAX_LINK_CASES,
} from '../domain/testing';
import { IdSchema, optionalText, PageQuerySchema, PrioritySchemaOf, text, VersionSchema } from './common';
import { IssueRefSchema, IssueTagBodySchema, IssueTagSchema, IssueTagUpdateBodySchema } from './issues';
import { UserSummarySchema } from './projects';

export { MAX_MODULE_DEPTH };

const CaseTypeSchema = z.union(
  CASE_TYPE_IDS.map((id) => z.literal(id)),
  { error: `type must be one of ${CASE_TYPE_IDS.join(', ')}` },
);

const boolFromQuery = (label: string) =>
  z
    .enum(['true', 'false'], { error: `${label} must be true or false` })
    .transform((v) => v === 'true')
    .optional();

// ---- modules ------------------------------------------------------------------------------------

export const CaseModuleSchema = z
  .object({
    id: z.string(),
    pmsProjectId: z.string(),
    name: z.string(),
    /** The parent module's id; null at the top (section 3's tree building). */
    root_id: z.string().nullable(),
    sort: z.number().int(),
    /** The product module it was copied from by `syncByProductModule`; null for the project's own. */
    productModuleId: z.string().nullable(),
    /** Cases directly in this module (not in sub-modules). */
    caseCount: z.number().int(),
    version: z.number().int(),
  })
  .meta({ id: 'CaseModule' });
export type CaseModule = z.infer<typeof CaseModuleSchema>;

export type CaseModuleNode = CaseModule & { children: CaseModuleNode[] };
export const CaseModuleNodeSchema: z.ZodType<CaseModuleNode> = CaseModuleSchema.extend({
  get children() {
    return z.array(CaseModuleNodeSchema);
  },
}).meta({ id: 'CaseModuleNode' });

export const ProjectQuerySchema = z.object({ pmsProjectId: IdSchema('pmsProjectId') });

export const CaseModuleBodySchema = z.object({
  pmsProjectId: IdSchema('pmsProjectId'),
  name: text('module name', 60),
  /** The parent module; absent or null at the top. At most MAX_MODULE_DEPTH levels. */
  root_id: IdSchema('root_id').nullable().optional(),
  sort: z.number().int().min(0).max(100_000).optional(),
});
export type CaseModuleBody = z.infer<typeof CaseModuleBodySchema>;

/** `PUT pmsProjectTestcaseModule/{id}`: rename and move; cycles and depth over 5 are refused. */
export const CaseModuleUpdateBodySchema = z.object({
  name: text('module name', 60).optional(),
  root_id: IdSchema('root_id').nullable().optional(),
  sort: z.number().int().min(0).max(100_000).optional(),
  version: VersionSchema,
});
export type CaseModuleUpdateBody = z.infer<typeof CaseModuleUpdateBodySchema>;

/** What `syncByProductModule` did: modules created, renamed or moved to match the product. */
export const ModuleSyncResultSchema = z
  .object({ created: z.number().int(), updated: z.number().int(), unchanged: z.number().int() })
  .meta({ id: 'ModuleSyncResult' });
export type ModuleSyncResult = z.infer<typeof ModuleSyncResultSchema>;

// ---- tags and types -----------------------------------------------------------------------------

/** Case tags are an enterprise-wide vocabulary, with the rules of work-item tags. */
export const CaseTagSchema = IssueTagSchema.meta({ id: 'CaseTag' });
export type CaseTag = z.infer<typeof CaseTagSchema>;
export const CaseTagBodySchema = IssueTagBodySchema;
export const CaseTagUpdateBodySchema = IssueTagUpdateBodySchema;

export const CaseTypeEntrySchema = z
  .object({ id: z.number().int(), name: z.string() })
  .meta({ id: 'CaseType' });

// ---- cases --------------------------------------------------------------------------------------

export const CaseStepSchema = z.object({
  step: text('step', 2000),
  expected: optionalText('expected result', 2000).default(''),
});
export type CaseStep = z.infer<typeof CaseStepSchema>;

const CaseFieldsSchema = z.object({
  title: text('title', 200),
  /** The module; null or absent: none. */
  moduleId: IdSchema('moduleId').nullable().optional(),
  type: CaseTypeSchema.optional(),
  priority: PrioritySchemaOf().optional(),
  tagIds: z
    .array(IdSchema('tagIds'))
    .max(MAX_CASE_TAGS, `tagIds may hold at most ${MAX_CASE_TAGS} tags`)
    .optional(),
  precondition: optionalText('precondition', 5000),
  steps: z
    .array(CaseStepSchema)
    .max(MAX_CASE_STEPS, `steps may hold at most ${MAX_CASE_STEPS} steps`)
    .optional(),
  remark: optionalText('remark', 5000),
  /** Requirement specs the case covers (product-scoped spec ids of this enterprise). */
  specIds: z
    .array(IdSchema('specIds'))
    .max(MAX_CASE_SPECS, `specIds may hold at most ${MAX_CASE_SPECS} specs`)
    .optional(),
});

export const CaseCreateBodySchema = CaseFieldsSchema.extend({ pmsProjectId: IdSchema('pmsProjectId') });
export type CaseCreateBody = z.infer<typeof CaseCreateBodySchema>;

/** `PUT pmsProjectTestcase/{id}`: any fields, at the version read. Saving also confirms the case. */
export const CaseUpdateBodySchema = CaseFieldsSchema.partial().extend({ version: VersionSchema });
export type CaseUpdateBody = z.infer<typeof CaseUpdateBodySchema>;

const CaseIdsSchema = (label: string, max: number) =>
  z
    .array(IdSchema(label), { error: `Please enter ${label}` })
    .min(1, `Please enter ${label}`)
    .max(max, `${label} may hold at most ${max} cases`);

/** `PUT pmsProjectTestcase/batch`: the same change to several cases, all or nothing. */
export const CaseBatchBodySchema = z
  .object({
    ids: CaseIdsSchema('ids', MAX_BATCH_CASES),
    moduleId: IdSchema('moduleId').nullable().optional(),
    type: CaseTypeSchema.optional(),
    priority: PrioritySchemaOf().optional(),
    /** Tags added to each case (kept at most MAX_CASE_TAGS). */
    addTagIds: z.array(IdSchema('addTagIds')).max(MAX_CASE_TAGS).optional(),
  })
  .refine(
    (b) =>
      b.moduleId !== undefined || b.type !== undefined || b.priority !== undefined || b.addTagIds?.length,
    { message: 'Please enter moduleId, type, priority or addTagIds', path: ['ids'] },
  );
export type CaseBatchBody = z.infer<typeof CaseBatchBodySchema>;

/** `POST pmsProjectTestcase/copy`: copies into a module of the same or another project. */
export const CaseCopyBodySchema = z.object({
  ids: CaseIdsSchema('ids', MAX_BATCH_CASES),
  /** The target project; the cases' own when absent. */
  pmsProjectId: IdSchema('pmsProjectId').optional(),
  /** The target module (of the target project); none when null or absent. */
  moduleId: IdSchema('moduleId').nullable().optional(),
});
export type CaseCopyBody = z.infer<typeof CaseCopyBodySchema>;

/** `PUT pmsProjectTestcase/confirm`: a tester confirms cases flagged after a spec change. */
export const CaseConfirmBodySchema = z.object({ ids: CaseIdsSchema('ids', MAX_BATCH_CASES) });
export type CaseConfirmBody = z.infer<typeof CaseConfirmBodySchema>;

/** `POST pmsProjectTestcase/partDownload`: the selected cases as .xlsx. */
export const CasePartDownloadBodySchema = z.object({
  pmsProjectId: IdSchema('pmsProjectId'),
  ids: z
    .array(IdSchema('ids'), { error: 'Please enter ids' })
    .min(1, 'Please enter ids')
    .max(2000, 'ids may hold at most 2000 cases'),
});
export type CasePartDownloadBody = z.infer<typeof CasePartDownloadBodySchema>;

export const CaseListQuerySchema = PageQuerySchema.extend({
  pmsProjectId: IdSchema('pmsProjectId'),
  /** A module: its cases and its sub-modules' cases; `none` for cases without a module. */
  moduleId: z.string().min(1).max(64).optional(),
  type: z.coerce.number().int().optional(),
  tagId: z.string().min(1).max(64).optional(),
  priority: z.coerce.number().int().min(1).max(4).optional(),
  /** Title words or a case code (TC-12 or 12). */
  keyword: z.string().trim().max(100).optional(),
  needsConfirmation: boolFromQuery('needsConfirmation'),
  /** Cases covering this spec. */
  specId: z.string().min(1).max(64).optional(),
  /** Cases linked to this work item. */
  issueId: z.string().min(1).max(64).optional(),
});
export type CaseListQuery = z.infer<typeof CaseListQuerySchema>;

export const SpecRefSchema = z
  .object({
    id: z.string(),
    productId: z.string(),
    productName: z.string(),
    title: z.string(),
    status: z.number().int(),
    statusName: z.string(),
    /** True while this spec's change has not been confirmed for the case. */
    changed: z.boolean(),
  })
  .meta({ id: 'SpecRef' });
export type SpecRef = z.infer<typeof SpecRefSchema>;

export const CaseRowSchema = z
  .object({
    id: z.string(),
    pmsProjectId: z.string(),
    caseNumber: z.number().int(),
    title: z.string(),
    moduleId: z.string().nullable(),
    /** The module path, `Parent / Child`; empty without a module. */
    moduleName: z.string(),
    type: z.number().int(),
    typeName: z.string(),
    priority: z.number().int(),
    tagIds: z.array(z.string()),
    /** Flagged when a covered spec changed, until the case is confirmed or saved. */
    needsConfirmation: z.boolean(),
    specCount: z.number().int(),
    linkedIssueCount: z.number().int(),
    creator: UserSummarySchema,
    createdAt: z.string(),
    updatedAt: z.string(),
    version: z.number().int(),
  })
  .meta({ id: 'CaseRow' });
export type CaseRow = z.infer<typeof CaseRowSchema>;

export const CaseDetailSchema = CaseRowSchema.extend({
  precondition: z.string(),
  steps: z.array(z.object({ step: z.string(), expected: z.string() })),
  remark: z.string(),
  specs: z.array(SpecRefSchema),
  linkedIssues: z.array(IssueRefSchema),
}).meta({ id: 'CaseDetail' });
export type CaseDetail = z.infer<typeof CaseDetailSchema>;

/** `POST pmsProjectTestcase/copy` and `batch` answer with the cases written. */
export const CaseRowsSchema = z.array(CaseRowSchema);

// ---- spreadsheets -------------------------------------------------------------------------------

/** One rejected spreadsheet row: its row number as the spreadsheet shows it, and every reason. */
export const RejectedRowSchema = z
  .object({ row: z.number().int(), reasons: z.array(z.string()) })
  .meta({ id: 'RejectedRow' });
export type RejectedRow = z.infer<typeof RejectedRowSchema>;

/**
 * `POST pmsProjectTestcase/upload` (multipart: `file`, `pmsProjectId`): valid rows are written
 * (new cases created, rows with a known ID update that case), every rejected row is reported.
 */
export const UploadReportSchema = z
  .object({
    rows: z.number().int(),
    created: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    /** Modules created from module paths the project did not have. */
    modulesCreated: z.number().int(),
    rejected: z.array(RejectedRowSchema),
  })
  .meta({ id: 'UploadReport' });
export type UploadReport = z.infer<typeof UploadReportSchema>;

// ---- links to work items (pmsProjectIssues/linkTestcase) ----------------------------------------

/** `PUT pmsProjectIssues/linkTestcase`: link and unlink cases of the item's project. */
export const LinkTestcaseBodySchema = z
  .object({
    issueId: IdSchema('issueId'),
    link: z.array(IdSchema('link')).max(MAX_LINK_CASES).default([]),
    unlink: z.array(IdSchema('unlink')).max(MAX_LINK_CASES).default([]),
  })
  .refine((b) => b.link.length + b.unlink.length > 0, {
    message: 'Please enter link or unlink',
    path: ['link'],
  })
  .refine((b) => b.link.length + b.unlink.length <= MAX_LINK_CASES, {
    message: `Please link and unlink at most ${MAX_LINK_CASES} cases in one call`,
    path: ['link'],
  });
export type LinkTestcaseBody = z.infer<typeof LinkTestcaseBodySchema>;

/** The cases linked to the work item after the call. */
export const LinkedCasesSchema = z.array(CaseRowSchema);
