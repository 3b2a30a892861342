import { describe, expect, it } from 'vitest';
import { validateProjectWeeklySearch, validateWeeklySearch } from './weekly-search';

describe('the weekly pages search params', () => {
  it('keeps a Monday and drops any other day', () => {
    expect(validateWeeklySearch({ week: '2026-03-02' })).toEqual({ week: '2026-03-02' });
    expect(validateWeeklySearch({ week: '2026-03-03' })).toEqual({});
    expect(validateWeeklySearch({ week: 'soon' })).toEqual({});
  });

  it('keeps a known category and a page past the first', () => {
    expect(validateProjectWeeklySearch({ week: '2026-03-02', category: 'overdue', pageNum: '3' })).toEqual({
      week: '2026-03-02',
      category: 'overdue',
      pageNum: 3,
    });
    expect(validateProjectWeeklySearch({ category: 'someday', pageNum: '1' })).toEqual({});
  });
});
