import { Group, Progress, Text, Tooltip } from '@mantine/core';
import type { Plan } from '@shared/schemas/products';

/** Share of the plan's specs that are completed, in whole percent (0 for an empty plan). */
export function planProgress(plan: Pick<Plan, 'specCount' | 'completedSpecCount'>): number {
  if (plan.specCount <= 0) return 0;
  return Math.round((Math.min(plan.completedSpecCount, plan.specCount) / plan.specCount) * 100);
}

/** Completed specs out of all the plan's specs, as a bar with the numbers beside it. */
export function PlanProgress({
  plan,
  size = 'sm',
  withLabel = true,
}: {
  plan: Pick<Plan, 'specCount' | 'completedSpecCount'>;
  size?: 'xs' | 'sm' | 'md' | 'lg';
  withLabel?: boolean;
}) {
  const percent = planProgress(plan);
  const summary =
    plan.specCount === 0
      ? 'No specs in this plan yet'
      : `${plan.completedSpecCount} of ${plan.specCount} specs completed`;
  return (
    <Group gap="xs" wrap="nowrap">
      <Tooltip label={summary}>
        <Progress
          value={percent}
          size={size}
          color={percent === 100 ? 'green' : 'brand'}
          style={{ flex: 1 }}
          miw={80}
          aria-label={`${percent}% of the plan's specs completed`}
        />
      </Tooltip>
      {withLabel && (
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {plan.completedSpecCount}/{plan.specCount}
        </Text>
      )}
    </Group>
  );
}
