/**
 * The audit log's filters as URL search params (validateSearch of the admin page). Plain
 * functions, not zod: validateSearch is part of the first script. Values that are not allowed are
 * dropped rather than refused, so a hand-edited or outdated link still opens.
 */
import { AUDIT_ACTIONS, AUDIT_AREAS, type AuditAction, type AuditArea } from '@shared/domain/audit';
import { idParam } from '../../../lib/search';
import type { AuditListParams } from '../../../queries/audit';

export interface AuditSearch {
  actorId?: string;
  area?: AuditArea;
  action?: AuditAction;
  objectId?: string;
  /** Days `YYYY-MM-DD`, both included, in the browser's time zone. */
  from?: string;
  to?: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MAX_OBJECT_ID = 200;

const dayParam = (raw: unknown) =>
  typeof raw === 'string' && DAY.test(raw) && !Number.isNaN(Date.parse(raw)) ? raw : undefined;

function oneOf<T extends string>(raw: unknown, allowed: readonly T[]): T | undefined {
  return allowed.includes(raw as T) ? (raw as T) : undefined;
}

export function validateAuditSearch(search: Record<string, unknown>): AuditSearch {
  const objectId = typeof search.objectId === 'string' ? search.objectId.trim().slice(0, MAX_OBJECT_ID) : '';
  let from = dayParam(search.from);
  const to = dayParam(search.to);
  if (from && to && from > to) from = undefined;
  const result: AuditSearch = {
    actorId: idParam(search.actorId),
    area: oneOf(search.area, AUDIT_AREAS),
    action: oneOf(search.action, AUDIT_ACTIONS),
    objectId: objectId || undefined,
    from,
    to,
  };
  return Object.fromEntries(Object.entries(result).filter(([, v]) => v !== undefined)) as AuditSearch;
}

export function hasAuditFilters(search: AuditSearch): boolean {
  return Object.values(search).some((value) => value !== undefined);
}

/** The start of a local day as an instant, or of the day after (`end`). */
function localDayStart(day: string, end = false): Date {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(year, month - 1, date + (end ? 1 : 0));
}

/** The list call's filters: the days become the instants they start and end at, here. */
export function auditListParams(search: AuditSearch): AuditListParams {
  return {
    actorId: search.actorId,
    area: search.area,
    action: search.action,
    objectId: search.objectId,
    from: search.from ? localDayStart(search.from).toISOString() : undefined,
    // The last millisecond of the day: `to` includes it.
    to: search.to ? new Date(localDayStart(search.to, true).getTime() - 1).toISOString() : undefined,
  };
}
