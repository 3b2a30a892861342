import { Badge, type BadgeProps } from '@mantine/core';
import { PRODUCT_STATUS, PRODUCT_STATUSES } from '@shared/domain/products';

/** Active green, closed gray. */
export function ProductStatusBadge({ status, ...props }: BadgeProps & { status: number }) {
  const entry = PRODUCT_STATUSES.find((s) => s.id === status);
  return (
    <Badge variant="light" color={status === PRODUCT_STATUS.active ? 'green' : 'gray'} {...props}>
      {entry?.name ?? `Status ${status}`}
    </Badge>
  );
}
