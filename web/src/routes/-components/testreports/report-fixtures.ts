/** Fixtures of the test-report tests (not a test file itself). */
import type { ReportChart } from '@shared/schemas/testruns';

type ModuleCounts = Omit<ReportChart['byModule'][number], 'moduleName'>;

/** The results and bug priorities as the server names and colours them, in its order. */
const RESULTS = [
  { result: 0, name: 'Not executed', color: 'gray' },
  { result: 1, name: 'Passed', color: 'green' },
  { result: 2, name: 'Failed', color: 'red' },
  { result: 3, name: 'Blocked', color: 'orange' },
  { result: 4, name: 'Skipped', color: 'violet' },
];
const PRIORITIES = [
  { priority: 1, name: 'Urgent', color: 'red' },
  { priority: 2, name: 'High', color: 'orange' },
  { priority: 3, name: 'Normal', color: 'blue' },
  { priority: 4, name: 'Low', color: 'green' },
];
const NO_RESULTS: ModuleCounts = { notExecuted: 0, passed: 0, failed: 0, blocked: 0, skipped: 0 };

/**
 * A report's chart data, written as counts only: `results` in the order not executed, passed,
 * failed, blocked, skipped; `bugs` from urgent to low; each module with the results it has.
 */
export function makeReportChart({
  passRate,
  results,
  modules,
  bugs,
}: {
  passRate: ReportChart['passRate'];
  results: number[];
  modules: [moduleName: string, counts: Partial<ModuleCounts>][];
  bugs: number[];
}): ReportChart {
  return {
    passRate,
    byResult: RESULTS.map((entry, index) => ({ ...entry, count: results[index] ?? 0 })),
    byModule: modules.map(([moduleName, counts]) => ({ moduleName, ...NO_RESULTS, ...counts })),
    bugsByPriority: PRIORITIES.map((entry, index) => ({ ...entry, count: bugs[index] ?? 0 })),
  };
}
