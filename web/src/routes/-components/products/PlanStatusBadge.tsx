import { Badge, type BadgeProps } from '@mantine/core';
import { PLAN_STATUS, PLAN_STATUSES } from '@shared/domain/products';

export function planStatusOf(status: number) {
  return PLAN_STATUSES.find((s) => s.id === status);
}

/**
 * The status a plan shows (the list and detail already send 4, expired, for an open plan past its
 * end date); expired is red so late plans stand out.
 */
export function PlanStatusBadge({ status, ...props }: BadgeProps & { status: number }) {
  const entry = planStatusOf(status);
  return (
    <Badge
      variant={status === PLAN_STATUS.expired ? 'filled' : 'light'}
      color={entry?.color ?? 'gray'}
      {...props}
    >
      {entry?.name ?? `Status ${status}`}
    </Badge>
  );
}
