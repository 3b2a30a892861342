/**
 * echarts options of the desk's charts, built from the dashboard answers. Pure functions (the
 * chart component only draws), so what each chart shows can be read and tested here.
 */
import { DEFAULT_THEME } from '@mantine/core';
import { formatShortDate } from '@shared/format';
import type { MyProjectsStatistics, RepositoryActivity } from '@shared/schemas/dashboard';
import type { EChartsCoreOption } from 'echarts/core';

/** A Mantine colour by name (the status lists name theirs), at the shade badges use. */
export function themeColor(name: string): string {
  const shades = (DEFAULT_THEME.colors as Record<string, readonly string[]>)[name];
  return shades?.[6] ?? DEFAULT_THEME.colors.gray[6];
}

const FONT = { fontFamily: DEFAULT_THEME.fontFamily };
const KINDS = [
  { id: 1, name: 'Demands', color: 'violet' },
  { id: 2, name: 'Tasks', color: 'blue' },
  { id: 3, name: 'Bugs', color: 'red' },
] as const;

export interface StatusCount {
  id: number;
  name: string;
  color: string;
  count: number;
}

/**
 * A ring of the statuses that hold something, coloured as their badges; the total inside and the
 * legend with each status's count are markup around it (they stay readable in a narrow column).
 */
export function statusRing(byStatus: readonly StatusCount[]): EChartsCoreOption {
  return {
    textStyle: FONT,
    tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
    series: [
      {
        type: 'pie',
        radius: ['62%', '88%'],
        center: ['50%', '50%'],
        stillShowZeroSum: false,
        label: { show: false },
        itemStyle: { borderColor: '#fff', borderWidth: 2 },
        data: byStatus
          .filter((s) => s.count > 0)
          .map((s) => ({ name: s.name, value: s.count, itemStyle: { color: themeColor(s.color) } })),
      },
    ],
  };
}

/** Per project, its unfinished items stacked by kind. */
export function workloadBars(data: MyProjectsStatistics): EChartsCoreOption {
  return {
    textStyle: FONT,
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { bottom: 0, itemWidth: 12, itemHeight: 8, textStyle: { fontSize: 11 } },
    grid: { left: 8, right: 16, top: 8, bottom: 32, containLabel: true },
    xAxis: { type: 'value', minInterval: 1 },
    yAxis: {
      type: 'category',
      inverse: true,
      data: data.projects.map((p) => p.project.name),
      axisLabel: { width: 120, overflow: 'truncate' },
    },
    series: KINDS.map((kind) => ({
      type: 'bar',
      stack: 'unfinished',
      name: kind.name,
      barMaxWidth: 18,
      itemStyle: { color: themeColor(kind.color) },
      data: data.projects.map((p) => p.byKind.find((k) => k.pmIssueType === kind.id)?.unfinished ?? 0),
    })),
  };
}

/** A repository's commits per day, as small bars without axes (a sparkline). */
export function commitSparkline(
  days: RepositoryActivity['commitsByDay'],
  now = new Date(),
): EChartsCoreOption {
  return {
    tooltip: {
      trigger: 'axis',
      formatter: (params: { name: string; value: number }[]) =>
        `${params[0]?.name}: ${params[0]?.value} commits`,
    },
    grid: { left: 0, right: 0, top: 2, bottom: 2 },
    xAxis: { type: 'category', show: false, data: days.map((d) => formatShortDate(d.day, now)) },
    yAxis: { type: 'value', show: false, minInterval: 1 },
    series: [
      {
        type: 'bar',
        barCategoryGap: '20%',
        itemStyle: { color: themeColor('teal'), borderRadius: [2, 2, 0, 0] },
        data: days.map((d) => d.count),
      },
    ],
  };
}
