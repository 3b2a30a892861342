/**
 * User requirements (`productUserRequirement`), requirement specs (`productRequirementSpecs`),
 * their tracking records (`productRequirementTracking`), pushing specs into projects
 * (`pmsProductRequirement`) and comments on product items (`pmsJournals`). The workflow lives in
 * shared/src/domain/requirement-workflow.ts. Calls and rules: docs/api-conventions.md,
 * "User requirements and requirement specs".
 */
import * as z from 'zod';
import {
  DEFAULT_REQUIREMENT_PRIORITY,
  MAX_BATCH_SPECS,
  MAX_REQUIREMENT_TAGS,
  REQUIREMENT_SOURCE_IDS,
  SPEC_TYPE_IDS,
} from '../domain/products';
import { REQUIREMENT_ACTIONS } from '../domain/requirement-workflow';
import { IdSchema, optionalText, PageQuerySchema, PrioritySchemaOf, text, VersionSchema } from './common';
import { PlanSchema, RequirementTagSchema } from './products';
import { UserSummarySchema } from './projects';

export { DEFAULT_REQUIREMENT_PRIORITY, MAX_BATCH_SPECS };

const TagIdsSchema = z
  .array(IdSchema('tagIds'))
  .max(MAX_REQUIREMENT_TAGS, `tagIds may hold at most ${MAX_REQUIREMENT_TAGS} tags`);
const SourceSchema = z
  .number({ error: `source must be one of ${REQUIREMENT_SOURCE_IDS.join(', ')}` })
  .int()
  .refine(
    (v) => REQUIREMENT_SOURCE_IDS.includes(v as never),
    `source must be one of ${REQUIREMENT_SOURCE_IDS.join(', ')}`,
  );
const SpecTypeSchema = z
  .number({ error: `type must be one of ${SPEC_TYPE_IDS.join(', ')}` })
  .int()
  .refine((v) => SPEC_TYPE_IDS.includes(v as never), `type must be one of ${SPEC_TYPE_IDS.join(', ')}`);
const csvIds = z
  .string()
  .max(2000)
  .transform((raw) =>
    raw
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );
const intFilter = z.coerce.number().int().min(0).max(100);

/** A review: pass or reject, with the reviewer's comment (required when rejecting). */
export const ReviewBodySchema = z
  .object({
    id: IdSchema('id'),
    result: z.enum(['pass', 'reject'], { error: 'result must be pass or reject' }),
    comment: optionalText('comment', 2000),
    version: VersionSchema,
  })
  .refine((b) => b.result === 'pass' || (b.comment ?? '').length > 0, {
    message: 'Please enter comment (why it is rejected)',
    path: ['comment'],
  });
export type ReviewBody = z.infer<typeof ReviewBodySchema>;

// ---- change records -----------------------------------------------------------------------------

/** One field of a change: readable values before and after (null when empty). */
export const FieldChangeSchema = z.object({
  field: z.string(),
  label: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
});
export type FieldChange = z.infer<typeof FieldChangeSchema>;

/**
 * One entry of an item's tracking history: its creation, every edit, change, review and move, who
 * did it and when, the status before and after, and the fields it changed.
 */
export const ChangeRecordSchema = z
  .object({
    id: z.string(),
    objectId: z.string(),
    action: z.enum(['create', ...REQUIREMENT_ACTIONS]),
    actionName: z.string(),
    user: UserSummarySchema,
    at: z.string(),
    /** The reason of a change, the reviewer's comment. */
    comment: z.string(),
    fromStatus: z.number().int().nullable(),
    toStatus: z.number().int(),
    fields: z.array(FieldChangeSchema),
  })
  .meta({ id: 'ChangeRecord' });
export type ChangeRecord = z.infer<typeof ChangeRecordSchema>;

/** The last review: who, when, the result and the reviewer's comment. */
const LastReviewSchema = z.object({
  user: UserSummarySchema,
  at: z.string(),
  result: z.enum(['pass', 'reject']),
  comment: z.string(),
});

/** A user requirement or spec as another item refers to it (trace links). */
const RequirementRefSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  title: z.string(),
  status: z.number().int(),
  statusName: z.string(),
});

// ---- user requirements --------------------------------------------------------------------------

const userRequirementFields = {
  title: text('title', 200),
  description: optionalText('description', 20_000),
  source: SourceSchema.optional(),
  priority: PrioritySchemaOf().optional(),
  moduleId: IdSchema('moduleId').nullable().optional(),
  tagIds: TagIdsSchema.optional(),
};

export const UserRequirementBodySchema = z.object({
  productId: IdSchema('productId'),
  ...userRequirementFields,
});
export type UserRequirementBody = z.infer<typeof UserRequirementBodySchema>;

/**
 * `PUT productUserRequirement`. While pending review or rejected it is an edit (a rejected one is
 * resubmitted). Once reviewed (reviewed or refined) it is the change action: `reason` is required,
 * every changed field is recorded, and the requirement goes back for review as changed.
 * `status: 4` closes it from any other status; `status: 1` reopens a closed one.
 */
export const UserRequirementUpdateBodySchema = z.object({
  id: IdSchema('id'),
  version: VersionSchema,
  ...z.object(userRequirementFields).partial().shape,
  reason: optionalText('change reason', 2000),
  status: z
    .union([z.literal(1), z.literal(4)], { error: 'status may only be 4 (close) or 1 (reopen)' })
    .optional(),
});
export type UserRequirementUpdateBody = z.infer<typeof UserRequirementUpdateBodySchema>;

export const UserRequirementListQuerySchema = PageQuerySchema.extend({
  productId: IdSchema('productId'),
  keyword: z.string().trim().max(80).optional(),
  status: csvIds.optional(),
  priority: csvIds.optional(),
  /** A module and everything under it. */
  moduleId: z.string().max(64).optional(),
  tagId: z.string().max(64).optional(),
  source: intFilter.optional(),
});
export type UserRequirementListQuery = z.infer<typeof UserRequirementListQuerySchema>;

export const UserRequirementSchema = z
  .object({
    id: z.string(),
    productId: z.string(),
    /** Numbered per product: UR-1, UR-2, ... */
    number: z.number().int(),
    title: z.string(),
    source: z.number().int(),
    sourceName: z.string(),
    priority: z.number().int(),
    moduleId: z.string().nullable(),
    moduleName: z.string().nullable(),
    tags: z.array(RequirementTagSchema),
    status: z.number().int(),
    statusName: z.string(),
    author: UserSummarySchema,
    /** The last review: who, when, and their comment; null before the first review. */
    lastReview: LastReviewSchema.nullable(),
    specCount: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
    version: z.number().int(),
  })
  .meta({ id: 'UserRequirement' });
export type UserRequirement = z.infer<typeof UserRequirementSchema>;

export const UserRequirementDetailSchema = UserRequirementSchema.extend({
  description: z.string(),
  /** The specs refined from it. */
  specs: z.array(RequirementRefSchema),
}).meta({ id: 'UserRequirementDetail' });
export type UserRequirementDetail = z.infer<typeof UserRequirementDetailSchema>;

// ---- requirement specs --------------------------------------------------------------------------

const specFields = {
  title: text('title', 200),
  description: optionalText('description', 20_000),
  /** How to tell it is done. */
  acceptance: optionalText('acceptance criteria', 10_000),
  type: SpecTypeSchema.optional(),
  priority: PrioritySchemaOf().optional(),
  moduleId: IdSchema('moduleId').nullable().optional(),
  tagIds: TagIdsSchema.optional(),
  /** Who answers for it: a product member. */
  ownerId: IdSchema('ownerId').nullable().optional(),
  estimatedHours: z
    .number({ error: 'estimatedHours must be a number' })
    .min(0)
    .max(10_000)
    .nullable()
    .optional(),
};

export const SpecBodySchema = z.object({
  productId: IdSchema('productId'),
  /** The user requirement it refines (must be reviewed or refined); it becomes refined. */
  userRequirementId: IdSchema('userRequirementId').nullable().optional(),
  ...specFields,
});
export type SpecBody = z.infer<typeof SpecBodySchema>;

/**
 * `PUT productRequirementSpecs`: edits content while pending review or rejected (a rejected spec is
 * resubmitted). A reviewed spec changes through `change` instead (409 here). `status: 2` reopens a
 * completed spec (back to planning when it has a plan).
 */
export const SpecUpdateBodySchema = z.object({
  id: IdSchema('id'),
  version: VersionSchema,
  ...z.object(specFields).partial().shape,
  status: z.literal(2, { error: 'status may only be 2 (reopen)' }).optional(),
});
export type SpecUpdateBody = z.infer<typeof SpecUpdateBodySchema>;

/** `PUT productRequirementSpecs/change`: changes a reviewed spec, recording why; back to review. */
export const SpecChangeBodySchema = SpecUpdateBodySchema.omit({ status: true }).extend({
  reason: text('change reason', 2000),
});
export type SpecChangeBody = z.infer<typeof SpecChangeBodySchema>;

/**
 * `PUT productRequirementSpecs/batch`: the same changes to up to MAX_BATCH_SPECS specs, all or
 * nothing. Housekeeping fields apply in any status; `status: 3` completes (reviewed or planning).
 */
export const SpecBatchBodySchema = z.object({
  ids: z
    .array(IdSchema('ids'))
    .min(1, 'Please enter ids')
    .max(MAX_BATCH_SPECS, `ids may hold at most ${MAX_BATCH_SPECS} specs`),
  changes: z
    .object({
      priority: PrioritySchemaOf().optional(),
      moduleId: IdSchema('moduleId').nullable().optional(),
      ownerId: IdSchema('ownerId').nullable().optional(),
      tagIds: TagIdsSchema.optional(),
      status: z.literal(3, { error: 'status may only be 3 (complete) in a batch' }).optional(),
    })
    .refine((c) => Object.keys(c).length > 0, 'changes must name at least one field'),
});
export type SpecBatchBody = z.infer<typeof SpecBatchBodySchema>;

/**
 * `PUT productRequirementSpecs/activePlan`: moves reviewed or planning specs into `planId`
 * (null takes them out of their plan, back to reviewed). All or nothing.
 */
export const ActivePlanBodySchema = z.object({
  ids: z
    .array(IdSchema('ids'))
    .min(1, 'Please enter ids')
    .max(MAX_BATCH_SPECS, `ids may hold at most ${MAX_BATCH_SPECS} specs`),
  planId: IdSchema('planId').nullable(),
});
export type ActivePlanBody = z.infer<typeof ActivePlanBodySchema>;

export const SpecListQuerySchema = PageQuerySchema.extend({
  productId: IdSchema('productId'),
  keyword: z.string().trim().max(80).optional(),
  status: csvIds.optional(),
  priority: csvIds.optional(),
  type: csvIds.optional(),
  moduleId: z.string().max(64).optional(),
  planId: z.string().max(64).optional(),
  userRequirementId: z.string().max(64).optional(),
  ownerId: z.string().max(64).optional(),
  tagId: z.string().max(64).optional(),
});
export type SpecListQuery = z.infer<typeof SpecListQuerySchema>;

export const SpecSchema = z
  .object({
    id: z.string(),
    productId: z.string(),
    /** Numbered per product: SR-1, SR-2, ... */
    number: z.number().int(),
    title: z.string(),
    type: z.number().int(),
    typeName: z.string(),
    priority: z.number().int(),
    moduleId: z.string().nullable(),
    moduleName: z.string().nullable(),
    tags: z.array(RequirementTagSchema),
    owner: UserSummarySchema.nullable(),
    estimatedHours: z.number().nullable(),
    status: z.number().int(),
    statusName: z.string(),
    planId: z.string().nullable(),
    planTitle: z.string().nullable(),
    userRequirementId: z.string().nullable(),
    author: UserSummarySchema,
    lastReview: LastReviewSchema.nullable(),
    /** Project demands that carry it. */
    demandCount: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
    version: z.number().int(),
  })
  .meta({ id: 'Spec' });
export type Spec = z.infer<typeof SpecSchema>;

export const SpecDetailSchema = SpecSchema.extend({
  description: z.string(),
  acceptance: z.string(),
  userRequirement: RequirementRefSchema.nullable(),
}).meta({ id: 'SpecDetail' });
export type SpecDetail = z.infer<typeof SpecDetailSchema>;

// ---- tracking -----------------------------------------------------------------------------------

export const AssociatedPlanSchema = PlanSchema.nullable();

/** A project demand that carries a spec (`projectList`). */
export const SpecDemandSchema = z
  .object({
    pmsProjectId: z.string(),
    projectName: z.string(),
    issueId: z.string(),
    issueNumber: z.number().int(),
    title: z.string(),
    status: z.number().int(),
    statusName: z.string(),
    assignee: UserSummarySchema.nullable(),
  })
  .meta({ id: 'SpecDemand' });
export type SpecDemand = z.infer<typeof SpecDemandSchema>;

/**
 * A test case that covers a spec (`associatedTestcase`). Test cases are the test-management
 * capability's; it writes these links, and they read here.
 */
export const SpecTestcaseSchema = z
  .object({ caseId: z.string(), pmsProjectId: z.string(), title: z.string(), needsConfirmation: z.boolean() })
  .meta({ id: 'SpecTestcase' });
export type SpecTestcase = z.infer<typeof SpecTestcaseSchema>;

/** `POST pmsProductRequirement`: push a reviewed or planning spec into a project as a demand. */
export const PushSpecBodySchema = z.object({
  specId: IdSchema('specId'),
  pmsProjectId: IdSchema('pmsProjectId'),
  /** The demand's assignee (a project member); none when absent. */
  assigneeId: IdSchema('assigneeId').nullable().optional(),
});
export type PushSpecBody = z.infer<typeof PushSpecBodySchema>;

/** `PUT pmsProductRequirement`: link an existing demand to a spec, or unlink it (`specId: null`). */
export const LinkDemandBodySchema = z.object({
  pmsProjectId: IdSchema('pmsProjectId'),
  issueId: IdSchema('issueId'),
  specId: IdSchema('specId').nullable(),
});
export type LinkDemandBody = z.infer<typeof LinkDemandBodySchema>;

// ---- journals (comments on product items) -------------------------------------------------------

export const ProductJournalSchema = z
  .object({
    id: z.string(),
    /** The user requirement, spec or plan commented on. */
    objectId: z.string(),
    user: UserSummarySchema,
    /** Markdown. */
    notes: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    version: z.number().int(),
  })
  .meta({ id: 'ProductJournal' });
export type ProductJournal = z.infer<typeof ProductJournalSchema>;

export const ProductJournalListQuerySchema = PageQuerySchema.extend({ objectId: IdSchema('objectId') });
export const ProductJournalBodySchema = z.object({
  objectId: IdSchema('objectId'),
  notes: text('comment', 10_000),
});
/** A comment's id is `{objectId}.{localId}`: longer than other ids. */
export const ProductJournalIdSchema = z
  .string({ error: 'Please enter id' })
  .min(1, 'Please enter id')
  .max(100, 'id must be at most 100 characters');
export const ProductJournalUpdateBodySchema = z.object({
  id: ProductJournalIdSchema,
  notes: text('comment', 10_000),
  version: VersionSchema,
});
