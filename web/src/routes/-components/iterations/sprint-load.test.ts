import { describe, expect, it } from 'vitest';
import { type AssigneeLoad, loadBars } from './sprint-load';

const ann = { userId: 'u1', login: 'ann', nickname: 'Ann' };
const bob = { userId: 'u2', login: 'bob', nickname: '' };
const load = (
  user: AssigneeLoad['user'],
  count: number,
  unfinished: number,
  hours: number,
): AssigneeLoad => ({
  user,
  count,
  unfinished,
  estimatedHours: hours,
  unfinishedEstimatedHours: hours,
});

describe('load per assignee', () => {
  it('compares unfinished hours, busiest first', () => {
    const { bars, by } = loadBars([load(ann, 2, 1, 4), load(bob, 3, 3, 8.25), load(null, 1, 1, 0)]);
    expect(by).toBe('hours');
    expect(bars.map((b) => [b.key, b.name, b.unfinishedHours, b.percent])).toEqual([
      ['u2', 'bob', 8.3, 100],
      ['u1', 'Ann', 4, 48],
      ['unassigned', 'Unassigned', 0, 0],
    ]);
  });

  it('falls back to unfinished items when nothing is estimated', () => {
    const { bars, by } = loadBars([load(ann, 2, 1, 0), load(bob, 4, 4, 0)]);
    expect(by).toBe('items');
    expect(bars.map((b) => b.percent)).toEqual([100, 25]);
  });

  it('draws empty bars when nothing is left', () => {
    expect(loadBars([load(ann, 2, 0, 0)]).bars[0]?.percent).toBe(0);
    expect(loadBars([]).bars).toEqual([]);
  });
});
