/**
 * Products (`/api/pms/{identifier}/pmsProduct...`): the product, its members, module tree, plans
 * (milestones), requirement tags and the lookups of section 7 "Product lookups". Calls and rules:
 * docs/api-conventions.md, "Products".
 *
 * Ids of everything inside a product (modules, plans, requirements, specs, journals) are
 * product-scoped: `{productId}.{localId}`. They are opaque to clients.
 */
import * as z from 'zod';
import {
  MAX_MODULE_DEPTH,
  MAX_PRODUCT_DELETE,
  MAX_PRODUCT_MEMBERS,
  PRODUCT_STATUS,
  STORED_PLAN_STATUSES,
} from '../domain/products';
import { DateSchema, IdSchema, messages, optionalText, PageQuerySchema, text, VersionSchema } from './common';
import { IssueTagBodySchema, IssueTagSchema, IssueTagUpdateBodySchema } from './issues';
import { UserSummarySchema } from './projects';

export { MAX_MODULE_DEPTH };

const ProductStatusSchema = z.union([z.literal(PRODUCT_STATUS.active), z.literal(PRODUCT_STATUS.closed)], {
  error: 'status must be 1 (active) or 2 (closed)',
});

/** A product's short key: 2 to 10 capital letters or digits, starting with a letter ("CRM", "APP2"). */
export const ProductKeySchema = z
  .string({ error: messages.required('product key') })
  .trim()
  .min(1, messages.required('product key'))
  .max(10, messages.tooLong('product key', 10))
  .regex(
    /^[A-Z][A-Z0-9]{1,9}$/,
    messages.pattern('product key', 'must be 2 to 10 capital letters or digits, starting with a letter'),
  );

const MemberIdsSchema = z
  .array(IdSchema('memberIds'))
  .max(MAX_PRODUCT_MEMBERS, `memberIds may hold at most ${MAX_PRODUCT_MEMBERS} users`);

// ---- the product --------------------------------------------------------------------------------

export const ProductBodySchema = z.object({
  name: text('product name', 80),
  /** Unique within the enterprise; shown before requirement numbers (CRM-12). */
  identifier: ProductKeySchema,
  description: optionalText('description', 5000),
  status: ProductStatusSchema.optional(),
  /** The product manager (a member of the enterprise); the creator when absent. */
  ownerId: IdSchema('ownerId').optional(),
  /** Product members (enterprise members). The creator and the owner are always members. */
  memberIds: MemberIdsSchema.optional(),
  /** The members who review requirements and specs; empty (the default): every member reviews. */
  reviewerIds: z
    .array(IdSchema('reviewerIds'))
    .max(MAX_PRODUCT_MEMBERS, `reviewerIds may hold at most ${MAX_PRODUCT_MEMBERS} users`)
    .optional(),
  /** Whether a reviewer may pass or reject what they wrote themselves (off by default). */
  allowSelfReview: z.boolean({ error: 'allowSelfReview must be true or false' }).optional(),
});
export type ProductBody = z.infer<typeof ProductBodySchema>;

/** `PUT pmsProduct`: the id and version in the body, plus the fields to change. The key cannot change. */
export const ProductUpdateBodySchema = ProductBodySchema.omit({ identifier: true })
  .partial()
  .extend({ id: IdSchema('id'), version: VersionSchema });
export type ProductUpdateBody = z.infer<typeof ProductUpdateBodySchema>;

export const ProductListQuerySchema = PageQuerySchema.extend({
  keyword: z.string().trim().max(80).optional(),
  status: z.coerce.number().pipe(ProductStatusSchema).optional(),
  /** `true`: only products the caller is a member of. */
  mine: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
export type ProductListQuery = z.infer<typeof ProductListQuerySchema>;

/** `PUT pmsProduct/operateTop/{productIdentifier}`: pin (true) or unpin (false). */
export const OperateTopBodySchema = z.object({ top: z.boolean({ error: 'top must be true or false' }) });

export const ProductUserListQuerySchema = z.object({
  productId: IdSchema('productId'),
  keyword: z.string().trim().max(80).optional(),
});

export const ProductSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    identifier: z.string(),
    description: z.string(),
    status: z.number().int(),
    statusName: z.string(),
    owner: UserSummarySchema,
    members: z.array(UserSummarySchema),
    /** Whether the caller is a product member. */
    isMember: z.boolean(),
    /** The members who review; empty: every member reviews. */
    reviewers: z.array(UserSummarySchema),
    /** Whether a reviewer may review what they wrote themselves. */
    allowSelfReview: z.boolean(),
    /** Pinned to the top of the list (for the whole enterprise); when, or null. */
    topAt: z.string().nullable(),
    userRequirementCount: z.number().int(),
    specCount: z.number().int(),
    planCount: z.number().int(),
    /** Projects linked to the product (their `pmsProduct` flag). */
    projectCount: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
    version: z.number().int(),
  })
  .meta({ id: 'Product' });
export type Product = z.infer<typeof ProductSchema>;

// ---- modules ------------------------------------------------------------------------------------

export const ProductModuleSchema = z
  .object({
    id: z.string(),
    productId: z.string(),
    name: z.string(),
    /** The parent module's id; null at the top (section 3's tree building). */
    root_id: z.string().nullable(),
    /** Order among siblings. */
    sort: z.number().int(),
    version: z.number().int(),
  })
  .meta({ id: 'ProductModule' });
export type ProductModule = z.infer<typeof ProductModuleSchema>;

export type ProductModuleNode = ProductModule & { children: ProductModuleNode[] };
export const ProductModuleNodeSchema: z.ZodType<ProductModuleNode> = ProductModuleSchema.extend({
  get children() {
    return z.array(ProductModuleNodeSchema);
  },
}).meta({ id: 'ProductModuleNode' });

export const ProductQuerySchema = z.object({ productId: IdSchema('productId') });

export const ModuleBodySchema = z.object({
  productId: IdSchema('productId'),
  name: text('module name', 60),
  /** The parent module; absent or null for a top-level module. At most MAX_MODULE_DEPTH levels. */
  root_id: IdSchema('root_id').nullable().optional(),
  sort: z.number().int().min(0).max(100_000).optional(),
});
export type ModuleBody = z.infer<typeof ModuleBodySchema>;

/** `PUT pmsProductModule`: rename, and move (a new `root_id` and/or `sort`). Cycles are refused. */
export const ModuleUpdateBodySchema = z.object({
  id: IdSchema('id'),
  name: text('module name', 60).optional(),
  root_id: IdSchema('root_id').nullable().optional(),
  sort: z.number().int().min(0).max(100_000).optional(),
  version: VersionSchema,
});
export type ModuleUpdateBody = z.infer<typeof ModuleUpdateBodySchema>;

// ---- plans --------------------------------------------------------------------------------------

const PlanStatusSchema = z.union(
  STORED_PLAN_STATUSES.map((s) => z.literal(s)),
  { error: 'status must be 1 (not started), 2 (in progress), 3 (completed) or 5 (closed)' },
);

export const PlanBodySchema = z.object({
  productId: IdSchema('productId'),
  title: text('plan title', 100),
  description: optionalText('description', 5000),
  startDate: DateSchema('startDate').optional(),
  endDate: DateSchema('endDate').optional(),
  status: PlanStatusSchema.optional(),
});
export type PlanBody = z.infer<typeof PlanBodySchema>;

export const PlanUpdateBodySchema = PlanBodySchema.omit({ productId: true })
  .partial()
  .extend({ id: IdSchema('id'), version: VersionSchema });
export type PlanUpdateBody = z.infer<typeof PlanUpdateBodySchema>;

export const PlanListQuerySchema = PageQuerySchema.extend({
  productId: IdSchema('productId'),
  keyword: z.string().trim().max(80).optional(),
  /** Displayed status, 4 (expired) included. */
  status: z.coerce.number().int().min(1).max(5).optional(),
});
export type PlanListQuery = z.infer<typeof PlanListQuerySchema>;

export const PlanSchema = z
  .object({
    id: z.string(),
    productId: z.string(),
    title: z.string(),
    description: z.string(),
    startDate: z.string().nullable(),
    endDate: z.string().nullable(),
    /** The stored status, or 4 (expired) when the end date passed while it was open. */
    status: z.number().int(),
    statusName: z.string(),
    /** Specs in the plan, and how many of them are completed. */
    specCount: z.number().int(),
    completedSpecCount: z.number().int(),
    creator: UserSummarySchema,
    createdAt: z.string(),
    updatedAt: z.string(),
    version: z.number().int(),
  })
  .meta({ id: 'Plan' });
export type Plan = z.infer<typeof PlanSchema>;

// ---- requirement tags ---------------------------------------------------------------------------

/**
 * Requirement tags are enterprise-wide, like work-item tags, so products share one vocabulary;
 * they are two vocabularies with the same shape and rules.
 */
export const RequirementTagSchema = IssueTagSchema.meta({ id: 'RequirementTag' });
export type RequirementTag = z.infer<typeof RequirementTagSchema>;
export const RequirementTagBodySchema = IssueTagBodySchema;
export type RequirementTagBody = z.infer<typeof RequirementTagBodySchema>;
export const RequirementTagUpdateBodySchema = IssueTagUpdateBodySchema;
export type RequirementTagUpdateBody = z.infer<typeof RequirementTagUpdateBodySchema>;

// ---- lookups ------------------------------------------------------------------------------------

/** A status or type entry of a lookup list. */
export const LookupEntrySchema = z
  .object({ id: z.number().int(), name: z.string(), color: z.string().optional() })
  .meta({ id: 'LookupEntry' });
export type LookupEntry = z.infer<typeof LookupEntrySchema>;

/** A priority entry: a value and a colour (section 3). */
export const PriorityEntrySchema = z
  .object({ id: z.number().int(), value: z.string(), label: z.string(), color: z.string() })
  .meta({ id: 'PriorityEntry' });

/** `pmsProductStatus/list?type=`: 1 plan statuses, 2 demand statuses of the product view. */
export const ProductStatusQuerySchema = z.object({
  type: z.coerce
    .number()
    .pipe(z.union([z.literal(1), z.literal(2)], { error: 'type must be 1 (plan) or 2 (demand)' })),
});

export const BulkIdsSchema = (label: string) =>
  z
    .string()
    .transform((raw) =>
      raw
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(z.string().max(64))
        .min(1, messages.required(label))
        .max(MAX_PRODUCT_DELETE, `${label} may name at most ${MAX_PRODUCT_DELETE} products`),
    );
