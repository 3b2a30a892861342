import { describe, expect, it } from 'vitest';
import { commitSparkline, statusRing, themeColor, workloadBars } from './desk-charts';

// biome-ignore lint/suspicious/noExplicitAny: the options are read field by field
type Option = any;

describe('the desk charts', () => {
  it('draws the statuses that hold something, in their badge colours', () => {
    const option: Option = statusRing([
      { id: 1, name: 'Pending review', color: 'yellow', count: 2 },
      { id: 2, name: 'Reviewed', color: 'blue', count: 0 },
      { id: 3, name: 'Refined', color: 'teal', count: 1 },
    ]);
    expect(option.series[0].data).toEqual([
      { name: 'Pending review', value: 2, itemStyle: { color: themeColor('yellow') } },
      { name: 'Refined', value: 1, itemStyle: { color: themeColor('teal') } },
    ]);
  });

  it('stacks each project’s unfinished items by kind', () => {
    const option: Option = workloadBars({
      days: 14,
      projects: [
        {
          project: { id: 'p1', name: 'Fleet' },
          byKind: [
            { pmIssueType: 1, unfinished: 1 },
            { pmIssueType: 2, unfinished: 4 },
            { pmIssueType: 3, unfinished: 0 },
          ],
          mine: 2,
          overdue: 1,
          finishedRecently: 0,
        },
      ],
    });
    expect(option.yAxis.data).toEqual(['Fleet']);
    expect(option.series.map((s: Option) => [s.name, s.data])).toEqual([
      ['Demands', [1]],
      ['Tasks', [4]],
      ['Bugs', [0]],
    ]);
  });

  it('draws one bar per day of commits', () => {
    const option: Option = commitSparkline(
      [
        { day: '2026-03-01', count: 0 },
        { day: '2026-03-02', count: 3 },
      ],
      new Date('2026-03-02T12:00:00Z'),
    );
    expect(option.xAxis.data).toEqual(['03.01', '03.02']);
    expect(option.series[0].data).toEqual([0, 3]);
  });

  it('falls back to grey for a colour the theme does not know', () => {
    expect(themeColor('nosuchcolour')).toBe(themeColor('gray'));
  });
});
