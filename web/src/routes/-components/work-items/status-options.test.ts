import {
  canTransition,
  ISSUE_KINDS,
  ISSUE_STATUS_IDS,
  isIssueStatus,
  nextStatuses,
} from '@shared/domain/work-item-workflow';
import { describe, expect, it } from 'vitest';
import { batchStatusOptions, kindStatusOptions, statusColor, statusOptions } from './status-options';

const values = (options: { value: string }[]) => options.map((option) => Number(option.value));

describe('status options', () => {
  it('offers the current status first, then where the workflow lets it go', () => {
    for (const kind of ISSUE_KINDS) {
      for (const from of ISSUE_STATUS_IDS) {
        const offered = values(statusOptions(kind, from));
        expect(offered[0]).toBe(from);
        expect(offered.slice(1)).toEqual([...nextStatuses(from)]);
        for (const to of offered) expect(isIssueStatus(to) && canTransition(from, to)).toBe(true);
      }
    }
  });

  it("uses the server's nextStatuses when it has them, but never a move the workflow refuses", () => {
    // Pending (1) may go to 2, 3, 5, 6; the server narrowed it to 2 and 5.
    expect(values(statusOptions(2, 1, [2, 5]))).toEqual([1, 2, 5]);
    // Closed (5) may only go back to 1 or 2: a stray 3 or 6 is not offered.
    expect(values(statusOptions(2, 5, [1, 3, 6, 2]))).toEqual([5, 1, 2]);
    expect(values(statusOptions(2, 3, []))).toEqual([3]);
  });

  it("labels statuses in the kind's words", () => {
    expect(statusOptions(3, 1)[0]).toEqual({ value: '1', label: 'To fix' });
    expect(statusOptions(1, 1)[0]?.label).toBe('Pending review');
    expect(statusOptions(2, 2, [3])).toEqual([
      { value: '2', label: 'In progress' },
      { value: '3', label: 'Completed' },
    ]);
    expect(kindStatusOptions(3).map((option) => option.label)).toEqual([
      'To fix',
      'Fixing',
      'Fixed',
      'Closed',
      'Rejected',
    ]);
  });

  it('offers a batch only the statuses every selected item may take', () => {
    // Completed (3) -> 2, 5; Rejected (6) -> 1, 5: together only Closed (5).
    expect(values(batchStatusOptions(2, [3, 6]))).toEqual([5]);
    // Items already in a status may stay there.
    expect(values(batchStatusOptions(2, [1, 1]))).toEqual([1, 2, 3, 5, 6]);
    expect(values(batchStatusOptions(2, [5, 3]))).toEqual([2, 5]);
  });

  it('colours statuses as the status dictionaries do', () => {
    expect(statusColor(2, 2)).toBe('blue');
    expect(statusColor(3, 6)).toBe('red');
    expect(statusColor(1, 99)).toBe('gray');
  });
});
