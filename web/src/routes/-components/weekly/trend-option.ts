/**
 * The week-over-week chart of the team view: per week, the items created and closed and the
 * iterations and test sheets completed (spec section 3's counts). A pure function; EChart draws it.
 */
import { DEFAULT_THEME } from '@mantine/core';
import type { WeeklyCounts } from '@shared/schemas/weekly';
import type { EChartsCoreOption } from 'echarts/core';

const TEXT = { fontFamily: DEFAULT_THEME.fontFamily, color: DEFAULT_THEME.colors.dark[6] };

export const created = (c: WeeklyCounts) =>
  c.this_week_requirement_issues_count + c.this_week_task_issues_count + c.this_week_bug_issues_count;
export const closed = (c: WeeklyCounts) =>
  c.close_requirement_issues_count + c.close_task_issues_count + c.close_bug_issues_count;

/** Pixels under the plot for the legend, in two rows when the chart is narrow. */
export const LEGEND_ROOM = 64;

/** "03-02" for each week: the Monday, without the year (the chart spans two months). */
const weekAxis = (weekStart: string) => weekStart.slice(5);

export function trendOption(
  trend: readonly { weekStart: string; counts: WeeklyCounts }[],
): EChartsCoreOption {
  const series = (name: string, type: 'bar' | 'line', color: string, value: (c: WeeklyCounts) => number) => ({
    name,
    type,
    data: trend.map((week) => value(week.counts)),
    itemStyle: { color },
    ...(type === 'line' ? { smooth: false, symbolSize: 6 } : { barMaxWidth: 18 }),
  });
  return {
    textStyle: TEXT,
    tooltip: { trigger: 'axis' },
    legend: { bottom: 0, itemGap: 12 },
    // Room for the legend in two rows (a half-width card at 1280 px): in one row's room its
    // second row covered the week labels.
    grid: { left: 8, right: 16, top: 16, bottom: LEGEND_ROOM, containLabel: true },
    // No axis name: at the axis's end it was cut off; the labels are the weeks' Mondays.
    xAxis: { type: 'category', data: trend.map((week) => weekAxis(week.weekStart)) },
    yAxis: { type: 'value', minInterval: 1, min: 0 },
    series: [
      series('Items created', 'bar', DEFAULT_THEME.colors.blue[6], created),
      series('Items closed', 'bar', DEFAULT_THEME.colors.green[6], closed),
      series(
        'Iterations completed',
        'line',
        DEFAULT_THEME.colors.violet[6],
        (c) => c.this_week_complete_sprint_count,
      ),
      series(
        'Test sheets completed',
        'line',
        DEFAULT_THEME.colors.orange[6],
        (c) => c.this_week_complete_test_sheet_count,
      ),
    ],
  };
}
