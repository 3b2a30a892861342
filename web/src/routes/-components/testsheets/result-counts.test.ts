import type { ResultCounts } from '@shared/schemas/testruns';
import { describe, expect, it } from 'vitest';
import { executedCount, formatPassRate, resultColor, resultSegments, resultSummary } from './result-counts';

const counts = (extra: Partial<ResultCounts>): ResultCounts => {
  const base = { notExecuted: 0, passed: 0, failed: 0, blocked: 0, skipped: 0, ...extra };
  const total = base.notExecuted + base.passed + base.failed + base.blocked + base.skipped;
  const executed = total - base.notExecuted;
  return { ...base, total, passRate: executed === 0 ? 0 : base.passed / executed };
};

describe('result counts', () => {
  it('makes bar sections of the non-empty results, passed first and not executed last', () => {
    const segments = resultSegments(counts({ passed: 2, failed: 1, notExecuted: 1 }));
    expect(segments.map(({ name, color, count, percent }) => ({ name, color, count, percent }))).toEqual([
      { name: 'Passed', color: 'green', count: 2, percent: 50 },
      { name: 'Failed', color: 'red', count: 1, percent: 25 },
      { name: 'Not executed', color: 'gray', count: 1, percent: 25 },
    ]);
    expect(resultSegments(counts({}))).toEqual([]);
  });

  it('reads the pass rate over executed cases, and a dash while nothing ran', () => {
    expect(formatPassRate(counts({ passed: 2, failed: 1, notExecuted: 5 }))).toBe('67%');
    expect(formatPassRate(counts({ skipped: 1, passed: 1 }))).toBe('50%');
    expect(formatPassRate(counts({ notExecuted: 3 }))).toBe('—');
    expect(executedCount(counts({ passed: 1, blocked: 2, notExecuted: 4 }))).toBe(3);
  });

  it('sums the figures up in a sentence', () => {
    expect(resultSummary(counts({ passed: 2, failed: 1, notExecuted: 1 }))).toBe(
      '4 cases: 2 passed, 1 failed, 1 not executed; pass rate 67%',
    );
    expect(resultSummary(counts({ notExecuted: 1 }))).toBe('1 case: 1 not executed; none executed yet');
    expect(resultSummary(counts({}))).toBe('No cases');
  });

  it('colours results as TEST_RESULTS does, gray when unknown', () => {
    expect([0, 1, 2, 3, 4, 9].map(resultColor)).toEqual(['gray', 'green', 'red', 'orange', 'violet', 'gray']);
  });
});
