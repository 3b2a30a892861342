import { Center, SegmentedControl, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { EChartsCoreOption } from 'echarts/core';
import { type ReactNode, useMemo, useState } from 'react';
import { EChart } from '../../../components/Chart/EChart';
import { TitledCard } from '../../../kit/TitledCard/TitledCard';
import { lineChartQueryOptions, pieBarChartQueryOptions } from '../../../queries/projects';
import { barOption, lineOption, pieOption, totalItems } from './chart-options';

const CHART_HEIGHT = 260;
const PERIODS = ['14', '30', '90'] as const;

/** A work-item chart in its card, named by its title: a skeleton until its figures arrive. */
function WorkItemChart({
  title,
  option,
  empty,
}: {
  title: string;
  option: EChartsCoreOption | null;
  empty: boolean;
}) {
  return (
    <TitledCard title={title}>
      {option ? (
        <ChartWithEmpty empty={empty}>
          <EChart option={option} ariaLabel={title} height={CHART_HEIGHT} />
        </ChartWithEmpty>
      ) : (
        <Skeleton h={CHART_HEIGHT} />
      )}
    </TitledCard>
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
      <WorkItemChart title="Work items by kind" option={pie} empty={empty} />
      <WorkItemChart title="Work items by status" option={bar} empty={empty} />
    </SimpleGrid>
  );
}

/** Created, closed and open items per day over the chosen period. */
export function CreatedClosedChart({ projectId }: { projectId: string }) {
  const [days, setDays] = useState<(typeof PERIODS)[number]>('14');
  const { data, isPlaceholderData } = useQuery(lineChartQueryOptions(projectId, Number(days)));
  const option = useMemo(() => (data ? lineOption(data) : null), [data]);
  return (
    <TitledCard
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
    </TitledCard>
  );
}
