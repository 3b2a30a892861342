import type { PieBarChart } from '@shared/schemas/projects';
import { describe, expect, it } from 'vitest';
import { barOption, lineOption, pieOption, totalItems } from './chart-options';

const data: PieBarChart = {
  kinds: [
    {
      pmIssueType: 2,
      name: 'Task',
      total: 3,
      statuses: [
        { status: 1, name: 'Pending', count: 2 },
        { status: 5, name: 'Closed', count: 1 },
      ],
    },
    {
      pmIssueType: 3,
      name: 'Bug',
      total: 1,
      statuses: [{ status: 1, name: 'To fix', count: 1 }],
    },
  ],
};

type Series = { name: string; data: { value: number; statusName: string }[] };

describe('overview charts', () => {
  it('counts items and slices the pie by kind', () => {
    expect(totalItems(data)).toBe(4);
    const [pie] = pieOption(data).series as { data: { name: string; value: number }[] }[];
    expect(pie?.data.map((slice) => [slice.name, slice.value])).toEqual([
      ['Task', 3],
      ['Bug', 1],
    ]);
  });

  it('stacks statuses per kind, naming a series after every label of its status', () => {
    const series = barOption(data).series as Series[];
    expect(series.map((s) => s.name)).toEqual(['Pending / To fix', 'Closed']);
    expect(series[0]?.data).toEqual([
      { value: 2, statusName: 'Pending' },
      { value: 1, statusName: 'To fix' },
    ]);
    expect(series[1]?.data.map((d) => d.value)).toEqual([1, 0]);
  });

  it('escapes server text in the bar tooltip', () => {
    const option = barOption({
      kinds: [
        { pmIssueType: 1, name: '<img src=x>', total: 1, statuses: [{ status: 1, name: 'A', count: 1 }] },
      ],
    }) as { tooltip: { formatter: (p: unknown) => string } };
    const html = option.tooltip.formatter({ name: '<img src=x>', value: 1, data: { statusName: 'A' } });
    expect(html).not.toContain('<img');
  });

  it('labels the days MM.DD in the current year', () => {
    const option = lineOption(
      { days: ['2026-11-20', '2026-11-21'], created: [1, 2], closed: [0, 1], open: [5, 6] },
      new Date('2026-11-21T12:00:00Z'),
    ) as { xAxis: { data: string[] }; series: { name: string }[] };
    expect(option.xAxis.data).toEqual(['11.20', '11.21']);
    expect(option.series.map((s) => s.name)).toEqual(['Created', 'Closed', 'Open']);
  });
});
