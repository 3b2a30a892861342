/**
 * Which batch moves fit every selected spec: one refused move fails the whole batch (it is all or
 * nothing), so the bar offers a move only when the workflow allows it for each of them.
 */
import {
  ACTION_LABELS,
  nextRequirementStatus,
  type RequirementAction,
  requirementStatusName,
} from '@shared/domain/requirement-workflow';

/** Null when every status allows `action`; else why not, naming the statuses that refuse it. */
export function batchRefusal(action: RequirementAction, statuses: readonly number[]): string | null {
  const refusing = [...new Set(statuses)].filter(
    (status) => nextRequirementStatus('spec', status, action) === null,
  );
  if (refusing.length === 0) return null;
  const names = refusing.map((status) => requirementStatusName('spec', status)).join(', ');
  return `${ACTION_LABELS[action]} is for reviewed or planning specs; the selection holds: ${names}`;
}
