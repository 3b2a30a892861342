import { Paper, Title } from '@mantine/core';
import type { WeeklyCounts } from '@shared/schemas/weekly';
import { useMemo } from 'react';
import { EChart } from '../../../components/Chart/EChart';
import { trendOption } from './trend-option';

/** Week over week: items created and closed, iterations and sheets completed. */
export function TrendChart({ trend }: { trend: { weekStart: string; counts: WeeklyCounts }[] }) {
  const option = useMemo(() => trendOption(trend), [trend]);
  return (
    <Paper withBorder p="md">
      <Title order={3} fz="md" mb="xs">
        Week over week
      </Title>
      <EChart
        option={option}
        height={280}
        ariaLabel={`Items created and closed, iterations and test sheets completed in the ${trend.length} weeks up to the chosen one`}
      />
    </Paper>
  );
}
