/**
 * The three charts of a test report, built from `GET testReport/chart/{id}` as echarts options,
 * with the sentence each chart gives screen readers. Pure functions: the chart component only
 * draws, so what the charts show is read and tested here.
 */
import { DEFAULT_THEME, type MantineColor } from '@mantine/core';
import { TEST_RESULT } from '@shared/domain/testing';
import type { ReportChart } from '@shared/schemas/testruns';
import type { EChartsCoreOption } from 'echarts/core';

const TEXT = { fontFamily: DEFAULT_THEME.fontFamily, color: DEFAULT_THEME.colors.dark[6] };

/** A Mantine colour name (the API's `color`) as the hex echarts draws with; gray when unknown. */
export function chartColor(name: string): string {
  const palette = DEFAULT_THEME.colors[name as MantineColor];
  return palette?.[6] ?? DEFAULT_THEME.colors.gray[6];
}

const percent = (rate: number) => `${Math.round(rate * 100)}%`;
const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

// ---- pass rate ----------------------------------------------------------------------------------

/** The pass rate in the middle of the donut: "—" when nothing ran. */
export function passRateLabel(chart: ReportChart): string {
  return chart.passRate.total - chart.passRate.notExecuted > 0 ? percent(chart.passRate.passRate) : '—';
}

/** The results as a donut (the pass rate sits in its hole, drawn by the page). */
export function passRateOption(chart: ReportChart): EChartsCoreOption {
  return {
    textStyle: TEXT,
    tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
    series: [
      {
        type: 'pie',
        name: 'Results',
        radius: ['58%', '82%'],
        center: ['50%', '50%'],
        avoidLabelOverlap: true,
        label: { show: false },
        labelLine: { show: false },
        itemStyle: { borderColor: '#fff', borderWidth: 2 },
        data: chart.byResult
          .filter((entry) => entry.count > 0)
          .map((entry) => ({
            name: entry.name,
            value: entry.count,
            itemStyle: { color: chartColor(entry.color) },
          })),
      },
    ],
  };
}

export function passRateSummary(chart: ReportChart): string {
  const { total, notExecuted } = chart.passRate;
  if (total === 0) return 'No cases in the snapshot.';
  const executed = total - notExecuted;
  const parts = chart.byResult
    .filter((entry) => entry.count > 0)
    .map((entry) => `${entry.count} ${entry.name.toLowerCase()}`)
    .join(', ');
  const rate =
    executed > 0
      ? `Pass rate ${percent(chart.passRate.passRate)} of ${executed} executed`
      : 'Nothing executed';
  return `${rate}; ${plural(total, 'case')}: ${parts}.`;
}

// ---- results by module --------------------------------------------------------------------------

/** The bars' order and colours: passed first, not executed last (the colours of TEST_RESULTS). */
const MODULE_SERIES = [
  { key: 'passed', result: TEST_RESULT.passed },
  { key: 'failed', result: TEST_RESULT.failed },
  { key: 'blocked', result: TEST_RESULT.blocked },
  { key: 'skipped', result: TEST_RESULT.skipped },
  { key: 'notExecuted', result: TEST_RESULT.notExecuted },
] as const;

export const NO_MODULE_LABEL = 'No module';

const moduleLabel = (name: string) => name || NO_MODULE_LABEL;

/** Pixels the module chart needs: a bar per module, and room for the legend above. */
export function moduleChartHeight(chart: ReportChart): number {
  return Math.max(200, 90 + chart.byModule.length * 30);
}

/** One horizontal bar per module, stacked by result; the first module at the top. */
export function moduleOption(chart: ReportChart): EChartsCoreOption {
  // A category axis draws its first entry at the bottom: reversed, the list reads top down.
  const modules = [...chart.byModule].reverse();
  return {
    textStyle: TEXT,
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    // Above the bars: the card is narrow, and a legend that wraps must not cover the axis.
    legend: { top: 0, itemWidth: 12, itemHeight: 8, itemGap: 8, textStyle: { fontSize: 11 } },
    grid: { left: 8, right: 16, top: 52, bottom: 4, containLabel: true },
    xAxis: { type: 'value', minInterval: 1 },
    yAxis: {
      type: 'category',
      data: modules.map((row) => moduleLabel(row.moduleName)),
      axisLabel: { width: 160, overflow: 'truncate' },
    },
    series: MODULE_SERIES.map(({ key, result }) => {
      const meta = chart.byResult.find((entry) => entry.result === result);
      return {
        type: 'bar',
        name: meta?.name ?? key,
        stack: 'results',
        barMaxWidth: 22,
        itemStyle: { color: chartColor(meta?.color ?? 'gray') },
        data: modules.map((row) => row[key]),
      };
    }),
  };
}

export function moduleSummary(chart: ReportChart): string {
  if (chart.byModule.length === 0) return 'No cases in the snapshot.';
  return chart.byModule
    .map((row) => {
      const parts = MODULE_SERIES.filter(({ key }) => row[key] > 0).map(({ key, result }) => {
        const name = chart.byResult.find((entry) => entry.result === result)?.name ?? key;
        return `${row[key]} ${name.toLowerCase()}`;
      });
      return `${moduleLabel(row.moduleName)}: ${parts.join(', ') || 'no cases'}`;
    })
    .join('; ');
}

// ---- bugs by priority ---------------------------------------------------------------------------

/** One bar per priority level, in its colour (all four levels, zero or not). */
export function bugPriorityOption(chart: ReportChart): EChartsCoreOption {
  return {
    textStyle: TEXT,
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { left: 8, right: 16, top: 16, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: chart.bugsByPriority.map((entry) => entry.name) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      {
        type: 'bar',
        name: 'Bugs',
        barMaxWidth: 48,
        label: { show: true, position: 'top' },
        data: chart.bugsByPriority.map((entry) => ({
          value: entry.count,
          itemStyle: { color: chartColor(entry.color), borderRadius: [4, 4, 0, 0] },
        })),
      },
    ],
  };
}

export function bugTotal(chart: ReportChart): number {
  return chart.bugsByPriority.reduce((sum, entry) => sum + entry.count, 0);
}

export function bugSummary(chart: ReportChart): string {
  const total = bugTotal(chart);
  if (total === 0) return 'No bugs were linked to the cases.';
  const parts = chart.bugsByPriority
    .filter((entry) => entry.count > 0)
    .map((entry) => `${entry.count} ${entry.name.toLowerCase()}`)
    .join(', ');
  return `${plural(total, 'bug')} linked: ${parts}.`;
}
