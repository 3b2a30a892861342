import * as z from 'zod';
import { RoleRefSchema } from './auth';
import { messages, optionalText, PageQuerySchema, text, VersionSchema } from './common';

/**
 * First path segments that can never be enterprise identifiers, because the app or the API uses
 * them (error pages, sign-in, assets) or they would confuse people.
 */
export const RESERVED_IDENTIFIERS = [
  '403',
  '404',
  '500',
  'api',
  'login',
  'logout',
  'signup',
  'register',
  'enterprises',
  'organizes',
  'account',
  'settings',
  'admin',
  'assets',
  'static',
  'public',
  'ruby',
  'system',
  'pms',
  'auth',
  'open',
  'help',
  'docs',
  'www',
  'app',
  'new',
  'null',
  'undefined',
  'favicon.ico',
  'robots.txt',
] as const;

export const IDENTIFIER_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const EnterpriseIdentifierSchema = z
  .string({ error: messages.required('identifier') })
  .trim()
  .min(2, messages.tooShort('identifier', 2))
  .max(40, messages.tooLong('identifier', 40))
  .regex(IDENTIFIER_PATTERN, 'identifier may use lowercase letters, digits and single hyphens between them')
  .refine((v) => !(RESERVED_IDENTIFIERS as readonly string[]).includes(v), {
    message: 'identifier is reserved; choose another',
  });

export const CreateEnterpriseBodySchema = z.object({
  identifier: EnterpriseIdentifierSchema,
  name: text('name', 80),
  description: optionalText('description', 500),
});
export type CreateEnterpriseBody = z.infer<typeof CreateEnterpriseBodySchema>;

export const UpdateEnterpriseBodySchema = z.object({
  name: text('name', 80).optional(),
  description: optionalText('description', 500),
  gitlinkUrl: z.url({ error: 'gitlinkUrl must be an http(s) address' }).max(300).optional(),
  version: VersionSchema,
});
export type UpdateEnterpriseBody = z.infer<typeof UpdateEnterpriseBodySchema>;

export const DeleteEnterpriseQuerySchema = z.object({
  /** Must repeat the enterprise's identifier, so a delete is never a slip. */
  confirmIdentifier: z
    .string({ error: messages.required('confirmIdentifier') })
    .min(1, messages.required('confirmIdentifier')),
});

/** Enterprise detail (spec section 3) plus what the settings page shows. */
export const EnterpriseSchema = z
  .object({
    id: z.string(),
    enterpriseIdentifier: z.string(),
    /** The enterprise's department; the System calls address the enterprise by it. */
    deptId: z.string(),
    gitlinkUrl: z.string(),
    name: z.string(),
    description: z.string(),
    ownerId: z.string(),
    memberCount: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
    version: z.number().int(),
  })
  .meta({ id: 'Enterprise' });
export type Enterprise = z.infer<typeof EnterpriseSchema>;

export const MemberSchema = z
  .object({
    userId: z.string(),
    gitlinkUserId: z.string(),
    login: z.string(),
    nickname: z.string(),
    email: z.string(),
    roles: z.array(RoleRefSchema),
    isOwner: z.boolean(),
    joinedAt: z.string(),
  })
  .meta({ id: 'Member' });
export type Member = z.infer<typeof MemberSchema>;

export const MemberListQuerySchema = PageQuerySchema.extend({
  keyword: z.string().trim().max(60, messages.tooLong('keyword', 60)).optional(),
});
export type MemberListQuery = z.infer<typeof MemberListQuerySchema>;
