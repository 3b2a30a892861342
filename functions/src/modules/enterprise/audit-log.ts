/**
 * The enterprise's audit log as administrators read it (core/audit writes it with every change):
 * pages of entries with the people named, and the same entries as a CSV file. Every read is
 * recorded in the log before it is answered.
 */
import { type AuditEntryRecord, listAuditEntries, recordAuditRead } from '@core/audit/log';
import { clock } from '@core/clock';
import { summaryOf, userSummaries } from '@core/identity/people';
import type { EnterpriseRecord } from '@core/identity/store/enterprises';
import type { AuditEntry, AuditFilter, AuditListQuery, AuditPage } from '@shared/schemas/audit';
import type { UserSummary } from '@shared/schemas/projects';

/** A page reads at most three months; its cursor goes on from where it stopped. */
const PAGE_MONTHS = 3;
/** A CSV file holds at most this many entries... */
export const MAX_CSV_ENTRIES = 10_000;
/** ...of at most this many days back from `to` when no `from` is given. */
export const CSV_DEFAULT_DAYS = 366;

function entryView(entry: AuditEntryRecord, people: ReadonlyMap<string, UserSummary>): AuditEntry {
  return {
    id: entry.id,
    at: entry.at,
    actor: entry.actorId ? summaryOf(people, entry.actorId) : null,
    sourceAddress: entry.sourceAddress,
    requestId: entry.requestId,
    route: entry.route,
    area: entry.area,
    action: entry.action,
    objects: entry.objects,
    query: entry.query,
    truncated: entry.truncated,
  };
}

async function entryViews(entries: readonly AuditEntryRecord[]): Promise<AuditEntry[]> {
  const people = await userSummaries(entries.map((e) => e.actorId));
  return entries.map((entry) => entryView(entry, people));
}

/** What a read asked for, as its entry records it. */
function queryOf(filter: AuditFilter, extra: Record<string, string | undefined>): Record<string, string> {
  const asked: Record<string, string | undefined> = { ...filter, ...extra };
  return Object.fromEntries(
    Object.entries(asked).filter((pair): pair is [string, string] => typeof pair[1] === 'string'),
  );
}

export async function auditPage(enterprise: EnterpriseRecord, query: AuditListQuery): Promise<AuditPage> {
  const { cursor, limit, ...filter } = query;
  const page = await listAuditEntries(enterprise.id, filter, {
    cursor,
    limit,
    maxMonths: PAGE_MONTHS,
    notBefore: enterprise.createdAt,
  });
  await recordAuditRead(enterprise.id, enterprise.auditRetentionDays, queryOf(filter, { cursor }));
  return { rows: await entryViews(page.entries), next: page.next, searchedBackTo: page.searchedBackTo };
}

export const CSV_COLUMNS = [
  'time',
  'actorId',
  'actor',
  'actorLogin',
  'sourceAddress',
  'requestId',
  'route',
  'area',
  'action',
  'objectType',
  'objectId',
  'objectAction',
  'changes',
  'query',
  'truncated',
] as const;

/** One row per object of each entry (one for an entry without objects, a read). */
function csvRows(entry: AuditEntry): Record<(typeof CSV_COLUMNS)[number], string>[] {
  const common = {
    time: entry.at,
    actorId: entry.actor?.userId ?? '',
    actor: entry.actor?.nickname ?? '',
    actorLogin: entry.actor?.login ?? '',
    sourceAddress: entry.sourceAddress ?? '',
    requestId: entry.requestId,
    route: entry.route,
    area: entry.area,
    action: entry.action,
    query: entry.query ? JSON.stringify(entry.query) : '',
    truncated: entry.truncated ? 'yes' : '',
  };
  const none = { objectType: '', objectId: '', objectAction: '', changes: '' };
  if (entry.objects.length === 0) return [{ ...common, ...none }];
  return entry.objects.map((object) => ({
    ...common,
    objectType: object.type,
    objectId: object.id,
    objectAction: object.action,
    changes: JSON.stringify(object.changes),
  }));
}

/**
 * The entries of the filter as a CSV file (RFC 4180 by papaparse, formulae escaped so a
 * spreadsheet never runs a value), newest first, with a byte-order mark for spreadsheet programs.
 */
export async function auditCsv(
  enterprise: EnterpriseRecord,
  filter: AuditFilter,
): Promise<{ fileName: string; text: string; complete: boolean }> {
  const now = clock.now();
  const to = filter.to ?? new Date(now).toISOString();
  const from = filter.from ?? new Date(Date.parse(to) - CSV_DEFAULT_DAYS * 86_400_000).toISOString();
  const page = await listAuditEntries(
    enterprise.id,
    { ...filter, from, to },
    // The whole range: it ends at `from`, at most ten years back.
    { limit: MAX_CSV_ENTRIES, maxMonths: Number.POSITIVE_INFINITY, notBefore: enterprise.createdAt },
  );
  await recordAuditRead(enterprise.id, enterprise.auditRetentionDays, queryOf(filter, { format: 'csv' }));
  const rows = (await entryViews(page.entries)).flatMap(csvRows);
  const { default: Papa } = await import('papaparse');
  const text = Papa.unparse(
    { fields: [...CSV_COLUMNS], data: rows.map((row) => CSV_COLUMNS.map((column) => row[column])) },
    { escapeFormulae: true, newline: '\r\n' },
  );
  const day = new Date(now).toISOString().slice(0, 10);
  return {
    fileName: `audit-log-${enterprise.identifier}-${day}.csv`,
    text: `\uFEFF${text}`,
    complete: page.next === null,
  };
}
