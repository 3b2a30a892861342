import { describe, expect, it } from 'vitest';
import { hasFilters, listParams, validateWorkItemSearch } from './list-search';

describe('work-item list search params', () => {
  it('is empty for no params: all items, newest change first', () => {
    expect(validateWorkItemSearch({})).toEqual({});
    expect(listParams('p1', 2, {})).toEqual({
      pmsProjectId: 'p1',
      pmIssueType: 2,
      statusGroup: 'all',
      status: undefined,
      priority: undefined,
      assigneeId: undefined,
      tagId: undefined,
      keyword: undefined,
      orderBy: 'updatedAt',
      sort: 'desc',
    });
  });

  it('reads the router JSON arrays and hand-typed comma lists alike', () => {
    expect(validateWorkItemSearch({ status: [2, 1], priority: '1,4' })).toEqual({
      status: [1, 2],
      priority: [1, 4],
    });
    expect(validateWorkItemSearch({ status: 5 })).toEqual({ status: [5] });
    expect(validateWorkItemSearch({ assigneeId: 'none,u-bob', tagId: ['t1', 't1', ' t2 '] })).toEqual({
      assigneeId: ['none', 'u-bob'],
      tagId: ['t1', 't2'],
    });
  });

  it('drops values that are not allowed instead of refusing the link', () => {
    expect(validateWorkItemSearch({ status: [4, 7, 'x'], priority: [0, 5] })).toEqual({});
    expect(validateWorkItemSearch({ status: [4, 6] })).toEqual({ status: [6] });
    expect(validateWorkItemSearch({ assigneeId: [7, '', 'x'.repeat(65)] })).toEqual({});
    expect(validateWorkItemSearch({ statusGroup: 'all' })).toEqual({});
    expect(validateWorkItemSearch({ statusGroup: 'everything' })).toEqual({});
    expect(validateWorkItemSearch({ orderBy: 'title', sort: 'up' })).toEqual({});
  });

  it('keeps the status group, a trimmed keyword and a non-default sort', () => {
    expect(
      validateWorkItemSearch({ statusGroup: 'closed', keyword: '  #12 ', orderBy: 'priority', sort: 'asc' }),
    ).toEqual({ statusGroup: 'closed', keyword: '#12', orderBy: 'priority', sort: 'asc' });
    // Defaults are left out so the address stays short and one filter has one URL.
    expect(validateWorkItemSearch({ orderBy: 'updatedAt', sort: 'desc', keyword: '   ' })).toEqual({});
    expect(validateWorkItemSearch({ keyword: 'a'.repeat(150) }).keyword).toHaveLength(100);
  });

  it('accepts every sort of the sort select', () => {
    for (const orderBy of ['createdAt', 'priority', 'startDate', 'endDate', 'assigneeInitials']) {
      expect(validateWorkItemSearch({ orderBy }).orderBy).toBe(orderBy);
    }
  });

  it('turns the search into list parameters', () => {
    const search = validateWorkItemSearch({
      statusGroup: 'opened',
      status: [1],
      assigneeId: ['none'],
      orderBy: 'endDate',
      sort: 'asc',
    });
    expect(listParams('p1', 3, search)).toMatchObject({
      pmIssueType: 3,
      statusGroup: 'opened',
      status: [1],
      assigneeId: ['none'],
      orderBy: 'endDate',
      sort: 'asc',
    });
  });

  it('knows when filters (not the tab or the sort) are set', () => {
    expect(hasFilters({ statusGroup: 'closed', orderBy: 'priority', sort: 'asc' })).toBe(false);
    expect(hasFilters({ tagId: ['t1'] })).toBe(true);
    expect(hasFilters({ keyword: 'dock' })).toBe(true);
  });
});
