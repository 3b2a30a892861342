/**
 * The per-process index of work items: for each recently used project, every item's list row,
 * kept exact by the project's change log. A list request filters, sorts, counts and pages this
 * copy instead of reading the project's items.
 *
 * How it stays exact (docs/architecture.md, "Work-item lists" and "Writers do not collide"):
 *
 * - Every work-item write takes a change number from an atomic counter and writes the entry
 *   CHANGE#{seq}, naming the items it touched, in the same transaction as the items
 *   (modules/issues/store/counters.ts). Numbers whose writer failed or died are filled with
 *   tombstones; an entry and a tombstone exclude each other by condition.
 * - A copy at `seq` has applied every entry up to `seq`. A reader gets the counters (strongly
 *   consistent), M; it reads the entries in (seq, M] that exist and applies the rows each carries
 *   (the ISSUE# items its transaction put, as put, and the ids it deleted), so its rows reflect
 *   every write committed before it read M, including writes past a number still on its way;
 *   then it moves `seq` over the contiguous run of entries. A missing number
 *   before an entry whose number was taken more than GAP_DEADLINE_MS ago is dead: the reader fills
 *   it with a tombstone and moves on.
 * - Rows are therefore always at least as new as `seq` (usually newer). Writers do not rely on
 *   `seq`: each write is conditioned on the versions of the items its checks looked at.
 * - A copy not synced within CATCH_UP_WINDOW_MS may have lost entries to their TTL: it reloads.
 *   A fresh copy loads the project's snapshot from S3 (modules/issues/snapshots.ts) when one is
 *   young enough, otherwise every ISSUE# item, and catches up from there.
 *
 * Memory is bounded by rows, not by projects: the cache keeps the most recently used projects
 * while their rows fit INDEX_ROW_BUDGET (40 % of the function's memory at ROW_BYTES a row).
 */
import { clock } from '@core/clock';
import {
  CATCH_UP_WINDOW_MS,
  type ChangeEntry,
  contiguousEnd,
  deadGaps,
  getCounters,
  listChanges,
  type ProjectCounters,
  tombstoneChange,
} from './store/counters';
import {
  getIssues,
  type IssueRecord,
  issueFromItem,
  loadProjectIssues,
  loadProjectLinks,
} from './store/work-items';

/** A list row's share of the heap, measured with 100,000 rows (scripts/bench/cold-start.ts). */
export const ROW_BYTES = 1200;

/** Share of the function's memory the cached copies may take. */
const MEMORY_SHARE = 0.4;

function rowBudget(): number {
  const explicit = Number(process.env.INDEX_MAX_ROWS);
  if (explicit > 0) return explicit;
  // Lambda says how much memory the function has; locally assume a function's 1 GB.
  const memoryMb = Number(process.env.AWS_LAMBDA_FUNCTION_MEMORY_SIZE) || 1024;
  return Math.floor((memoryMb * 1024 * 1024 * MEMORY_SHARE) / ROW_BYTES);
}

let INDEX_ROW_BUDGET = rowBudget();

/** The rows the cached copies may hold at most (set from the function's memory). */
export const indexRowBudget = () => INDEX_ROW_BUDGET;

/** A copy this far behind reloads instead of re-reading the items of every entry since. */
const CATCH_UP_LIMIT = 2000;

export interface ProjectIndex {
  readonly enterpriseId: string;
  readonly projectId: string;
  /** Every change up to this entry is in `rows` (later ones may be too). */
  seq: number;
  /** When this copy last applied every entry that existed (epoch ms). */
  syncedAt: number;
  /** Item id → list row. Rows are replaced, never changed in place. */
  rows: Map<string, IssueRecord>;
  /** Bumped at every change of `rows`; derived data is cached per generation. */
  generation: number;
  /**
   * Items' linked ids: every item's after a full load, then dropped for each item a change
   * touches (link writes and deletes name both ends) and read again when its page is read. So
   * an entry is as exact as the rows, and an item page needs no query for its links.
   */
  links: Map<string, readonly string[]>;
  /** Items this copy saw deleted: a read that raced with the delete never brings them back. */
  deleted: Set<string>;
  derivedFor?: number;
  childrenByParent?: Map<string, IssueRecord[]>;
}

/** What happened, for the bench and the tests. */
export const indexStats = {
  fullLoads: 0,
  snapshotLoads: 0,
  catchUps: 0,
  tombstones: 0,
  evictions: 0,
  lastFullLoadMs: 0,
  lastFullLoadRows: 0,
};

const cache = new Map<string, ProjectIndex>();
/** The sync of a copy under way (one at a time per project in a process). */
const inFlight = new Map<string, Promise<void>>();
let cachedRows = 0;

const cacheKey = (enterpriseId: string, projectId: string) => `${enterpriseId}/${projectId}`;

/** Makes `index` the most recently used copy, dropping the least recently used past the budget. */
function remember(key: string, index: ProjectIndex): void {
  const previous = cache.get(key);
  if (previous) cachedRows -= previous.rows.size;
  cache.delete(key);
  cache.set(key, index);
  cachedRows += index.rows.size;
  for (const [oldest, copy] of cache) {
    if (cachedRows <= INDEX_ROW_BUDGET || oldest === key) break;
    cache.delete(oldest);
    cachedRows -= copy.rows.size;
    indexStats.evictions += 1;
  }
}

/** Keeps the row count of the cache right when a copy's rows change in place. */
function resized(index: ProjectIndex, before: number): void {
  if (cache.get(cacheKey(index.enterpriseId, index.projectId)) === index)
    cachedRows += index.rows.size - before;
}

/** How many rows the cached copies hold (the bench and the tests). */
export function cachedRowCount(): number {
  return cachedRows;
}

/**
 * Puts a row read or written into the copy unless the copy holds a newer revision (every write of
 * an item steps its `rev`, so revisions order its states) or saw the item deleted.
 */
function applyRow(index: ProjectIndex, id: string, issue: IssueRecord | null): void {
  if (issue === null) {
    index.rows.delete(id);
    index.deleted.add(id);
    return;
  }
  const held = index.rows.get(id);
  if (index.deleted.has(id) || (held && held.rev > issue.rev)) return;
  // A new item has no links yet; a known one's links were dropped if the change touched them.
  if (!held && !index.links.has(id)) index.links.set(id, []);
  index.rows.set(id, issue);
}

/** Applies the current rows of `ids` (read now) and forgets their links. */
async function refreshRows(index: ProjectIndex, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const found = await getIssues(index.enterpriseId, index.projectId, ids);
  const byId = new Map(found.map((issue) => [issue.issueId, issue]));
  const before = index.rows.size;
  for (const id of ids) {
    index.links.delete(id);
    applyRow(index, id, byId.get(id) ?? null);
  }
  index.generation += 1;
  resized(index, before);
}

/**
 * Applies committed entries: the rows an entry carries as they were written (each only if newer
 * than the copy's, so the order of entries does not matter), and the links of every item an entry
 * names are forgotten. Entries written before they carried rows name items to be read again.
 */
async function applyEntries(index: ProjectIndex, entries: readonly ChangeEntry[]): Promise<void> {
  const before = index.rows.size;
  const reread = new Set<string>();
  for (const entry of entries) {
    for (const id of entry.ids) index.links.delete(id);
    if (!entry.written) {
      for (const id of entry.ids) reread.add(id);
      continue;
    }
    for (const item of entry.written.rows) {
      const row = issueFromItem(item);
      applyRow(index, row.issueId, row);
    }
    for (const id of entry.written.gone) applyRow(index, id, null);
  }
  index.generation += 1;
  resized(index, before);
  await refreshRows(index, [...reread]);
}

async function fullLoad(key: string, enterpriseId: string, projectId: string, counters: ProjectCounters) {
  const started = performance.now();
  const syncedAt = clock.now();
  const { loadUsableSnapshot } = await import('./snapshots');
  const snapshot = await loadUsableSnapshot(enterpriseId, projectId, counters, syncedAt);
  let loaded: { seq: number; rows: IssueRecord[]; links: Map<string, string[]> };
  if (snapshot) {
    loaded = snapshot;
    indexStats.snapshotLoads += 1;
  } else {
    // The counters were read before these queries, so every row is at least as new as
    // `countedSeq`: every change up to it is committed (or a tombstone) and in the rows.
    const [rows, links] = await Promise.all([
      loadProjectIssues(enterpriseId, projectId),
      loadProjectLinks(enterpriseId, projectId),
    ]);
    loaded = { seq: counters.countedSeq, rows, links };
  }
  indexStats.fullLoads += 1;
  indexStats.lastFullLoadMs = performance.now() - started;
  indexStats.lastFullLoadRows = loaded.rows.length;
  remember(key, {
    enterpriseId,
    projectId,
    seq: loaded.seq,
    syncedAt: snapshot ? snapshot.takenAt : syncedAt,
    rows: new Map(loaded.rows.map((issue) => [issue.issueId, issue])),
    generation: (cache.get(key)?.generation ?? 0) + 1,
    links: new Map(loaded.rows.map((issue) => [issue.issueId, loaded.links.get(issue.issueId) ?? []])),
    deleted: new Set(),
  });
}

async function catchUp(index: ProjectIndex, counters: ProjectCounters): Promise<void> {
  const { enterpriseId, projectId } = index;
  const base = index.seq;
  const syncedAt = clock.now();
  const entries = await listChanges(enterpriseId, projectId, base + 1, counters.changeSeq);
  // Every entry that exists, past a gap too: the rows then reflect every committed write.
  await applyEntries(index, entries);
  const filled = [];
  for (const seq of deadGaps(entries, base, syncedAt)) {
    // Conditional: if the entry arrived meanwhile, it stays, and the next catch-up applies it.
    if (await tombstoneChange(enterpriseId, projectId, seq, syncedAt)) {
      indexStats.tombstones += 1;
      filled.push({ seq });
    }
  }
  const end = contiguousEnd([...entries, ...filled], base);
  // Someone else may have moved the copy on meanwhile (its own write); never move it back.
  index.seq = Math.max(index.seq, end);
  index.syncedAt = syncedAt;
  indexStats.catchUps += 1;
  if (counters.changeSeq - counters.countedSeq > FOLD_LAG) {
    const { settleSoon } = await import('./settle');
    await settleSoon(enterpriseId, projectId);
  }
}

/** Entries not folded into the counts yet past which a reader asks for the settle job. */
const FOLD_LAG = 50;

/** The project's index, brought up to `counters` (read by the caller, strongly consistent). */
export async function indexAt(
  enterpriseId: string,
  projectId: string,
  counters: ProjectCounters,
): Promise<ProjectIndex> {
  const key = cacheKey(enterpriseId, projectId);
  for (;;) {
    const pending = inFlight.get(key);
    if (pending) {
      // Another request is syncing this copy: wait, then judge it afresh.
      await pending.catch(() => undefined);
      continue;
    }
    const current = cache.get(key);
    if (current && usable(current, counters)) {
      if (current.seq < counters.changeSeq) await exclusive(key, () => catchUp(current, counters));
      remember(key, current);
      // Possibly still behind a number on its way: its rows hold every committed write anyway.
      return current;
    }
    await exclusive(key, async () => {
      await fullLoad(key, enterpriseId, projectId, counters);
      const loaded = cache.get(key)!;
      if (loaded.seq < counters.changeSeq) await catchUp(loaded, counters);
    });
    return cache.get(key)!;
  }
}

/** Whether a cached copy can catch up to `counters`, rather than reload. */
function usable(index: ProjectIndex, counters: ProjectCounters): boolean {
  // changeSeq only grows; below the copy means the project's partition was emptied.
  if (counters.changeSeq < index.seq) return false;
  if (clock.now() - index.syncedAt > CATCH_UP_WINDOW_MS) return false;
  return counters.changeSeq - index.seq <= Math.max(CATCH_UP_LIMIT, index.rows.size / 4);
}

async function exclusive(key: string, work: () => Promise<void>): Promise<void> {
  const run = work();
  inFlight.set(key, run);
  try {
    await run;
  } finally {
    if (inFlight.get(key) === run) inFlight.delete(key);
  }
}

/** The cached index of the project as it is, without any read (null when not cached). */
export function peekIndex(enterpriseId: string, projectId: string): ProjectIndex | null {
  return cache.get(cacheKey(enterpriseId, projectId)) ?? null;
}

/**
 * The project of a work item, if a cached index holds it: a process that loaded a project knows
 * the project of each of its items without reading their ISSUEREF# pointers (items never move).
 */
export function cachedProjectOf(enterpriseId: string, issueId: string): string | undefined {
  for (const index of cache.values()) {
    if (index.enterpriseId === enterpriseId && index.rows.has(issueId)) return index.projectId;
  }
  return undefined;
}

/** The project's index, current as of this call (one strongly consistent read when warm). */
export async function projectIndex(enterpriseId: string, projectId: string): Promise<ProjectIndex> {
  return indexAt(enterpriseId, projectId, await getCounters(enterpriseId, projectId));
}

/**
 * A write this process committed as change `seq`: the copy takes its rows now (each only if newer
 * than what it holds: another catch-up may have brought a later version meanwhile), and moves
 * `seq` on when the write was the next one, so the next read here needs no catch-up. It forgets
 * the links of `linksChanged`, the items whose links the write added or removed.
 */
export function recordWrite(
  enterpriseId: string,
  projectId: string,
  seq: number,
  changed: ReadonlyMap<string, IssueRecord | null>,
  linksChanged: readonly string[],
): void {
  const index = cache.get(cacheKey(enterpriseId, projectId));
  if (!index) return;
  const before = index.rows.size;
  for (const id of linksChanged) index.links.delete(id);
  for (const [id, issue] of changed) applyRow(index, id, issue);
  if (index.seq === seq - 1) index.seq = seq;
  index.generation += 1;
  resized(index, before);
}

/**
 * Remembers an item's linked ids read while the index was at `generation` (read at the same time
 * as the counters it synced to, or after): kept only if no change was applied since, so an
 * entry is never older than the rows.
 */
export function rememberLinks(
  index: ProjectIndex,
  generation: number,
  issueId: string,
  linked: readonly string[],
): void {
  if (index.generation === generation && cache.get(cacheKey(index.enterpriseId, index.projectId)) === index) {
    index.links.set(issueId, linked);
  }
}

function derive(index: ProjectIndex): void {
  if (index.derivedFor === index.generation && index.childrenByParent) return;
  const children = new Map<string, IssueRecord[]>();
  for (const row of index.rows.values()) {
    if (!row.parentId) continue;
    const list = children.get(row.parentId);
    if (list) list.push(row);
    else children.set(row.parentId, [row]);
  }
  index.childrenByParent = children;
  index.derivedFor = index.generation;
}

/** The direct children of an item. */
export function childrenOf(index: ProjectIndex, issueId: string): readonly IssueRecord[] {
  derive(index);
  return index.childrenByParent!.get(issueId) ?? [];
}

/** The item's descendants (children, their children, ...), not including itself. */
export function descendantIds(index: ProjectIndex, issueId: string): Set<string> {
  const found = new Set<string>();
  const queue = [issueId];
  while (queue.length > 0) {
    const id = queue.pop()!;
    for (const child of childrenOf(index, id)) {
      if (found.has(child.issueId) || child.issueId === issueId) continue;
      found.add(child.issueId);
      queue.push(child.issueId);
    }
  }
  return found;
}

/** The item's ancestors, nearest first (its parent, the parent's parent, ...), stopping at a loop. */
export function ancestorsOf(index: ProjectIndex, issueId: string): IssueRecord[] {
  const chain: IssueRecord[] = [];
  const seen = new Set([issueId]);
  for (let at = index.rows.get(issueId)?.parentId; at && !seen.has(at); ) {
    const row = index.rows.get(at);
    if (!row) break;
    chain.push(row);
    seen.add(at);
    at = row.parentId ?? undefined;
  }
  return chain;
}

// ---- for tests and the bench ----------------------------------------------------------------

/** Sets the row budget (tests: a small one to see copies evicted); returns the previous one. */
export function setIndexRowBudget(rows: number): number {
  const previous = INDEX_ROW_BUDGET;
  INDEX_ROW_BUDGET = rows;
  return previous;
}

/** Drops every cached index, as a fresh process would start. */
export function forgetIssueIndexes(): void {
  cache.clear();
  cachedRows = 0;
}

export type IndexSnapshot = Map<string, ProjectIndex>;

function copyOf(index: ProjectIndex): ProjectIndex {
  return {
    ...index,
    rows: new Map(index.rows),
    links: new Map(index.links),
    deleted: new Set(index.deleted),
    derivedFor: undefined,
    childrenByParent: undefined,
  };
}

/** A copy of this process's indexes, to stand in for another process's (stale) memory later. */
export function snapshotIssueIndexes(): IndexSnapshot {
  return new Map([...cache].map(([key, index]) => [key, copyOf(index)]));
}

/** Replaces the cached indexes with a snapshot (as if this were the process that took it). */
export function restoreIssueIndexes(snapshot: IndexSnapshot): void {
  forgetIssueIndexes();
  for (const [key, index] of snapshot) remember(key, copyOf(index));
}
