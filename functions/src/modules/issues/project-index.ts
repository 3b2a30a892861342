/**
 * The per-process index of work items: for each recently used project (an LRU of
 * MAX_PROJECTS), every item's list row, kept exact by the project's change log. A list request
 * filters, sorts, counts and pages this copy instead of reading the project's items.
 *
 * How it stays exact (docs/architecture.md, "Work-item lists: how a list avoids reading the
 * project"):
 *
 * - Every work-item write steps the project's `changeSeq` from the value it saw to the next one,
 *   conditionally, and puts the change entry CHANGE#{seq} naming the items it touched, in the
 *   same transaction (modules/issues/store/work-items.ts commitIssueWrite). The log has no gaps.
 * - A reader gets the counters (strongly consistent) → M. A copy at N = M is current. At N < M it
 *   reads entries N+1..M (strongly consistent) and re-reads the items they name; when fewer than
 *   M-N entries come back (older than their two-day TTL) it reloads the project. With no copy it
 *   loads the project, having read the counters first, so the copy is at least as new as M.
 * - Rows are therefore always at least as new as `seq` (possibly newer). A writer validates
 *   against the copy and conditions its write on `changeSeq = seq`: if the condition holds, no
 *   write happened after `seq`, so the copy was exactly the current state.
 */

import { getCounters, listChanges, type ProjectCounters } from './store/counters';
import { getIssues, type IssueRecord, loadProjectIssues, loadProjectLinks } from './store/work-items';

/** How many projects one process keeps (10,000 rows are a few MB). */
export const MAX_PROJECTS = 50;

export interface ProjectIndex {
  readonly enterpriseId: string;
  readonly projectId: string;
  /** Every change up to this change-log entry is in `rows` (later ones may be too). */
  seq: number;
  /** The last number given out, as of `seq`. */
  issueSeq: number;
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
  derivedFor?: number;
  childrenByParent?: Map<string, IssueRecord[]>;
}

/** What happened, for the bench and the tests. */
export const indexStats = { fullLoads: 0, catchUps: 0, lastFullLoadMs: 0, lastFullLoadRows: 0 };

const cache = new Map<string, ProjectIndex>();
const inFlight = new Map<string, Promise<void>>();

const cacheKey = (enterpriseId: string, projectId: string) => `${enterpriseId}/${projectId}`;

function remember(key: string, index: ProjectIndex): void {
  cache.delete(key);
  cache.set(key, index);
  while (cache.size > MAX_PROJECTS) {
    const oldest = cache.keys().next().value;
    if (oldest === undefined) break;
    cache.delete(oldest);
  }
}

async function fullLoad(
  key: string,
  enterpriseId: string,
  projectId: string,
  counters: ProjectCounters,
  replace: boolean,
): Promise<void> {
  const started = performance.now();
  // The counters were read before these queries, so every row is at least as new as changeSeq.
  const [issues, linked] = await Promise.all([
    loadProjectIssues(enterpriseId, projectId),
    loadProjectLinks(enterpriseId, projectId),
  ]);
  indexStats.fullLoads += 1;
  indexStats.lastFullLoadMs = performance.now() - started;
  indexStats.lastFullLoadRows = issues.length;
  const current = cache.get(key);
  if (!replace && current && current.seq >= counters.changeSeq) return;
  remember(key, {
    enterpriseId,
    projectId,
    seq: counters.changeSeq,
    issueSeq: counters.issueSeq,
    rows: new Map(issues.map((issue) => [issue.issueId, issue])),
    generation: (current?.generation ?? 0) + 1,
    links: new Map(issues.map((issue) => [issue.issueId, linked.get(issue.issueId) ?? []])),
  });
}

async function catchUp(key: string, index: ProjectIndex, counters: ProjectCounters): Promise<void> {
  const { enterpriseId, projectId } = index;
  const base = index.seq;
  const target = counters.changeSeq;
  const entries = await listChanges(enterpriseId, projectId, base + 1, target);
  if (entries.length < target - base) {
    // Part of the log has expired: this copy is too old to patch.
    await fullLoad(key, enterpriseId, projectId, counters, false);
    return;
  }
  const ids = [...new Set(entries.flatMap((entry) => entry.ids))];
  const found = ids.length > 0 ? await getIssues(enterpriseId, projectId, ids) : [];
  // Someone else moved this copy on meanwhile (another catch-up or this process's own write):
  // what was read may be older than what it holds now, so leave it; the caller looks again.
  if (cache.get(key) !== index || index.seq !== base) return;
  const byId = new Map(found.map((issue) => [issue.issueId, issue]));
  for (const id of ids) {
    const issue = byId.get(id);
    if (issue) index.rows.set(id, issue);
    else index.rows.delete(id);
    index.links.delete(id);
  }
  index.seq = target;
  index.issueSeq = counters.issueSeq;
  index.generation += 1;
  indexStats.catchUps += 1;
}

/** The project's index, brought up to `counters` (read by the caller, strongly consistent). */
export async function indexAt(
  enterpriseId: string,
  projectId: string,
  counters: ProjectCounters,
): Promise<ProjectIndex> {
  const key = cacheKey(enterpriseId, projectId);
  for (;;) {
    const current = cache.get(key);
    // changeSeq only grows; back at 0 means the project's partition was emptied.
    const reset = current !== undefined && counters.changeSeq === 0 && current.seq > 0;
    if (current && !reset && current.seq >= counters.changeSeq) {
      remember(key, current);
      return current;
    }
    const pending = inFlight.get(key);
    if (pending) {
      await pending.catch(() => undefined);
      continue;
    }
    const work =
      current && !reset
        ? catchUp(key, current, counters)
        : fullLoad(key, enterpriseId, projectId, counters, reset);
    inFlight.set(key, work);
    try {
      await work;
    } finally {
      inFlight.delete(key);
    }
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
 * A write this process committed with `changeSeq` from `seen` to `seen + 1`: the copy takes its
 * rows now, so the next read here needs no catch-up. Ignored when the copy moved meanwhile.
 */
export function recordWrite(
  enterpriseId: string,
  projectId: string,
  seen: number,
  issueSeq: number,
  changed: ReadonlyMap<string, IssueRecord | null>,
  touched: readonly string[],
): void {
  const index = cache.get(cacheKey(enterpriseId, projectId));
  if (!index || index.seq !== seen) return;
  for (const id of touched) index.links.delete(id);
  for (const [id, issue] of changed) {
    // The copy was exact at `seen`: an item it did not hold is new, and a new item has no links.
    if (issue && !index.rows.has(id)) index.links.set(id, []);
    if (issue) index.rows.set(id, issue);
    else index.rows.delete(id);
  }
  index.seq = seen + 1;
  index.issueSeq = issueSeq;
  index.generation += 1;
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

// ---- for tests and the bench ----------------------------------------------------------------

/** Drops every cached index, as a fresh process would start. */
export function forgetIssueIndexes(): void {
  cache.clear();
}

export type IndexSnapshot = Map<string, ProjectIndex>;

/** A copy of this process's indexes, to stand in for another process's (stale) memory later. */
export function snapshotIssueIndexes(): IndexSnapshot {
  return new Map(
    [...cache].map(([key, index]) => [
      key,
      {
        ...index,
        rows: new Map(index.rows),
        links: new Map(index.links),
        derivedFor: undefined,
        childrenByParent: undefined,
      },
    ]),
  );
}

/** Replaces the cached indexes with a snapshot (as if this were the process that took it). */
export function restoreIssueIndexes(snapshot: IndexSnapshot): void {
  cache.clear();
  for (const [key, index] of snapshot) {
    cache.set(key, {
      ...index,
      rows: new Map(index.rows),
      links: new Map(index.links),
      derivedFor: undefined,
      childrenByParent: undefined,
    });
  }
}
