import { Badge } from '@mantine/core';
import type { DueState } from '@shared/schemas/dashboard';

const DUE = {
  overdue: { label: 'Overdue', color: 'red' },
  dueSoon: { label: 'Due soon', color: 'orange' },
} as const;

/** "Overdue" or "Due soon"; nothing for later or undated work. */
export function DueBadge({ due }: { due: DueState }) {
  if (due !== 'overdue' && due !== 'dueSoon') return null;
  return (
    <Badge size="sm" variant="light" color={DUE[due].color} style={{ flexShrink: 0 }}>
      {DUE[due].label}
    </Badge>
  );
}
