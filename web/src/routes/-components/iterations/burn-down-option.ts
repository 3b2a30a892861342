/**
 * The burn-down chart's echarts option, built from the burnDownChart answer. A pure function (the
 * chart component only draws), so what the chart shows can be read and tested here.
 */
import { DEFAULT_THEME } from '@mantine/core';
import { formatShortDate } from '@shared/format';
import type { BurnDown } from '@shared/schemas/sprints';
import type { EChartsCoreOption } from 'echarts/core';

export type BurnDownMode = 'items' | 'hours';

const COLORS = { remaining: DEFAULT_THEME.colors.blue[6], ideal: DEFAULT_THEME.colors.gray[5] };
const TEXT = { fontFamily: DEFAULT_THEME.fontFamily, color: DEFAULT_THEME.colors.dark[6] };

/** Hours keep one decimal; items are whole. */
function rounded(value: number | null): number | null {
  return value === null ? null : Math.round(value * 10) / 10;
}

/** The remaining values of the mode: null for days still ahead (drawn as a gap, not a drop to 0). */
export function remainingSeries(burnDown: BurnDown, mode: BurnDownMode): (number | null)[] {
  return burnDown.days.map((day) => rounded(mode === 'items' ? day.remaining : day.remainingEstimate));
}

export function idealSeries(burnDown: BurnDown, mode: BurnDownMode): number[] {
  return burnDown.days.map((day) => rounded(mode === 'items' ? day.ideal : day.idealEstimate) ?? 0);
}

/**
 * Remaining work per day against the ideal line. `now` only decides how dates read (MM.DD in the
 * current year, spec section 9).
 */
export function burnDownOption(
  burnDown: BurnDown,
  mode: BurnDownMode,
  now: Date = new Date(),
): EChartsCoreOption {
  const unit = mode === 'items' ? 'Items' : 'Hours';
  const dayCount = burnDown.days.length;
  return {
    textStyle: TEXT,
    tooltip: {
      trigger: 'axis',
      valueFormatter: (value: number | null) => (value === null ? '—' : String(value)),
    },
    legend: { bottom: 0 },
    grid: { left: 8, right: 16, top: 24, bottom: 40, containLabel: true },
    xAxis: {
      type: 'category',
      boundaryGap: false,
      data: burnDown.days.map((day) => formatShortDate(day.date, now)),
    },
    yAxis: { type: 'value', name: unit, minInterval: mode === 'items' ? 1 : 0, min: 0 },
    series: [
      {
        type: 'line',
        name: `Remaining ${unit.toLowerCase()}`,
        data: remainingSeries(burnDown, mode),
        // Days ahead are null: the line stops at today rather than falling to zero.
        connectNulls: false,
        showSymbol: dayCount <= 31,
        itemStyle: { color: COLORS.remaining },
        lineStyle: { width: 2 },
        areaStyle: { opacity: 0.08 },
      },
      {
        type: 'line',
        name: 'Ideal',
        data: idealSeries(burnDown, mode),
        showSymbol: false,
        itemStyle: { color: COLORS.ideal },
        lineStyle: { width: 1.5, type: 'dashed' },
      },
    ],
  };
}

/** Whether there is anything to draw: a sprint with no items all along draws two flat zero lines. */
export function isEmptyBurnDown(burnDown: BurnDown): boolean {
  return burnDown.days.every((day) => (day.remaining ?? 0) === 0 && day.ideal === 0 && day.finished === 0);
}
