/**
 * Retention: a repository's cleanup rules, the dry run that lists what they would delete, and
 * the run. The rules name versions of each component (same group and name): beyond the newest
 * `keepLast`, or published more than `maxAgeDays` ago; with both rules on, a version goes only
 * when both name it (the safer reading: "keep 5, and nothing younger than 30 days"). A version
 * whose assets a snapshot or a promotion holds is never touched: the plan lists it as kept, with
 * what holds it. Deleted assets free their blobs through the sweep (retention-sweep.ts).
 */
import { clock } from '@core/clock';
import { AppError } from '@core/errors';
import type {
  Hold,
  RetentionCandidate,
  RetentionPlan,
  RetentionRules,
  RetentionRun,
} from '@shared/schemas/artifacts';
import { canDelete, deleteContents, lockedError } from './contents';
import { type ComponentRecord, listComponents } from './store/contents';
import { getRepository, type RepositoryRecord } from './store/repositories';
import { dropRetention, getRetention, listDueRetention, rescheduleRetention } from './store/retention';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Why the rules name a version, or null when they keep it. */
function reasonOf(rules: RetentionRules, rank: number, publishedAt: string, now: Date): string | null {
  const beyond = rules.keepLast !== null && rank >= rules.keepLast;
  const old =
    rules.maxAgeDays !== null && Date.parse(publishedAt) < now.getTime() - rules.maxAgeDays * DAY_MS;
  if (rules.keepLast !== null && rules.maxAgeDays !== null) {
    return beyond && old
      ? `beyond the newest ${rules.keepLast} and older than ${rules.maxAgeDays} days`
      : null;
  }
  if (beyond) return `beyond the newest ${rules.keepLast} versions`;
  if (old) return `older than ${rules.maxAgeDays} days`;
  return null;
}

/** The components the rules name, newest first within each name. */
export function named(
  components: readonly ComponentRecord[],
  rules: RetentionRules,
  now: Date,
): { component: ComponentRecord; reason: string }[] {
  const byName = new Map<string, ComponentRecord[]>();
  for (const c of components) {
    const key = `${c.group}\u0000${c.name}`;
    byName.set(key, [...(byName.get(key) ?? []), c]);
  }
  const found: { component: ComponentRecord; reason: string }[] = [];
  for (const versions of byName.values()) {
    versions.sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));
    versions.forEach((component, rank) => {
      const reason = reasonOf(rules, rank, component.publishedAt, now);
      if (reason) found.push({ component, reason });
    });
  }
  return found.sort((a, b) => a.component.name.localeCompare(b.component.name));
}

function candidateOf(component: ComponentRecord, reason: string, holds: Hold[]): RetentionCandidate {
  return {
    componentId: component.componentId,
    name: component.name,
    group: component.group,
    version: component.version,
    publishedAt: component.publishedAt,
    sizeBytes: component.sizeBytes,
    reason,
    holds,
  };
}

/** The dry run: what a run would delete now, and what the rules name but something holds. */
export async function planRetention(
  repository: RepositoryRecord,
  now = new Date(clock.now()),
): Promise<RetentionPlan> {
  const { enterpriseId, repositoryId } = repository;
  const [rules, components] = await Promise.all([
    getRetention(enterpriseId, repositoryId),
    listComponents(enterpriseId, repositoryId),
  ]);
  const plan: RetentionPlan = {
    rules: { keepLast: rules.keepLast, maxAgeDays: rules.maxAgeDays },
    remove: [],
    kept: [],
  };
  for (const { component, reason } of named(components, rules, now)) {
    const verdict = await canDelete(repository, { componentId: component.componentId });
    // The lock keeps nothing for good; the run refuses as a whole while it lasts.
    const holds = verdict.holds.filter((h) => h.reason !== 'locked');
    (holds.length === 0 ? plan.remove : plan.kept).push(candidateOf(component, reason, holds));
  }
  return plan;
}

/** Runs the rules now: deletes what the dry run lists, each version in its own delete. */
export async function runRetention(
  repository: RepositoryRecord,
  now = new Date(clock.now()),
): Promise<RetentionRun> {
  if (repository.locked) throw lockedError(repository);
  const plan = await planRetention(repository, now);
  const run: RetentionRun = { deleted: [], kept: plan.kept };
  for (const candidate of plan.remove) {
    try {
      await deleteContents(repository, { componentId: candidate.componentId });
      run.deleted.push(candidate);
    } catch (error) {
      // Held or changed since the plan was read: kept, and the run goes on.
      if (!(error instanceof AppError) || error.status !== 409) throw error;
      const holds = (error.data as { holds?: Hold[] } | undefined)?.holds ?? [];
      run.kept.push({ ...candidate, holds, reason: `${candidate.reason}; kept: ${error.message}` });
    }
  }
  return run;
}

/**
 * The scheduled run (`artifacts.retention`, hourly): the rules of every repository whose daily
 * run is due by `now`, each then put a day later. A locked repository's run is skipped until the
 * next day; one that fails stays due and is tried again by the next run. Returns how many
 * versions were deleted.
 */
export async function runDueRetention(now = new Date(clock.now())): Promise<number> {
  let deleted = 0;
  for (const due of await listDueRetention(now)) {
    const repository = await getRepository(due.enterpriseId, due.repositoryId);
    if (!repository) {
      await dropRetention(due);
      continue;
    }
    try {
      const run = repository.locked ? null : await runRetention(repository, now);
      deleted += run?.deleted.length ?? 0;
      await rescheduleRetention(due, now.toISOString(), run?.deleted.length ?? 0);
    } catch (error) {
      console.error(`Cleanup rules of artifact repository ${repository.repositoryId} failed`, error);
    }
  }
  return deleted;
}
