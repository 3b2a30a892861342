/**
 * What the desk reads from a project's activity feed (docs/work-desk.md, "Mentions" and
 * "Repository activity"), kept per process and project like the work-item index it follows:
 *
 * - who each item's description and comments mention (`@login`, mentions.ts): a description is
 *   read again whenever the feed says it was written (the item's creation, an edit of its
 *   description); a comment's mentions are taken from the comment itself;
 * - the commits of linked repositories recorded on the items (`commit` entries), by day.
 *
 * A first read takes the newest COLD_ENTRIES entries of the feed that are at most
 * MENTION_WINDOW_DAYS old, and the descriptions of the items those entries created or edited.
 * After that the digest follows the project's change log: while the project's index has not
 * moved, nothing is read; when it moved, the head of the feed down to the newest entry already
 * applied (less FEED_LAG_MS, since the feed is a secondary index that may show an entry late).
 */
import { clock } from '@core/clock';
import { isUnfinished } from '@shared/domain/sprint-workflow';
import { ACTIVITY_DAYS, MENTION_WINDOW_DAYS } from '@shared/schemas/dashboard';
import { feedPage, getIssueDescriptions, type JournalRecord, type ProjectIndex } from '../issues';
import { mentionedLogins } from './mentions';

/** A first read takes at most this many of the newest entries of a project's feed. */
const COLD_ENTRIES = 1000;
/** How late the feed (an eventually consistent index) may show an entry after its write. */
const FEED_LAG_MS = 5000;
/** After the project moved, the head of the feed is read again this long (a late entry). */
const SETTLE_MS = 3000;
const HEAD_PAGE = 10;
/** Descriptions read per batch, and batches at once. */
const BODY_BATCH = 100;
const BODY_PARALLEL = 4;
/** Digests kept per process (least recently used dropped first). */
const MAX_DIGESTS = 500;
const DAY_MS = 86_400_000;

export interface CommitMark {
  repositoryId: string;
  /** The commit's short sha, so a commit naming two items counts once. */
  sha: string;
  at: string;
}

export interface ProjectActivity {
  /** Stepped whenever entries are applied: what is derived from the digest is kept per version. */
  version: number;
  /** The project index's position this digest has read the feed for. */
  seq: number;
  /** Until when the head of the feed is read again though the index has not moved (epoch ms). */
  settleUntil: number;
  /** `createdAt` of the newest entry applied. */
  newest: string;
  /** Entries applied within FEED_LAG_MS of `newest` (journal id → createdAt): never applied twice. */
  recent: Map<string, string>;
  /** Item id → logins its description mentions. */
  descriptionMentions: Map<string, Set<string>>;
  /** Item id → logins its comments mention. */
  commentMentions: Map<string, Set<string>>;
  /** Journal id → the commit it records, for the last ACTIVITY_DAYS days. */
  commits: Map<string, CommitMark>;
}

const digests = new Map<string, ProjectActivity>();
const inFlight = new Map<string, Promise<ProjectActivity>>();

const keyOf = (index: ProjectIndex) => `${index.enterpriseId}/${index.projectId}`;
const isoBefore = (iso: string, ms: number) => new Date(Date.parse(iso) - ms).toISOString();

/** The ids of the items that mention `login`. */
export function itemsMentioning(activity: ProjectActivity, login: string): Set<string> {
  const found = new Set<string>();
  for (const byItem of [activity.descriptionMentions, activity.commentMentions]) {
    for (const [issueId, logins] of byItem) if (logins.has(login)) found.add(issueId);
  }
  return found;
}

/** The project's digest, brought up to its index (which the caller has just synced). */
export async function activityOf(index: ProjectIndex): Promise<ProjectActivity> {
  const key = keyOf(index);
  const current = digests.get(key);
  if (current && current.seq === index.seq && clock.now() >= current.settleUntil) {
    remember(key, current);
    return current;
  }
  const pending = inFlight.get(key);
  if (pending) return pending;
  const run = (current ? catchUp(index, current) : coldDigest(index)).finally(() => inFlight.delete(key));
  inFlight.set(key, run);
  const digest = await run;
  remember(key, digest);
  return digest;
}

function remember(key: string, digest: ProjectActivity): void {
  digests.delete(key);
  digests.set(key, digest);
  if (digests.size > MAX_DIGESTS) digests.delete(digests.keys().next().value!);
}

async function coldDigest(index: ProjectIndex): Promise<ProjectActivity> {
  const seq = index.seq;
  const now = clock.now();
  const horizon = new Date(now - MENTION_WINDOW_DAYS * DAY_MS).toISOString();
  const entries = (await feedPage(index.enterpriseId, index.projectId, 0, COLD_ENTRIES)).filter(
    (entry) => entry.createdAt >= horizon,
  );
  const digest: ProjectActivity = {
    version: 0,
    seq,
    settleUntil: now + SETTLE_MS,
    newest: '',
    recent: new Map(),
    descriptionMentions: new Map(),
    commentMentions: new Map(),
    commits: new Map(),
  };
  await apply(index, digest, entries.reverse());
  return digest;
}

async function catchUp(index: ProjectIndex, digest: ProjectActivity): Promise<ProjectActivity> {
  const moved = digest.seq !== index.seq;
  digest.seq = index.seq;
  if (moved) digest.settleUntil = clock.now() + SETTLE_MS;
  const cutoff = digest.newest ? isoBefore(digest.newest, FEED_LAG_MS) : '';
  const fresh: JournalRecord[] = [];
  for (let offset = 0, size = HEAD_PAGE; offset < COLD_ENTRIES; offset += size, size *= 4) {
    const page = await feedPage(index.enterpriseId, index.projectId, offset, size);
    fresh.push(...page.filter((entry) => entry.createdAt >= cutoff && !digest.recent.has(entry.journalId)));
    const oldest = page.at(-1);
    if (page.length < size || !oldest || oldest.createdAt < cutoff) break;
  }
  await apply(index, digest, fresh.reverse());
  return digest;
}

/** Applies entries, oldest first, then reads the descriptions they say were written. */
async function apply(index: ProjectIndex, digest: ProjectActivity, entries: readonly JournalRecord[]) {
  if (entries.length === 0) return;
  digest.version += 1;
  const written = new Set<string>();
  for (const entry of entries) {
    digest.recent.set(entry.journalId, entry.createdAt);
    if (entry.createdAt > digest.newest) digest.newest = entry.createdAt;
    applyEntry(digest, entry, written);
  }
  forgetOld(digest);
  // Only unfinished items are on a desk: a finished one's description is read if it reopens.
  const unfinished = [...written].filter((id) => {
    const row = index.rows.get(id);
    return row !== undefined && isUnfinished(row.status);
  });
  await readDescriptions(index, digest, unfinished);
  await readDescriptions(
    index,
    digest,
    [...written].filter((id) => index.rows.has(id)),
  );
}

function applyEntry(digest: ProjectActivity, entry: JournalRecord, written: Set<string>): void {
  switch (entry.kind) {
    case 'comment': {
      const logins = mentionedLogins(entry.notes);
      if (logins.size === 0) return;
      const held = digest.commentMentions.get(entry.issueId) ?? new Set<string>();
      for (const login of logins) held.add(login);
      digest.commentMentions.set(entry.issueId, held);
      return;
    }
    case 'created':
      written.add(entry.issueId);
      return;
    case 'updated':
      // A reopened item's description counts again, so a status change reads it too.
      if (entry.details.some((detail) => detail.field === 'description' || detail.field === 'status'))
        written.add(entry.issueId);
      return;
    case 'deleted':
      digest.descriptionMentions.delete(entry.issueId);
      digest.commentMentions.delete(entry.issueId);
      written.delete(entry.issueId);
      return;
    case 'commit': {
      const sha = entry.details.find((detail) => detail.field === 'commit')?.newValue?.split(' ', 1)[0];
      if (entry.pmProjectRepositoryId && sha)
        digest.commits.set(entry.journalId, {
          repositoryId: entry.pmProjectRepositoryId,
          sha,
          at: entry.createdAt,
        });
      return;
    }
    default:
      return;
  }
}

/** Drops what no later read needs: entries past the lag window, commits past the activity window. */
function forgetOld(digest: ProjectActivity): void {
  const lagCutoff = isoBefore(digest.newest, FEED_LAG_MS);
  for (const [journalId, at] of digest.recent) if (at < lagCutoff) digest.recent.delete(journalId);
  const commitCutoff = new Date(clock.now() - (ACTIVITY_DAYS + 1) * DAY_MS).toISOString();
  for (const [journalId, mark] of digest.commits)
    if (mark.at < commitCutoff) digest.commits.delete(journalId);
}

async function readDescriptions(index: ProjectIndex, digest: ProjectActivity, ids: readonly string[]) {
  const batches: string[][] = [];
  for (let i = 0; i < ids.length; i += BODY_BATCH) batches.push(ids.slice(i, i + BODY_BATCH));
  for (let i = 0; i < batches.length; i += BODY_PARALLEL) {
    const found = await Promise.all(
      batches
        .slice(i, i + BODY_PARALLEL)
        .map((batch) => getIssueDescriptions(index.enterpriseId, index.projectId, batch)),
    );
    for (const descriptions of found) {
      for (const [issueId, description] of descriptions) {
        const logins = mentionedLogins(description);
        if (logins.size > 0) digest.descriptionMentions.set(issueId, logins);
        else digest.descriptionMentions.delete(issueId);
      }
    }
  }
}

/** Forgets every digest, as a fresh process would start (tests and the bench). */
export function forgetActivity(): void {
  digests.clear();
}
