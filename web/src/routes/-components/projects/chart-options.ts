/**
 * echarts options for the overview, built from the statistics answers. Pure functions (the
 * chart component only draws), so what each chart shows can be read and tested here.
 */
import { DEFAULT_THEME } from '@mantine/core';
import { DICTIONARIES } from '@shared/domain/dictionaries';
import { formatShortDate } from '@shared/format';
import type { LineChart, PieBarChart } from '@shared/schemas/projects';
import type { EChartsCoreOption } from 'echarts/core';

const palette = (color: string, shade = 6): string =>
  (DEFAULT_THEME.colors as Record<string, readonly string[]>)[color]?.[shade] ?? DEFAULT_THEME.colors.gray[6];

const KIND_COLORS: Record<number, string> = { 1: palette('violet'), 2: palette('blue'), 3: palette('red') };

/** Status colours as the status badges show them (the status dictionaries). */
const STATUS_COLORS: Record<number, string> = Object.fromEntries(
  (DICTIONARIES.pms_task_status ?? []).map((entry) => [Number(entry.dictValue), palette(entry.listClass)]),
);

const TEXT = { fontFamily: DEFAULT_THEME.fontFamily, color: DEFAULT_THEME.colors.dark[6] };

/** Tooltips are HTML: names from the server are escaped before they go in. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function totalItems(data: PieBarChart): number {
  return data.kinds.reduce((sum, kind) => sum + kind.total, 0);
}

/** The pie: how many demands, tasks and bugs. */
export function pieOption(data: PieBarChart): EChartsCoreOption {
  return {
    textStyle: TEXT,
    tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
    legend: { bottom: 0, icon: 'circle' },
    series: [
      {
        type: 'pie',
        radius: ['45%', '70%'],
        center: ['50%', '45%'],
        avoidLabelOverlap: true,
        // An empty project draws no ring at all (rather than three equal slices of nothing).
        stillShowZeroSum: false,
        label: { show: true, formatter: '{c}' },
        itemStyle: { borderColor: '#fff', borderWidth: 2 },
        data: data.kinds.map((kind) => ({
          name: kind.name,
          value: kind.total,
          itemStyle: { color: KIND_COLORS[kind.pmIssueType] },
          // A kind with no items keeps its legend entry but gets no "0" pointing at nothing.
          ...(kind.total === 0 ? { label: { show: false }, labelLine: { show: false } } : {}),
        })),
      },
    ],
  };
}

/**
 * The bars: per kind, its items by status, stacked. Status ids mean the same step for every kind
 * but the labels differ ("Pending" task, "To fix" bug), so a series is named after all its labels
 * and the tooltip says the kind's own.
 */
export function barOption(data: PieBarChart): EChartsCoreOption {
  const statusIds = [...new Set(data.kinds.flatMap((kind) => kind.statuses.map((s) => s.status)))].sort(
    (a, b) => a - b,
  );
  const seriesName = (status: number) =>
    [
      ...new Set(
        data.kinds.flatMap((kind) => kind.statuses.filter((s) => s.status === status).map((s) => s.name)),
      ),
    ].join(' / ');
  return {
    textStyle: TEXT,
    tooltip: {
      trigger: 'item',
      formatter: (params: { name: string; value: number; data: { statusName: string } }) =>
        `${escapeHtml(params.name)}<br/>${escapeHtml(params.data.statusName)}: <b>${params.value}</b>`,
    },
    // Five statuses with long names: the legend wraps under the bars rather than scrolling.
    legend: { bottom: 0, itemWidth: 14, itemHeight: 10, itemGap: 8, textStyle: { fontSize: 11 } },
    grid: { left: 8, right: 16, top: 8, bottom: 64, containLabel: true },
    xAxis: { type: 'value', minInterval: 1 },
    yAxis: { type: 'category', data: data.kinds.map((kind) => kind.name), inverse: true },
    series: statusIds.map((status) => ({
      type: 'bar',
      stack: 'items',
      name: seriesName(status),
      barMaxWidth: 28,
      emphasis: { focus: 'series' },
      itemStyle: { color: STATUS_COLORS[status] ?? palette('gray') },
      data: data.kinds.map((kind) => {
        const entry = kind.statuses.find((s) => s.status === status);
        return { value: entry?.count ?? 0, statusName: entry?.name ?? '' };
      }),
    })),
  };
}

/** The lines: per day, items created and closed, and how many were open at the day's end. */
export function lineOption(data: LineChart, now: Date = new Date()): EChartsCoreOption {
  const line = (name: string, values: number[], color: string, area = false) => ({
    type: 'line',
    name,
    data: values,
    smooth: true,
    showSymbol: values.length <= 31,
    itemStyle: { color },
    lineStyle: { width: 2 },
    ...(area ? { areaStyle: { opacity: 0.08 } } : {}),
  });
  return {
    textStyle: TEXT,
    tooltip: { trigger: 'axis' },
    legend: { bottom: 0 },
    grid: { left: 8, right: 16, top: 16, bottom: 40, containLabel: true },
    xAxis: { type: 'category', boundaryGap: false, data: data.days.map((day) => formatShortDate(day, now)) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      line('Created', data.created, palette('blue')),
      line('Closed', data.closed, palette('green')),
      line('Open', data.open, palette('orange'), true),
    ],
  };
}
