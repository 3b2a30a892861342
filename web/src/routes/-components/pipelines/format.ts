/** How the pipeline pages write durations, triggers and commits. */
import type { RunTrigger } from '@shared/domain/pipeline-run';
import type { Pipeline } from '@shared/schemas/pipelines';

/** "850 ms", "42 s", "3 min 5 s", "1 h 2 min". */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '—';
  if (ms < 1_000) return `${ms} ms`;
  const seconds = Math.round(ms / 1_000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return seconds % 60 ? `${minutes} min ${seconds % 60} s` : `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
}

/** How a pipeline is started: "Manual · push to main, release/* · cron 0 2 * * 1-5". */
export function triggerText(trigger: Pipeline['trigger']): string {
  const parts: string[] = [];
  if (trigger.manual) parts.push('Manual');
  if (trigger.branches.length > 0) parts.push(`push to ${trigger.branches.join(', ')}`);
  if (trigger.cron) parts.push(`cron ${trigger.cron}`);
  return parts.join(' · ') || 'No trigger';
}

const RUN_TRIGGER_LABELS: Record<RunTrigger, string> = {
  manual: 'Manual',
  push: 'Push',
  cron: 'Schedule',
  rerun: 'Rerun',
};

/** What started a run: "Manual", "Push", "Rerun of #3". */
export function runTriggerText(trigger: RunTrigger, rerunOf?: number | null): string {
  return trigger === 'rerun' && rerunOf ? `Rerun of #${rerunOf}` : (RUN_TRIGGER_LABELS[trigger] ?? trigger);
}

/** A commit's short form. */
export const shortSha = (sha: string | null) => (sha ? sha.slice(0, 8) : '—');
