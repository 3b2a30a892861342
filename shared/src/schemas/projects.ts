/**
 * Projects (`/api/pms/{identifier}/pmsProject/...`): the project, its members, its notice and the
 * overview statistics. Calls and rules: docs/api-conventions.md, "Projects".
 */
import * as z from 'zod';
import { PROJECT_STATE } from '../domain/work-items';
import { messages, optionalText, PageQuerySchema, text, VersionSchema } from './common';

export const PROJECT_STATES = [PROJECT_STATE.closed, PROJECT_STATE.on, PROJECT_STATE.pause] as const;

const ProjectStateSchema = z.union(
  PROJECT_STATES.map((s) => z.literal(s)),
  { error: 'status must be 0 (closed), 1 (open) or 2 (paused)' },
);

export const ProjectBodySchema = z.object({
  name: text('project name', 80),
  description: optionalText('description', 2000),
  status: ProjectStateSchema.optional(),
  /** Links the project to a product (the `pmsProduct` flag); null or absent: no product. */
  productId: z.string().max(64).nullable().optional(),
});
export type ProjectBody = z.infer<typeof ProjectBodySchema>;

export const ProjectUpdateBodySchema = ProjectBodySchema.partial().extend({ version: VersionSchema });
export type ProjectUpdateBody = z.infer<typeof ProjectUpdateBodySchema>;

export const ProjectListQuerySchema = PageQuerySchema.extend({
  keyword: z.string().trim().max(80).optional(),
  status: z.coerce.number().pipe(ProjectStateSchema).optional(),
  /** `true`: only projects the caller is a member of. */
  mine: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
export type ProjectListQuery = z.infer<typeof ProjectListQuerySchema>;

export const UserSummarySchema = z
  .object({ userId: z.string(), login: z.string(), nickname: z.string() })
  .meta({ id: 'UserSummary' });
export type UserSummary = z.infer<typeof UserSummarySchema>;

export const ProjectSchema = z
  .object({
    id: z.string(),
    /** The same id under the name the spec's calls use. */
    pmsProjectId: z.string(),
    name: z.string(),
    description: z.string(),
    status: z.number().int(),
    /** Open, Paused or Closed. */
    statusName: z.string(),
    /** True when the project is linked to a product. */
    pmsProduct: z.boolean(),
    productId: z.string().nullable(),
    /** Whoever created it; a project manager. */
    creator: UserSummarySchema,
    memberCount: z.number().int(),
    /** Work items that are not closed, and all of them. */
    openIssueCount: z.number().int(),
    issueCount: z.number().int(),
    /** Whether the caller is a member. */
    isMember: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
    version: z.number().int(),
  })
  .meta({ id: 'Project' });
export type Project = z.infer<typeof ProjectSchema>;

// ---- members ----------------------------------------------------------------------------------

export const PROJECT_MEMBER_ROLES = ['manager', 'member'] as const;
export type ProjectMemberRole = (typeof PROJECT_MEMBER_ROLES)[number];

export const ProjectMemberSchema = z
  .object({
    userId: z.string(),
    login: z.string(),
    nickname: z.string(),
    /** The spec's row field: the membership itself. */
    projectMemberInfo: z.object({
      pmsProjectId: z.string(),
      userId: z.string(),
      role: z.enum(PROJECT_MEMBER_ROLES),
      joinedAt: z.string(),
    }),
  })
  .meta({ id: 'ProjectMember' });
export type ProjectMember = z.infer<typeof ProjectMemberSchema>;

export const AddProjectMembersBodySchema = z.object({
  userIds: z
    .array(z.string().min(1).max(64), { error: messages.required('userIds') })
    .min(1, messages.required('userIds'))
    .max(50, 'userIds may hold at most 50 users'),
  role: z.enum(PROJECT_MEMBER_ROLES).optional(),
});
export type AddProjectMembersBody = z.infer<typeof AddProjectMembersBodySchema>;

export const ProjectUserListQuerySchema = z.object({
  pmsProjectId: z
    .string({ error: messages.required('pmsProjectId') })
    .min(1)
    .max(64),
  keyword: z.string().trim().max(80).optional(),
});

// ---- notice -----------------------------------------------------------------------------------

export const NoticeSchema = z
  .object({
    pmsProjectId: z.string(),
    /** Markdown. Empty when nobody wrote one yet. */
    content: z.string(),
    updatedBy: UserSummarySchema.nullable(),
    updatedAt: z.string().nullable(),
    /** 0 while no notice exists; send it back unchanged to edit. */
    version: z.number().int(),
  })
  .meta({ id: 'ProjectNotice' });
export type Notice = z.infer<typeof NoticeSchema>;

const NoticeContentSchema = z
  .string({ error: messages.required('content') })
  .max(10_000, messages.tooLong('content', 10_000));

export const AddNoticeBodySchema = z.object({
  pmsProjectId: z
    .string({ error: messages.required('pmsProjectId') })
    .min(1)
    .max(64),
  content: NoticeContentSchema,
});
export const EditNoticeBodySchema = AddNoticeBodySchema.extend({ version: VersionSchema });

// ---- statistics -------------------------------------------------------------------------------

/** `pie-barChart`: work items by kind (the pie) and, per kind, by status (the bars). */
export const PieBarChartSchema = z
  .object({
    kinds: z.array(
      z.object({
        pmIssueType: z.number().int(),
        name: z.string(),
        total: z.number().int(),
        statuses: z.array(z.object({ status: z.number().int(), name: z.string(), count: z.number().int() })),
      }),
    ),
  })
  .meta({ id: 'PieBarChart' });
export type PieBarChart = z.infer<typeof PieBarChartSchema>;

export const LineChartQuerySchema = z.object({
  days: z.coerce.number().int().min(7).max(90).default(14),
});

/** `lineChart`: per day (oldest first), items created, items closed, and items open at day's end. */
export const LineChartSchema = z
  .object({
    days: z.array(z.string()),
    created: z.array(z.number().int()),
    closed: z.array(z.number().int()),
    open: z.array(z.number().int()),
  })
  .meta({ id: 'LineChart' });
export type LineChart = z.infer<typeof LineChartSchema>;
