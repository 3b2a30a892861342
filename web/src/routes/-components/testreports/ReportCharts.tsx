import { Box, Card, Center, Grid, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReportChart } from '@shared/schemas/testruns';
import { useQuery } from '@tanstack/react-query';
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

function ChartCard({ title, caption, children }: { title: string; caption: string; children: ReactNode }) {
  return (
    <Card h="100%">
      <Stack gap="xs" h="100%">
        <Title order={3} fz="md">
          {title}
        </Title>
        {children}
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
    <ChartCard title="Pass rate" caption={summary}>
      {chart.passRate.total === 0 ? (
        <Center h={HEIGHT}>
          <Text size="sm" c="dimmed">
            The sheet had no cases
          </Text>
        </Center>
      ) : (
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
      )}
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
    </ChartCard>
  );
}

function ModuleChart({ chart }: { chart: ReportChart }) {
  const option = useMemo(() => moduleOption(chart), [chart]);
  const summary = moduleSummary(chart);
  return (
    <ChartCard title="Results by module" caption={summary}>
      {chart.byModule.length === 0 ? (
        <Center h={HEIGHT}>
          <Text size="sm" c="dimmed">
            No cases to group
          </Text>
        </Center>
      ) : (
        <EChart
          option={option}
          ariaLabel={`Results by module. ${summary}`}
          height={moduleChartHeight(chart)}
        />
      )}
    </ChartCard>
  );
}

function BugChart({ chart }: { chart: ReportChart }) {
  const option = useMemo(() => bugPriorityOption(chart), [chart]);
  const summary = bugSummary(chart);
  return (
    <ChartCard title="Bugs by priority" caption={summary}>
      {bugTotal(chart) === 0 ? (
        <Center h={HEIGHT}>
          <Text size="sm" c="dimmed">
            No bugs linked
          </Text>
        </Center>
      ) : (
        <EChart option={option} ariaLabel={`Bugs by priority. ${summary}`} height={HEIGHT} />
      )}
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
        <ModuleChart chart={chart} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 4 }}>
        <BugChart chart={chart} />
      </Grid.Col>
    </Grid>
  );
}
