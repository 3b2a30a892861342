import * as z from 'zod';
import {
  IDENTIFIER_MAX_LENGTH,
  IDENTIFIER_MIN_LENGTH,
  IDENTIFIER_PATTERN,
  isReservedIdentifier,
} from '../domain/identifier';
import { isTimeZone } from '../domain/time-zone';
import { isTimeOfDay, WEEKDAYS } from '../domain/weekly';
import { AuditRetentionSchema } from './audit';
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

/**
 * The enterprise's time zone (an IANA name; weeks run Monday to Sunday in it) and when members
 * who have not written their weekly report are reminded (docs/weekly-reports.md).
 */
export const WeekSettingsSchema = z.object({
  timeZone: z
    .string({ error: messages.required('timeZone') })
    .trim()
    .refine(isTimeZone, 'timeZone must be an IANA time zone such as Europe/Berlin or UTC'),
  weeklyReminderDay: z
    .number({ error: messages.required('weeklyReminderDay') })
    .int()
    .min(1, 'weeklyReminderDay must be 1 (Monday) to 7 (Sunday)')
    .max(WEEKDAYS.length, 'weeklyReminderDay must be 1 (Monday) to 7 (Sunday)'),
  weeklyReminderTime: z
    .string({ error: messages.required('weeklyReminderTime') })
    .refine(isTimeOfDay, 'weeklyReminderTime must be a time of day like 17:00'),
});

export const UpdateEnterpriseBodySchema = z.object({
  name: text('name', 80).optional(),
  description: optionalText('description', 500),
  gitlinkUrl: httpUrl('gitlinkUrl', 300).optional(),
  /** How many days the audit log keeps an entry (30 to 3650). */
  auditRetentionDays: AuditRetentionSchema.optional(),
  ...WeekSettingsSchema.partial().shape,
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
    /** How many days the audit log keeps an entry; 365 unless set. */
    auditRetentionDays: z.number().int(),
    name: z.string(),
    description: z.string(),
    ownerId: z.string(),
    /** An IANA name; UTC unless set. */
    timeZone: z.string(),
    /** 1 Monday ... 7 Sunday, and `HH:mm` in the time zone: Friday 17:00 unless set. */
    weeklyReminderDay: z.number().int(),
    weeklyReminderTime: z.string(),
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
