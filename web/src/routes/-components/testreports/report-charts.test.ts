import { DEFAULT_THEME } from '@mantine/core';
import type { ReportChart } from '@shared/schemas/testruns';
import { describe, expect, it } from 'vitest';
import * as charts from './report-charts';
import { makeReportChart } from './report-fixtures';

const chart = makeReportChart({
  passRate: { total: 6, notExecuted: 1, passed: 3, failed: 1, blocked: 1, skipped: 0, passRate: 0.6 },
  results: [1, 3, 1, 1, 0],
  modules: [
    ['Checkout', { passed: 2, failed: 1 }],
    ['Checkout/Payment', { notExecuted: 1, passed: 1 }],
    ['', { blocked: 1 }],
  ],
  bugs: [1, 0, 2, 0],
});

const color = (name: 'gray' | 'green' | 'red' | 'orange' | 'violet' | 'blue') =>
  DEFAULT_THEME.colors[name][6];

type Pie = {
  series: {
    type: string;
    radius: string[];
    data: { name: string; value: number; itemStyle: { color: string } }[];
  }[];
};
type Bars = {
  yAxis: { data: string[] };
  xAxis: { data?: string[] };
  legend?: unknown;
  series: {
    name: string;
    stack?: string;
    itemStyle?: { color: string };
    data: (number | { value: number; itemStyle: { color: string } })[];
  }[];
};

describe('report charts', () => {
  it('draws the results as a donut in their colours, leaving out empty ones', () => {
    const option = charts.passRateOption(chart) as Pie;
    const [pie] = option.series;
    expect(pie?.type).toBe('pie');
    expect(pie?.radius).toEqual(['58%', '82%']);
    expect(pie?.data).toEqual([
      { name: 'Not executed', value: 1, itemStyle: { color: color('gray') } },
      { name: 'Passed', value: 3, itemStyle: { color: color('green') } },
      { name: 'Failed', value: 1, itemStyle: { color: color('red') } },
      { name: 'Blocked', value: 1, itemStyle: { color: color('orange') } },
    ]);
    expect(charts.passRateLabel(chart)).toBe('60%');
    expect(charts.passRateSummary(chart)).toBe(
      'Pass rate 60% of 5 executed; 6 cases: 1 not executed, 3 passed, 1 failed, 1 blocked.',
    );
  });

  it('shows a dash, not 0%, when nothing ran', () => {
    const idle: ReportChart = {
      ...chart,
      passRate: { total: 2, notExecuted: 2, passed: 0, failed: 0, blocked: 0, skipped: 0, passRate: 0 },
    };
    expect(charts.passRateLabel(idle)).toBe('—');
    expect(
      charts.passRateSummary({
        ...idle,
        byResult: [{ result: 0, name: 'Not executed', color: 'gray', count: 2 }],
      }),
    ).toBe('Nothing executed; 2 cases: 2 not executed.');
  });

  it('stacks the results of each module in a horizontal bar, first module on top', () => {
    const option = charts.moduleOption(chart) as Bars;
    expect(option.yAxis.data).toEqual(['No module', 'Checkout/Payment', 'Checkout']);
    expect(option.series.map((series) => [series.name, series.stack, series.itemStyle?.color])).toEqual([
      ['Passed', 'results', color('green')],
      ['Failed', 'results', color('red')],
      ['Blocked', 'results', color('orange')],
      ['Skipped', 'results', color('violet')],
      ['Not executed', 'results', color('gray')],
    ]);
    expect(option.series[0]?.data).toEqual([0, 1, 2]);
    expect(option.series[4]?.data).toEqual([0, 1, 0]);
    expect(charts.moduleChartHeight(chart)).toBe(200);
    expect(charts.moduleChartHeight({ ...chart, byModule: [...chart.byModule, ...chart.byModule] })).toBe(
      270,
    );
    expect(charts.moduleSummary(chart)).toBe(
      'Checkout: 2 passed, 1 failed; Checkout/Payment: 1 passed, 1 not executed; No module: 1 blocked',
    );
  });

  it('draws a bar per priority level in its colour', () => {
    const option = charts.bugPriorityOption(chart) as Bars;
    expect(option.xAxis.data).toEqual(['Urgent', 'High', 'Normal', 'Low']);
    expect(option.series[0]?.data).toEqual([
      { value: 1, itemStyle: { color: color('red'), borderRadius: [4, 4, 0, 0] } },
      { value: 0, itemStyle: { color: color('orange'), borderRadius: [4, 4, 0, 0] } },
      { value: 2, itemStyle: { color: color('blue'), borderRadius: [4, 4, 0, 0] } },
      { value: 0, itemStyle: { color: color('green'), borderRadius: [4, 4, 0, 0] } },
    ]);
    expect(charts.bugSummary(chart)).toBe('3 bugs linked: 1 urgent, 2 normal.');
    expect(
      charts.bugSummary({
        ...chart,
        bugsByPriority: chart.bugsByPriority.map((entry) => ({ ...entry, count: 0 })),
      }),
    ).toBe('No bugs were linked to the cases.');
  });

  it('turns an unknown colour name into gray', () => {
    expect(charts.chartColor('no-such-colour')).toBe(color('gray'));
  });
});
