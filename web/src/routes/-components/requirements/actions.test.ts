import { availableActions } from '@shared/domain/requirement-workflow';
import { describe, expect, it } from 'vitest';
import { actionButtons } from './actions';

const everything = { can: () => true, isMember: true };
const labels = (buttons: { label: string }[]) => buttons.map((b) => b.label);

describe('actionButtons', () => {
  it('offers exactly the workflow actions of every status, in menu order', () => {
    for (const kind of ['userRequirement', 'spec'] as const) {
      for (const status of [1, 2, 3, 4, 5, 6]) {
        expect(actionButtons(kind, status, everything).map((b) => b.action)).toEqual(
          availableActions(kind, status),
        );
      }
    }
  });

  it.each([
    [
      'a pending user requirement for review',
      'userRequirement',
      1,
      ['Edit', 'Pass review', 'Reject', 'Close'],
    ],
    ['a planning spec', 'spec', 4, ['Change', 'Activate into a plan', 'Remove from plan', 'Complete']],
  ] as const)('labels %s', (_, kind, status, expected) => {
    expect(labels(actionButtons(kind, status, everything))).toEqual(expected);
  });

  it('leaves out what the permissions do not allow', () => {
    const reviewer = { can: (p: string) => p === 'product:spec:review', isMember: true };
    expect(labels(actionButtons('spec', 1, reviewer))).toEqual(['Pass review', 'Reject']);
    const refiner = { can: (p: string) => p === 'product:spec:add', isMember: true };
    expect(labels(actionButtons('userRequirement', 2, refiner))).toEqual(['Refine into a spec']);
    expect(actionButtons('spec', 2, { can: () => false, isMember: true })).toEqual([]);
  });

  it('shows reviews to non-members disabled, saying why', () => {
    const buttons = actionButtons('userRequirement', 6, { can: () => true, isMember: false });
    const reviews = buttons.filter((b) => b.action === 'pass' || b.action === 'reject');
    expect(reviews).toHaveLength(2);
    for (const review of reviews) expect(review.disabledReason).toMatch(/members of the product/);
    expect(buttons.find((b) => b.action === 'close')?.disabledReason).toBeUndefined();
  });
});
