/**
 * How a set of results reads: the stacked bar's segments, the pass rate and a sentence for screen
 * readers. The counts come from the server (`ResultCounts`); the colours and names from
 * shared/src/domain/testing.ts, so badges, bars and charts agree.
 */
import { TEST_RESULT, TEST_RESULTS } from '@shared/domain/testing';
import type { ResultCounts } from '@shared/schemas/testruns';

export type ResultKey = 'notExecuted' | 'passed' | 'failed' | 'blocked' | 'skipped';

/** The counts' field of each result id. */
export const RESULT_KEYS: Record<number, ResultKey> = {
  [TEST_RESULT.notExecuted]: 'notExecuted',
  [TEST_RESULT.passed]: 'passed',
  [TEST_RESULT.failed]: 'failed',
  [TEST_RESULT.blocked]: 'blocked',
  [TEST_RESULT.skipped]: 'skipped',
};

/** Bars read from done to not done: passed, failed, blocked, skipped, then not executed. */
const BAR_ORDER = [
  TEST_RESULT.passed,
  TEST_RESULT.failed,
  TEST_RESULT.blocked,
  TEST_RESULT.skipped,
  TEST_RESULT.notExecuted,
] as const;

export function resultMeta(result: number) {
  return TEST_RESULTS.find((entry) => entry.id === result) ?? TEST_RESULTS[0];
}

/** The Mantine colour of a result (gray for an unknown one). */
export function resultColor(result: number): string {
  return resultMeta(result).color;
}

export interface ResultSegment {
  result: number;
  name: string;
  color: string;
  count: number;
  /** Share of all cases, 0..100, unrounded (the bar's sections add up to 100). */
  percent: number;
}

/** The non-empty results as sections of a bar, in BAR_ORDER. */
export function resultSegments(counts: ResultCounts): ResultSegment[] {
  if (counts.total <= 0) return [];
  return BAR_ORDER.map((result) => {
    const meta = resultMeta(result);
    const count = counts[RESULT_KEYS[result] as ResultKey];
    return { result, name: meta.name, color: meta.color, count, percent: (count / counts.total) * 100 };
  }).filter((segment) => segment.count > 0);
}

export function executedCount(counts: ResultCounts): number {
  return counts.total - counts.notExecuted;
}

/** "75%" (whole percent), or "—" while nothing has run (a 0% would read as all failed). */
export function formatPassRate(counts: Pick<ResultCounts, 'passRate' | 'total' | 'notExecuted'>): string {
  if (counts.total - counts.notExecuted <= 0) return '—';
  return `${Math.round(counts.passRate * 100)}%`;
}

/** "4 cases: 2 passed, 1 failed, 1 not executed; pass rate 67%" for aria labels and captions. */
export function resultSummary(counts: ResultCounts): string {
  if (counts.total === 0) return 'No cases';
  const parts = resultSegments(counts).map((segment) => `${segment.count} ${segment.name.toLowerCase()}`);
  const cases = counts.total === 1 ? '1 case' : `${counts.total} cases`;
  const rate = executedCount(counts) > 0 ? `; pass rate ${formatPassRate(counts)}` : '; none executed yet';
  return `${cases}: ${parts.join(', ')}${rate}`;
}
