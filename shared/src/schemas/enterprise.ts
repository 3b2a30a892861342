import * as z from 'zod';
import {
  IDENTIFIER_MAX_LENGTH,
  IDENTIFIER_MIN_LENGTH,
  IDENTIFIER_PATTERN,
  isReservedIdentifier,
} from '../domain/identifier';
import { RoleRefSchema } from './auth';
import { httpUrl, messages, optionalText, PageQuerySchema, text, VersionSchema } from './common';

/** The identifier rule of shared/src/domain/identifier.ts, with messages naming each problem. */
export const EnterpriseIdentifierSchema = z
  .string({ error: messages.required('identifier') })
  .trim()
  .min(IDENTIFIER_MIN_LENGTH, messages.tooShort('identifier', IDENTIFIER_MIN_LENGTH))
  .max(IDENTIFIER_MAX_LENGTH, messages.tooLong('identifier', IDENTIFIER_MAX_LENGTH))
  .regex(IDENTIFIER_PATTERN, 'identifier may use lowercase letters, digits and single hyphens between them')
  .refine((v) => !isReservedIdentifier(v), {
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
  gitlinkUrl: httpUrl('gitlinkUrl', 300).optional(),
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
