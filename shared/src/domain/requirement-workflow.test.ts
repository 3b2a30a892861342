import { describe, expect, it } from 'vitest';
import {
  availableActions,
  nextRequirementStatus,
  requirementRefusal,
  STATUS_LISTS,
} from './requirement-workflow';

describe('the user requirement workflow', () => {
  it('starts a review from pending review and from changed only', () => {
    const reviewable = STATUS_LISTS.userRequirement
      .map((s) => s.id)
      .filter((s) => availableActions('userRequirement', s).includes('pass'));
    expect(reviewable).toEqual([1, 6]);
  });

  it('passes a changed requirement back to refined when specs came from it', () => {
    expect(nextRequirementStatus('userRequirement', 6, 'pass', { hasSpecs: true })).toBe(3);
    expect(nextRequirementStatus('userRequirement', 6, 'pass', { hasSpecs: false })).toBe(2);
  });

  it('edits before review, changes after it', () => {
    expect(nextRequirementStatus('userRequirement', 1, 'edit')).toBe(1);
    expect(nextRequirementStatus('userRequirement', 5, 'edit')).toBe(1);
    expect(nextRequirementStatus('userRequirement', 2, 'edit')).toBeNull();
    expect(nextRequirementStatus('userRequirement', 2, 'change')).toBe(6);
    expect(nextRequirementStatus('userRequirement', 1, 'change')).toBeNull();
  });

  it('closes from anywhere but closed, and reopens only a closed one', () => {
    for (const status of [1, 2, 3, 5, 6])
      expect(nextRequirementStatus('userRequirement', status, 'close')).toBe(4);
    expect(availableActions('userRequirement', 4)).toEqual(['reopen']);
    expect(nextRequirementStatus('userRequirement', 4, 'reopen')).toBe(1);
  });
});

describe('the spec workflow', () => {
  it('activates only reviewed or planning specs', () => {
    const activatable = STATUS_LISTS.spec
      .map((s) => s.id)
      .filter((s) => nextRequirementStatus('spec', s, 'activate') !== null);
    expect(activatable).toEqual([2, 4]);
  });

  it('returns a changed spec to its plan when the change passes', () => {
    expect(nextRequirementStatus('spec', 6, 'pass', { planned: true })).toBe(4);
    expect(nextRequirementStatus('spec', 6, 'pass', { planned: false })).toBe(2);
    expect(nextRequirementStatus('spec', 6, 'reject')).toBe(5);
  });

  it('completes from reviewed and planning, and reopens to where it was', () => {
    expect(nextRequirementStatus('spec', 2, 'complete')).toBe(3);
    expect(nextRequirementStatus('spec', 4, 'complete')).toBe(3);
    expect(nextRequirementStatus('spec', 1, 'complete')).toBeNull();
    expect(nextRequirementStatus('spec', 3, 'reopen', { planned: true })).toBe(4);
    expect(nextRequirementStatus('spec', 3, 'reopen', { planned: false })).toBe(2);
  });

  it('offers every action its table names, in menu order', () => {
    expect(availableActions('spec', 1)).toEqual(['edit', 'pass', 'reject']);
    expect(availableActions('spec', 4)).toEqual(['change', 'activate', 'unplan', 'complete']);
    expect(availableActions('spec', 5)).toEqual(['edit']);
  });

  it('explains a refusal with what is allowed instead', () => {
    expect(requirementRefusal('spec', 1, 'activate')).toBe(
      'A requirement spec in Pending review cannot activate into a plan; from Pending review it allows: edit, pass review, reject',
    );
  });
});
