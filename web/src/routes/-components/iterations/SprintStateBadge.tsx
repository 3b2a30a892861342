import { Badge, type BadgeProps } from '@mantine/core';
import { SPRINT_STATES, sprintStateName } from '@shared/domain/sprint-workflow';

/** Not started grey, in progress blue, closed green (the shared workflow's colours). */
export function SprintStateBadge({ status, ...props }: BadgeProps & { status: number }) {
  const color = SPRINT_STATES.find((state) => state.id === status)?.color ?? 'gray';
  return (
    <Badge variant="light" color={color} {...props}>
      {sprintStateName(status)}
    </Badge>
  );
}
