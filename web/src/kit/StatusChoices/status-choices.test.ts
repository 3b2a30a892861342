import { describe, expect, it } from 'vitest';
import { statusChoices } from './status-choices';

describe('status choices', () => {
  it('offers "All" first, then the statuses in the order given', () => {
    expect(statusChoices({ active: 'Active', closed: 'Closed' })).toEqual([
      { value: 'all', label: 'All' },
      { value: 'active', label: 'Active' },
      { value: 'closed', label: 'Closed' },
    ]);
  });

  it('puts "All" last where the list starts on the first status', () => {
    expect(statusChoices({ inProgress: 'In progress', closed: 'Closed' }, { allLast: true })).toEqual([
      { value: 'inProgress', label: 'In progress' },
      { value: 'closed', label: 'Closed' },
      { value: 'all', label: 'All' },
    ]);
  });
});
