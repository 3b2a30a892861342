import { describe, expect, it } from 'vitest';
import { directorySearch, validateGoPageSearch, validateListSearch } from './search';

describe('search validators', () => {
  it('keeps a string go_page only', () => {
    expect(validateGoPageSearch({ go_page: '/acme' })).toEqual({ go_page: '/acme' });
    expect(validateGoPageSearch({ go_page: 5 })).toEqual({});
    expect(validateGoPageSearch({})).toEqual({});
  });

  it('keeps a page past the first and a trimmed keyword', () => {
    expect(validateListSearch({ pageNum: 3, keyword: ' bo ' })).toEqual({ pageNum: 3, keyword: 'bo' });
    expect(validateListSearch({ pageNum: 1, keyword: '' })).toEqual({});
    expect(validateListSearch({ pageNum: 'x', keyword: 7 })).toEqual({});
    expect(validateListSearch({ pageNum: -2 })).toEqual({});
  });
});

describe('directory search (products, projects)', () => {
  const { validate, listParams } = directorySearch({ active: 1, closed: 2 });

  it('keeps a known status, mine, a page and a keyword', () => {
    expect(validate({ status: 'closed', mine: true, pageNum: 3, keyword: ' crm ' })).toEqual({
      status: 'closed',
      mine: true,
      pageNum: 3,
      keyword: 'crm',
    });
    expect(validate({ mine: 'true', status: 'active' })).toEqual({ mine: true, status: 'active' });
  });

  it('drops what it does not know, prototype keys too', () => {
    expect(validate({ status: 'all', mine: false, pageNum: 1 })).toEqual({});
    expect(validate({ status: 'paused', mine: 'yes', pageNum: -2 })).toEqual({});
    expect(validate({ status: 'hasOwnProperty' })).toEqual({});
    expect(validate({ status: 'toString' })).toEqual({});
  });

  it('gives the list call its page, keyword, status number and mine', () => {
    expect(listParams({})).toEqual({ pageNum: 1, pageSize: 10, keyword: '', status: undefined, mine: false });
    expect(listParams({ status: 'closed', mine: true, pageNum: 2 })).toMatchObject({
      status: 2,
      mine: true,
      pageNum: 2,
    });
  });
});
