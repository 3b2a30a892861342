import type { BurnDown } from '@shared/schemas/sprints';
import { describe, expect, it } from 'vitest';
import { burnDownOption, idealSeries, isEmptyBurnDown, remainingSeries } from './burn-down-option';

const day = (
  date: string,
  remaining: number | null,
  estimate: number | null,
  ideal: number,
  idealEstimate: number,
) => ({
  date,
  remaining,
  remainingEstimate: estimate,
  ideal,
  idealEstimate,
  added: 0,
  removed: 0,
  finished: 0,
});

const burnDown: BurnDown = {
  startDate: '2026-03-02',
  endDate: '2026-03-05',
  snapshot: false,
  days: [
    day('2026-03-02', 4, 12.5, 4, 12.5),
    day('2026-03-03', 5, 14.25, 2.6666666, 8.3333333),
    day('2026-03-04', null, null, 1.3333333, 4.1666666),
    day('2026-03-05', null, null, 0, 0),
  ],
};

type Line = { name: string; data: (number | null)[]; connectNulls?: boolean; lineStyle: { type?: string } };

describe('burn-down option', () => {
  it('draws remaining items with gaps for days ahead, and the ideal line down to 0', () => {
    const option = burnDownOption(burnDown, 'items', new Date('2026-03-03T12:00:00Z')) as {
      series: Line[];
      xAxis: { data: string[] };
      yAxis: { name: string; minInterval: number };
    };
    const [remaining, ideal] = option.series;
    expect(option.xAxis.data).toEqual(['03.02', '03.03', '03.04', '03.05']);
    expect(option.yAxis).toMatchObject({ name: 'Items', minInterval: 1 });
    expect(remaining?.name).toBe('Remaining items');
    expect(remaining?.data).toEqual([4, 5, null, null]);
    expect(remaining?.connectNulls).toBe(false);
    expect(ideal?.data).toEqual([4, 2.7, 1.3, 0]);
    expect(ideal?.lineStyle.type).toBe('dashed');
  });

  it('switches to estimated hours', () => {
    expect(remainingSeries(burnDown, 'hours')).toEqual([12.5, 14.3, null, null]);
    expect(idealSeries(burnDown, 'hours')).toEqual([12.5, 8.3, 4.2, 0]);
    const option = burnDownOption(burnDown, 'hours') as { series: Line[]; yAxis: { name: string } };
    expect(option.yAxis.name).toBe('Hours');
    expect(option.series[0]?.name).toBe('Remaining hours');
  });

  it('dates outside the current year carry the year', () => {
    const option = burnDownOption(burnDown, 'items', new Date('2027-01-10T00:00:00Z')) as {
      xAxis: { data: string[] };
    };
    expect(option.xAxis.data[0]).toBe('2026.03.02');
  });

  it('knows a sprint that never had items', () => {
    expect(isEmptyBurnDown(burnDown)).toBe(false);
    expect(
      isEmptyBurnDown({
        ...burnDown,
        days: [day('2026-03-02', 0, 0, 0, 0), day('2026-03-03', null, null, 0, 0)],
      }),
    ).toBe(true);
  });
});
