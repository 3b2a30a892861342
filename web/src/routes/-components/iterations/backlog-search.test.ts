import { describe, expect, it } from 'vitest';
import { backlogParams, hasBacklogFilters, validateBacklogSearch } from './backlog-search';

describe('backlog search', () => {
  it('keeps known filters, the page and the picked sprint', () => {
    expect(
      validateBacklogSearch({ keyword: ' login ', kind: '3', priority: '2,1,9', pageNum: 2, sprint: 'p1.4' }),
    ).toEqual({ keyword: 'login', kind: 3, priority: [1, 2], pageNum: 2, sprint: 'p1.4' });
  });

  it('drops what it does not know', () => {
    expect(validateBacklogSearch({ keyword: '  ', kind: 7, priority: 'x', pageNum: 1, sprint: '' })).toEqual(
      {},
    );
    expect(hasBacklogFilters({ pageNum: 3, sprint: 'p1.1' })).toBe(false);
    expect(hasBacklogFilters({ kind: 1 })).toBe(true);
  });

  it('lists unfinished items by priority, urgent first', () => {
    expect(backlogParams('p1', { kind: 2, priority: [1], keyword: 'a' })).toEqual({
      pmsProjectId: 'p1',
      pmIssueType: 2,
      statusGroup: 'all',
      status: [1, 2],
      priority: [1],
      keyword: 'a',
      orderBy: 'priority',
      sort: 'desc',
    });
  });
});
