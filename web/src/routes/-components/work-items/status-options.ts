/**
 * Which statuses to offer. The workflow lives in shared/src/domain/work-item-workflow.ts (the server
 * refuses anything else with 409); the web only asks it, so the two cannot drift apart.
 */
import { DICTIONARIES } from '@shared/domain/dictionaries';
import {
  canTransition,
  ISSUE_KIND_LABELS,
  type IssueKind,
  type IssueStatusId,
  isIssueStatus,
  issueStatusName,
  nextStatuses,
} from '@shared/domain/work-item-workflow';
import { WORK_ITEM_STATUSES } from '@shared/domain/work-items';

export interface StatusOption {
  value: string;
  label: string;
}

/** Every status of a kind, with its label for that kind (the filter's options). */
export function kindStatusOptions(kind: IssueKind): StatusOption[] {
  return WORK_ITEM_STATUSES[kind].map((status) => ({ value: String(status.id), label: status.name }));
}

/**
 * The options of an item's status select: where it is now, then where it may go. `allowed` is the
 * server's `nextStatuses` of the item when known; without it the shared workflow says. Either way a
 * move the workflow refuses is never offered.
 */
export function statusOptions(kind: IssueKind, current: number, allowed?: readonly number[]): StatusOption[] {
  if (!isIssueStatus(current)) return [{ value: String(current), label: issueStatusName(kind, current) }];
  const next = (allowed ?? nextStatuses(current)).filter(
    (to): to is IssueStatusId => to !== current && isIssueStatus(to) && canTransition(current, to),
  );
  return [current, ...next].map((status) => ({
    value: String(status),
    label: issueStatusName(kind, status),
  }));
}

/**
 * The statuses a batch may set: the ones every selected item may move to (a batch is all or
 * nothing, so one refused move fails it all). Items already there count as allowed.
 */
export function batchStatusOptions(kind: IssueKind, currentStatuses: readonly number[]): StatusOption[] {
  return WORK_ITEM_STATUSES[kind]
    .filter((target) =>
      currentStatuses.every(
        (from) => isIssueStatus(from) && isIssueStatus(target.id) && canTransition(from, target.id),
      ),
    )
    .map((status) => ({ value: String(status.id), label: status.name }));
}

/** The badge colour of a status (the server's status dictionaries). */
export function statusColor(kind: IssueKind, status: number): string {
  const dictionary = DICTIONARIES[`pms_${ISSUE_KIND_LABELS[kind].path}_status`] ?? [];
  return dictionary.find((entry) => entry.dictValue === String(status))?.listClass ?? 'gray';
}
