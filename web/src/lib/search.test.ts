import { describe, expect, it } from 'vitest';
import { validateGoPageSearch, validateListSearch } from './search';

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
