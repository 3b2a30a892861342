/**
 * Reading an enterprise's audit log, and recording that it was read. Entries live in one partition
 * per UTC month and shard (core/db/keys.ts `auditPartition`), sorted by time: a page reads the
 * months of its time range newest first, each month's shards side by side, merges them by time and
 * filters in memory. A page stops at `limit` entries or after `maxMonths` months, and says where
 * the next one starts (the cursor: the last entry's sort key, or the month the search stopped
 * before).
 */
import type { AuditAction, AuditFilter, AuditObject } from '@shared/schemas/audit';
import { clock } from '../clock';
import type { Item } from '../db/expressions';
import { AUDIT_SHARDS, auditPartition } from '../db/keys';
import { putItem, queryPage } from '../db/operations';
import { newId } from '../ids';
import { currentAuditScope } from './context';
import { entryItem } from './entry';

export interface AuditEntryRecord {
  id: string;
  at: string;
  enterpriseId: string;
  actorId: string | null;
  sourceAddress: string | null;
  requestId: string;
  route: string;
  area: string;
  action: AuditAction;
  objects: AuditObject[];
  refs: string[];
  query: Record<string, string> | null;
  truncated: boolean;
  /** Epoch seconds after which the entry is gone (DynamoDB's TTL deletes it some time later). */
  expiresAt: number;
  /** Where the entry sorts in its day: its place for a cursor. */
  sortKey: string;
}

function fromItem(item: Item): AuditEntryRecord {
  return {
    id: item.id as string,
    at: item.at as string,
    enterpriseId: item.enterpriseId as string,
    actorId: (item.actorId as string | null | undefined) ?? null,
    sourceAddress: (item.sourceAddress as string | null | undefined) ?? null,
    requestId: item.requestId as string,
    route: item.route as string,
    area: item.area as string,
    action: item.action as AuditAction,
    objects: JSON.parse((item.objects as string | undefined) ?? '[]') as AuditObject[],
    refs: (item.refs as string[] | undefined) ?? [],
    query: item.query ? (JSON.parse(item.query as string) as Record<string, string>) : null,
    truncated: item.truncated === true,
    expiresAt: Number(item.expiresAt ?? 0),
    sortKey: item.sk as string,
  };
}

/** How many months are read side by side (each is AUDIT_SHARDS queries). */
const MONTHS_AT_ONCE = 2;
/** The oldest entry any retention keeps (AUDIT_RETENTION_DAYS.max), a bound for searches without `from`. */
const OLDEST_MS = 3_650 * 86_400_000;

/** `2026-03` → `2026-02` (`step` -1) or `2026-04` (+1). */
function monthAfter(month: string, step: number): string {
  const [year = 0, number = 1] = month.split('-').map(Number);
  return new Date(Date.UTC(year, number - 1 + step, 1)).toISOString().slice(0, 7);
}

export interface AuditPageRequest {
  /** Where the previous page stopped. */
  cursor?: string;
  limit: number;
  /** Months read at most (the search goes on from the cursor it answers). */
  maxMonths: number;
  /** No entry is older than this (the enterprise's creation): the search stops there. */
  notBefore?: string;
}

export interface AuditEntryPage {
  entries: AuditEntryRecord[];
  next: string | null;
  /** How far back this page searched: entries older than this are on later pages. */
  searchedBackTo: string;
}

function matches(entry: AuditEntryRecord, filter: AuditFilter, nowSeconds: number): boolean {
  return (
    entry.expiresAt > nowSeconds &&
    (!filter.actorId || entry.actorId === filter.actorId) &&
    (!filter.area || entry.area === filter.area) &&
    (!filter.action || entry.action === filter.action) &&
    (!filter.objectId || entry.refs.includes(filter.objectId))
  );
}

interface Bounds {
  /** The oldest sort key in (inclusive). */
  lower: string;
  /** The sort key the search stays below (exclusive): a cursor, `to`, or a month not to read. */
  upper: string;
}

/** Up to `want` matching entries of one shard of one month, newest first, between the bounds. */
async function readShard(
  pk: string,
  bounds: Bounds,
  want: number,
  keep: (entry: AuditEntryRecord) => boolean,
): Promise<AuditEntryRecord[]> {
  const found: AuditEntryRecord[] = [];
  let startKey: Item | undefined;
  do {
    const page = await queryPage(
      {
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :lower AND :upper',
        ExpressionAttributeValues: { ':pk': pk, ':lower': bounds.lower, ':upper': bounds.upper },
        ScanIndexForward: false,
        // An entry written a moment ago is in the next read (an admin checking a change just made).
        ConsistentRead: true,
        Limit: Math.max(25, want),
      },
      startKey,
    );
    for (const entry of page.items.map(fromItem)) {
      if (entry.sortKey < bounds.upper && keep(entry)) found.push(entry);
    }
    startKey = page.next;
  } while (startKey && found.length < want);
  return found.slice(0, want);
}

/** The newest `want` matching entries of `months`: every shard of each month read side by side. */
async function readMonths(
  enterpriseId: string,
  months: readonly string[],
  bounds: Bounds,
  want: number,
  keep: (entry: AuditEntryRecord) => boolean,
): Promise<AuditEntryRecord[]> {
  const shards = months.flatMap((month) =>
    Array.from({ length: AUDIT_SHARDS }, (_, shard) =>
      readShard(auditPartition(enterpriseId, month, shard), bounds, want, keep),
    ),
  );
  const entries = (await Promise.all(shards)).flat();
  entries.sort((a, b) => (a.sortKey < b.sortKey ? 1 : a.sortKey > b.sortKey ? -1 : 0));
  return entries.slice(0, want);
}

/** From `from` (or the oldest entry there may be) to below the cursor, `to`, or next month. */
function boundsOf(filter: AuditFilter, request: AuditPageRequest, now: number): Bounds {
  const oldest = Math.max(now - OLDEST_MS, request.notBefore ? Date.parse(request.notBefore) : 0);
  const lower = new Date(filter.from ? Math.max(Date.parse(filter.from), oldest) : oldest).toISOString();
  // `~` sorts after every id: an entry at exactly `to` is in.
  const latest = filter.to ? `${new Date(filter.to).toISOString()}#~` : monthAfter(monthOf(now), 1);
  const upper = request.cursor && request.cursor < latest ? request.cursor : latest;
  return { lower, upper };
}

const monthOf = (ms: number) => new Date(ms).toISOString().slice(0, 7);

/** One page of the log, newest first. */
export async function listAuditEntries(
  enterpriseId: string,
  filter: AuditFilter,
  request: AuditPageRequest,
): Promise<AuditEntryPage> {
  const now = clock.now();
  const bounds = boundsOf(filter, request, now);
  const keep = (entry: AuditEntryRecord) => matches(entry, filter, Math.floor(now / 1000));
  // A bare month as the upper bound (a cursor, or next month) is not read itself.
  let month = bounds.upper.length === 7 ? monthAfter(bounds.upper, -1) : bounds.upper.slice(0, 7);
  const lastMonth = bounds.lower.slice(0, 7);
  const entries: AuditEntryRecord[] = [];
  let monthsRead = 0;
  while (month >= lastMonth && monthsRead < request.maxMonths) {
    const months: string[] = [];
    const room = Math.min(MONTHS_AT_ONCE, request.maxMonths - monthsRead);
    for (let m = month; m >= lastMonth && months.length < room; m = monthAfter(m, -1)) months.push(m);
    const want = request.limit - entries.length;
    entries.push(...(await readMonths(enterpriseId, months, bounds, want, keep)));
    monthsRead += months.length;
    month = monthAfter(months.at(-1)!, -1);
    if (entries.length >= request.limit) {
      const last = entries.at(-1)!;
      return { entries, next: last.sortKey, searchedBackTo: last.at };
    }
  }
  if (month < lastMonth) return { entries, next: null, searchedBackTo: bounds.lower };
  const oldestRead = monthAfter(month, 1);
  return { entries, next: oldestRead, searchedBackTo: `${oldestRead}-01T00:00:00.000Z` };
}

/**
 * Records that the log was read (action `read`, with what was asked), in the reader's request
 * scope: reading the log is itself in the log.
 */
export async function recordAuditRead(
  enterpriseId: string,
  retentionDays: number,
  query: Record<string, string>,
): Promise<void> {
  const scope = currentAuditScope();
  if (!scope) throw new Error('The audit log is read only inside a request');
  await putItem(
    entryItem(scope, {
      id: newId(),
      at: new Date(clock.now()).toISOString(),
      enterpriseId,
      action: 'read',
      objects: [],
      refs: [],
      query,
      retentionDays,
    }),
  );
}
