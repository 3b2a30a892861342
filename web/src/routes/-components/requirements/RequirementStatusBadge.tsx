import { Badge, type BadgeProps } from '@mantine/core';
import {
  type RequirementKind,
  requirementStatusName,
  STATUS_LISTS,
} from '@shared/domain/requirement-workflow';

export function requirementStatusColor(kind: RequirementKind, status: number): string {
  return STATUS_LISTS[kind].find((s) => s.id === status)?.color ?? 'gray';
}

/** A user requirement's or spec's status in its workflow colour. */
export function RequirementStatusBadge({
  kind,
  status,
  ...props
}: BadgeProps & { kind: RequirementKind; status: number }) {
  return (
    <Badge variant="light" color={requirementStatusColor(kind, status)} {...props}>
      {requirementStatusName(kind, status)}
    </Badge>
  );
}

/** Options of a status filter. */
export function statusOptions(kind: RequirementKind) {
  return STATUS_LISTS[kind].map((s) => ({ value: String(s.id), label: s.name }));
}
