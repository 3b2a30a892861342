import type { WeeklyCounts } from '@shared/schemas/weekly';
import { describe, expect, it } from 'vitest';
import { trendOption } from './trend-option';

const counts = (created: number, closed: number): WeeklyCounts => ({
  this_week_requirement_issues_count: created,
  this_week_task_issues_count: 1,
  this_week_bug_issues_count: 0,
  close_requirement_issues_count: closed,
  close_task_issues_count: 0,
  close_bug_issues_count: 1,
  this_week_complete_sprint_count: 1,
  this_week_complete_test_sheet_count: 0,
  project_info: { projectName: 'Fleet' },
});

describe('the week-over-week chart', () => {
  it('sums the kinds per week, oldest first', () => {
    const option = trendOption([
      { weekStart: '2026-02-23', counts: counts(2, 0) },
      { weekStart: '2026-03-02', counts: counts(0, 3) },
    ]) as { xAxis: { data: string[] }; series: { name: string; data: number[] }[] };
    expect(option.xAxis.data).toEqual(['02-23', '03-02']);
    expect(option.series.map((s) => [s.name, s.data])).toEqual([
      ['Items created', [3, 1]],
      ['Items closed', [1, 4]],
      ['Iterations completed', [1, 1]],
      ['Test sheets completed', [0, 0]],
    ]);
  });
});
