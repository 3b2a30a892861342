import { describe, expect, it } from 'vitest';
import { sprintListParams, validateSprintSearch } from './sprint-search';

describe('iteration list search', () => {
  it('keeps a known state and a page after the first', () => {
    expect(validateSprintSearch({ state: 'closed', pageNum: '3' })).toEqual({ state: 'closed', pageNum: 3 });
  });

  it('drops unknown states, page 1 and junk', () => {
    expect(validateSprintSearch({ state: 'toString', pageNum: 1 })).toEqual({});
    expect(validateSprintSearch({ state: 'done', pageNum: 'x' })).toEqual({});
  });

  it('asks the list call for the state id, all states when none', () => {
    expect(sprintListParams('p1', { state: 'inProgress' })).toEqual({
      pmsProjectId: 'p1',
      status: 1,
      pageNum: 1,
      pageSize: 9,
    });
    expect(sprintListParams('p1', { state: 'notStarted', pageNum: 2 }).status).toBe(0);
    expect(sprintListParams('p1', {}).status).toBeUndefined();
  });
});
