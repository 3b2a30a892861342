/**
 * The audit log of an enterprise: every change made through the API (who, when, from where, what,
 * each changed field before and after) and every read of the log itself, kept for the enterprise's
 * retention. docs/architecture.md "Audit log" says how it is written and kept.
 */
import * as z from 'zod';
import { AUDIT_ACTIONS, AUDIT_AREAS } from '../domain/audit';
import { IdSchema, messages } from './common';
import { UserSummarySchema } from './projects';

// The lists live without zod so the web's first script (the audit page's search) can use them.
export {
  AUDIT_ACTIONS,
  AUDIT_AREA_LABELS,
  AUDIT_AREAS,
  AUDIT_OBJECT_LABELS,
  type AuditAction,
  type AuditArea,
} from '../domain/audit';

/** How long an enterprise keeps its entries, in days. */
export const AUDIT_RETENTION_DAYS = { min: 30, max: 3650, default: 365 } as const;

export const AuditRetentionSchema = z
  .number({ error: 'auditRetentionDays must be a whole number of days' })
  .int('auditRetentionDays must be a whole number of days')
  .min(AUDIT_RETENTION_DAYS.min, `auditRetentionDays must be at least ${AUDIT_RETENTION_DAYS.min} days`)
  .max(
    AUDIT_RETENTION_DAYS.max,
    `auditRetentionDays must be at most ${AUDIT_RETENTION_DAYS.max} days (ten years)`,
  );

export const AuditChangeSchema = z.object({
  field: z.string(),
  /** Absent when the field did not exist before (a create, or a field added). */
  before: z.unknown().optional(),
  /** Absent when the field is gone after (a delete, or a field removed). */
  after: z.unknown().optional(),
});
export type AuditChange = z.infer<typeof AuditChangeSchema>;

export const AuditObjectSchema = z.object({
  type: z.string(),
  id: z.string(),
  action: z.enum(['create', 'update', 'delete']),
  changes: z.array(AuditChangeSchema),
});
export type AuditObject = z.infer<typeof AuditObjectSchema>;

export const AuditEntrySchema = z
  .object({
    id: z.string(),
    at: z.string(),
    /** Who made the change; null for calls without a session (a repository host's webhook). */
    actor: UserSummarySchema.nullable(),
    sourceAddress: z.string().nullable(),
    requestId: z.string(),
    /** `PUT /api/pms/{identifier}/pmsProject/{id}`, as the OpenAPI document names the route. */
    route: z.string(),
    area: z.string(),
    action: z.enum(AUDIT_ACTIONS),
    objects: z.array(AuditObjectSchema),
    /** What a read of the log asked for (reads only). */
    query: z.record(z.string(), z.string()).nullable(),
    /** Some values, or objects, were left out to keep the entry small. */
    truncated: z.boolean(),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditPageSchema = z.object({
  rows: z.array(AuditEntrySchema),
  /** Pass as `cursor` for the entries after these (older); null when the time range is done. */
  next: z.string().nullable(),
  /** How far back this page searched: rows older than this are on later pages. */
  searchedBackTo: z.string(),
});
export type AuditPage = z.infer<typeof AuditPageSchema>;

const instant = (label: string) =>
  z.iso.datetime({ offset: true, error: `${label} must be a time like 2026-03-02T09:30:00Z` }).optional();

/** A cursor: where the previous page stopped (an entry's time and id, or a month not read yet). */
const CURSOR = /^\d{4}-\d{2}(-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z#[0-9a-z]{1,40})?$/;

const AuditFilterFields = z.object({
  actorId: IdSchema('actorId').optional(),
  area: z.enum(AUDIT_AREAS, { error: `area must be one of ${AUDIT_AREAS.join(', ')}` }).optional(),
  action: z.enum(AUDIT_ACTIONS, { error: `action must be one of ${AUDIT_ACTIONS.join(', ')}` }).optional(),
  objectId: z
    .string()
    .trim()
    .min(1, messages.required('objectId'))
    .max(200, messages.tooLong('objectId', 200))
    .optional(),
  from: instant('from'),
  to: instant('to'),
});

const fromNotAfterTo = (q: { from?: string; to?: string }) =>
  !q.from || !q.to || Date.parse(q.from) <= Date.parse(q.to);
const FROM_AFTER_TO = { message: 'from must not be after to', path: ['from'] };

/** Which entries: by whom, in which area, what was done, to which object, when (both ends included). */
export const AuditFilterSchema = AuditFilterFields.refine(fromNotAfterTo, FROM_AFTER_TO);
export type AuditFilter = z.infer<typeof AuditFilterSchema>;

export const AuditListQuerySchema = AuditFilterFields.extend({
  cursor: z.string().regex(CURSOR, 'cursor is not one this list gave out').optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(100, 'limit must be at most 100')
    .default(50),
}).refine(fromNotAfterTo, FROM_AFTER_TO);
export type AuditListQuery = z.infer<typeof AuditListQuerySchema>;
