import {
  Card,
  Center,
  Group,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import { EChart } from '../../../components/Chart/EChart';
import { lineChartQueryOptions, pieBarChartQueryOptions } from '../../../queries/projects';
import { barOption, lineOption, pieOption, totalItems } from './chart-options';

const CHART_HEIGHT = 260;
const PERIODS = ['14', '30', '90'] as const;

function ChartCard({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Card>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} fz="md">
            {title}
          </Title>
          {action}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}

/** A chart, or a note over it while there is nothing to draw (the labelled container stays). */
function ChartWithEmpty({ empty, children }: { empty: boolean; children: ReactNode }) {
  return (
    <div style={{ position: 'relative' }}>
      {children}
      {empty && (
        <Center pos="absolute" inset={0} style={{ pointerEvents: 'none' }}>
          <Text size="sm" c="dimmed">
            No work items yet
          </Text>
        </Center>
      )}
    </div>
  );
}

/** Items by kind (pie) and, per kind, by status (bars). */
export function KindAndStatusCharts({ projectId }: { projectId: string }) {
  const { data } = useQuery(pieBarChartQueryOptions(projectId));
  const pie = useMemo(() => (data ? pieOption(data) : null), [data]);
  const bar = useMemo(() => (data ? barOption(data) : null), [data]);
  const empty = data !== undefined && totalItems(data) === 0;
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      <ChartCard title="Work items by kind">
        {pie ? (
          <ChartWithEmpty empty={empty}>
            <EChart option={pie} ariaLabel="Work items by kind" height={CHART_HEIGHT} />
          </ChartWithEmpty>
        ) : (
          <Skeleton h={CHART_HEIGHT} />
        )}
      </ChartCard>
      <ChartCard title="Work items by status">
        {bar ? (
          <ChartWithEmpty empty={empty}>
            <EChart option={bar} ariaLabel="Work items by status" height={CHART_HEIGHT} />
          </ChartWithEmpty>
        ) : (
          <Skeleton h={CHART_HEIGHT} />
        )}
      </ChartCard>
    </SimpleGrid>
  );
}

/** Created, closed and open items per day over the chosen period. */
export function CreatedClosedChart({ projectId }: { projectId: string }) {
  const [days, setDays] = useState<(typeof PERIODS)[number]>('14');
  const { data, isPlaceholderData } = useQuery(lineChartQueryOptions(projectId, Number(days)));
  const option = useMemo(() => (data ? lineOption(data) : null), [data]);
  return (
    <ChartCard
      title="Created and closed per day"
      action={
        <SegmentedControl
          size="xs"
          aria-label="Period"
          data={PERIODS.map((value) => ({ value, label: `${value} days` }))}
          value={days}
          onChange={(value) => setDays(value as (typeof PERIODS)[number])}
        />
      }
    >
      {option ? (
        <div style={{ opacity: isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}>
          <EChart option={option} ariaLabel="Created and closed per day" height={CHART_HEIGHT} />
        </div>
      ) : (
        <Skeleton h={CHART_HEIGHT} />
      )}
    </ChartCard>
  );
}
