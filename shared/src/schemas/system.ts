import * as z from 'zod';
import type { DictEntry } from '../domain/dictionaries';
import { isKnownPermission, type MenuNode } from '../permissions/catalogue';
import { messages, optionalText, text, VersionSchema } from './common';

export const ROLE_KEY_PATTERN = /^[a-z][a-z0-9_-]{1,39}$/;

const PermissionListSchema = z
  .array(z.string().max(80))
  .max(500)
  .refine((perms) => perms.every(isKnownPermission), {
    message: 'permissions contains a permission that is not in the catalogue',
  });

export const RoleBodySchema = z.object({
  roleName: text('role name', 40),
  roleKey: z
    .string({ error: messages.required('role key') })
    .trim()
    .regex(
      ROLE_KEY_PATTERN,
      'role key must start with a letter and use lowercase letters, digits, _ or - (2-40)',
    ),
  remark: optionalText('remark', 200),
  permissions: PermissionListSchema,
});
export type RoleBody = z.infer<typeof RoleBodySchema>;

export const RoleUpdateBodySchema = RoleBodySchema.partial().extend({ version: VersionSchema });
export type RoleUpdateBody = z.infer<typeof RoleUpdateBodySchema>;

export const RoleSchema = z
  .object({
    roleId: z.string(),
    roleKey: z.string(),
    roleName: z.string(),
    remark: z.string(),
    permissions: z.array(z.string()),
    /** Built-in roles (admin, member) cannot be deleted; admin's permissions cannot change. */
    builtIn: z.boolean(),
    memberCount: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
    version: z.number().int(),
  })
  .meta({ id: 'Role' });
export type Role = z.infer<typeof RoleSchema>;

/** Recursive, so it needs an id: the OpenAPI document refers to itself by `$ref` instead of looping. */
const MenuNodeSchema: z.ZodType<MenuNode> = z
  .lazy(() =>
    z.object({
      id: z.string(),
      label: z.string(),
      perms: z.string().optional(),
      children: z.array(MenuNodeSchema).optional(),
    }),
  )
  .meta({ id: 'MenuNode' });

export const RoleMenuTreeSchema = z.object({
  menus: z.array(MenuNodeSchema),
  /** Leaf ids (permission strings) the role holds; all leaves for a wildcard role. */
  checkedKeys: z.array(z.string()),
});
export type RoleMenuTree = z.infer<typeof RoleMenuTreeSchema>;

export const AssignUserBodySchema = z.object({
  roleIds: z.array(z.string().min(1).max(64)).min(1, 'roleIds must name at least one role').max(20),
});
export type AssignUserBody = z.infer<typeof AssignUserBodySchema>;

export const AddGitLinkUserBodySchema = z.object({
  gitlinkUserId: text('gitlinkUserId', 64),
  roleIds: z.array(z.string().min(1).max(64)).max(20).optional(),
});
export type AddGitLinkUserBody = z.infer<typeof AddGitLinkUserBodySchema>;

export const UserSearchQuerySchema = z.object({
  keyword: z.string().trim().max(60, messages.tooLong('keyword', 60)).optional(),
});

export const CandidateUserSchema = z.object({
  userId: z.string(),
  gitlinkUserId: z.string(),
  login: z.string(),
  nickname: z.string(),
});
export type CandidateUser = z.infer<typeof CandidateUserSchema>;

/** One entry of a server-supplied dictionary (`GET /api/system/dict/data/type/{key}`). */
export const DictEntrySchema: z.ZodType<DictEntry> = z
  .object({
    dictType: z.string(),
    dictLabel: z.string(),
    dictValue: z.string(),
    listClass: z.string(),
    dictSort: z.number().int(),
  })
  .meta({ id: 'DictEntry' });
