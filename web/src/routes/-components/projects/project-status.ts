import { DICTIONARIES } from '@shared/domain/dictionaries';
import { PROJECT_STATE_LABELS } from '@shared/domain/work-items';

/** Project states in the order people choose them (Open, Paused, Closed), from the dictionary. */
export const PROJECT_STATUS_OPTIONS = (DICTIONARIES.pms_project_status ?? []).map((entry) => ({
  value: entry.dictValue,
  label: entry.dictLabel,
  color: entry.listClass,
}));

export function projectStatusLabel(status: number): string {
  return PROJECT_STATE_LABELS[status] ?? `Status ${status}`;
}

/** Open green, paused yellow, closed gray (the `pms_project_status` dictionary). */
export function projectStatusColor(status: number): string {
  return PROJECT_STATUS_OPTIONS.find((option) => option.value === String(status))?.color ?? 'gray';
}
