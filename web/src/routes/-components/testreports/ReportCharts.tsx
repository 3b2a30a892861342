import { Box, Card, Center, Grid, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReportChart } from '@shared/schemas/testruns';
import { useQuery } from '@tanstack/react-query';
import type { EChartsCoreOption } from 'echarts/core';
import { type ReactNode, useMemo } from 'react';
import { EChart } from '../../../components/Chart/EChart';
import { reportChartQueryOptions } from '../../../queries/testreports';
import {
  bugPriorityOption,
  bugSummary,
  bugTotal,
  chartColor,
  moduleChartHeight,
  moduleOption,
  moduleSummary,
  passRateLabel,
  passRateOption,
  passRateSummary,
} from './report-charts';

const HEIGHT = 240;

/**
 * A chart in its card: the title, the chart (or, where `empty` says why there is none, that line in
 * its place), its legend, and the summary under them, which is also what a screen reader hears.
 */
function ChartCard({
  title,
  caption,
  empty,
  legend,
  children,
}: {
  title: string;
  caption: string;
  /** "No bugs linked": there is nothing to draw. */
  empty?: string | false;
  /** Under the chart, shown also when it is empty (the counts, zero or not). */
  legend?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card h="100%">
      <Stack gap="xs" h="100%">
        <Title order={3} fz="md">
          {title}
        </Title>
        {empty ? (
          <Center h={HEIGHT}>
            <Text size="sm" c="dimmed">
              {empty}
            </Text>
          </Center>
        ) : (
          children
        )}
        {legend}
        <Text size="xs" c="dimmed" mt="auto" lineClamp={3} title={caption}>
          {caption}
        </Text>
      </Stack>
    </Card>
  );
}

/** The donut of results with the pass rate in its hole, and a legend with the counts. */
function PassRateChart({ chart }: { chart: ReportChart }) {
  const option = useMemo(() => passRateOption(chart), [chart]);
  const summary = passRateSummary(chart);
  return (
    <ChartCard
      title="Pass rate"
      caption={summary}
      empty={chart.passRate.total === 0 && 'The sheet had no cases'}
      legend={<ResultLegend chart={chart} />}
    >
      <Box pos="relative">
        <EChart option={option} ariaLabel={`Pass rate chart. ${summary}`} height={HEIGHT} />
        <Center pos="absolute" inset={0} style={{ pointerEvents: 'none' }}>
          <Stack gap={0} align="center">
            <Text fz={28} fw={700} lh={1.1} data-testid="report-pass-rate">
              {passRateLabel(chart)}
            </Text>
            <Text size="xs" c="dimmed">
              passed
            </Text>
          </Stack>
        </Center>
      </Box>
    </ChartCard>
  );
}

/** Each result's colour, name and count, in one centred line. */
function ResultLegend({ chart }: { chart: ReportChart }) {
  return (
    <Group gap="sm" justify="center">
      {chart.byResult.map((entry) => (
        <Group key={entry.result} gap={4} wrap="nowrap">
          <Box w={9} h={9} style={{ borderRadius: 2, background: chartColor(entry.color) }} />
          <Text size="xs">
            {entry.name} <b>{entry.count}</b>
          </Text>
        </Group>
      ))}
    </Group>
  );
}

/**
 * A chart drawn as it comes from `report-charts` (results by module, bugs by priority): its option
 * and summary from the snapshot, or the line that says why there is nothing to draw.
 */
function PlainChart({
  chart,
  title,
  option,
  summary,
  empty,
  height = HEIGHT,
}: {
  chart: ReportChart;
  title: string;
  option: (chart: ReportChart) => EChartsCoreOption;
  summary: (chart: ReportChart) => string;
  empty: string | false;
  height?: number;
}) {
  const drawn = useMemo(() => option(chart), [option, chart]);
  const caption = summary(chart);
  return (
    <ChartCard title={title} caption={caption} empty={empty}>
      <EChart option={drawn} ariaLabel={`${title}. ${caption}`} height={height} />
    </ChartCard>
  );
}

/** The report's three charts, from its snapshot. */
export function ReportCharts({ projectId, reportId }: { projectId: string; reportId: string }) {
  const { data: chart } = useQuery(reportChartQueryOptions(projectId, reportId));
  if (!chart) {
    return (
      <Grid gap="md">
        {[0, 1, 2].map((key) => (
          <Grid.Col key={key} span={{ base: 12, md: 4 }}>
            <Skeleton h={HEIGHT + 80} radius="md" aria-label="Loading the charts" />
          </Grid.Col>
        ))}
      </Grid>
    );
  }
  return (
    <Grid gap="md" data-testid="report-charts">
      <Grid.Col span={{ base: 12, md: 6, lg: 4 }}>
        <PassRateChart chart={chart} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6, lg: 4 }}>
        <PlainChart
          chart={chart}
          title="Results by module"
          option={moduleOption}
          summary={moduleSummary}
          empty={chart.byModule.length === 0 && 'No cases to group'}
          height={moduleChartHeight(chart)}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 4 }}>
        <PlainChart
          chart={chart}
          title="Bugs by priority"
          option={bugPriorityOption}
          summary={bugSummary}
          empty={bugTotal(chart) === 0 && 'No bugs linked'}
        />
      </Grid.Col>
    </Grid>
  );
}
