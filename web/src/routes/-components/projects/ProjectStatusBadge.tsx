import { Badge, type BadgeProps } from '@mantine/core';
import { projectStatusColor, projectStatusLabel } from './project-status';

export function ProjectStatusBadge({ status, ...props }: BadgeProps & { status: number }) {
  return (
    <Badge variant="light" color={projectStatusColor(status)} {...props}>
      {projectStatusLabel(status)}
    </Badge>
  );
}
