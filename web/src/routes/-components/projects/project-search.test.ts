import { describe, expect, it } from 'vitest';
import { projectListParams, validateProjectSearch } from './project-search';

describe('project list search params', () => {
  it('keeps a known status, mine, a page and a keyword', () => {
    expect(validateProjectSearch({ status: 'paused', mine: true, pageNum: 2, keyword: ' dock ' })).toEqual({
      status: 'paused',
      mine: true,
      pageNum: 2,
      keyword: 'dock',
    });
    expect(validateProjectSearch({ mine: 'true' })).toEqual({ mine: true });
  });

  it('drops what it does not know', () => {
    expect(validateProjectSearch({ status: 'all', mine: false })).toEqual({});
    expect(validateProjectSearch({ status: 'archived', mine: 'yes' })).toEqual({});
    expect(validateProjectSearch({ status: 'toString' })).toEqual({});
  });

  it('maps the filter to the list call: 0 closed, 1 open, 2 paused', () => {
    expect(projectListParams({})).toEqual({
      pageNum: 1,
      pageSize: 10,
      keyword: '',
      status: undefined,
      mine: false,
    });
    expect(projectListParams({ status: 'open' }).status).toBe(1);
    expect(projectListParams({ status: 'paused' }).status).toBe(2);
    expect(projectListParams({ status: 'closed', mine: true })).toMatchObject({ status: 0, mine: true });
  });
});
