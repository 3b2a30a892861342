import { describe, expect, it } from 'vitest';
import { projectSearch } from './project-search';

describe('project list search params', () => {
  it('maps the status filter to the list call: 0 closed, 1 open, 2 paused', () => {
    expect(projectSearch.validate({ status: 'paused', archived: true })).toEqual({ status: 'paused' });
    expect([
      projectSearch.listParams({ status: 'open' }).status,
      projectSearch.listParams({ status: 'paused' }).status,
      projectSearch.listParams({ status: 'closed' }).status,
    ]).toEqual([1, 2, 0]);
  });
});
