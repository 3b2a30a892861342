import { describe, expect, it } from 'vitest';
import { productListParams, validateProductSearch } from './product-search';

describe('product list search params', () => {
  it('keeps a known status, mine, a page and a keyword', () => {
    expect(validateProductSearch({ status: 'closed', mine: true, pageNum: 3, keyword: ' crm ' })).toEqual({
      status: 'closed',
      mine: true,
      pageNum: 3,
      keyword: 'crm',
    });
    expect(validateProductSearch({ mine: 'true', status: 'active' })).toEqual({
      mine: true,
      status: 'active',
    });
  });

  it('drops what it does not know', () => {
    expect(validateProductSearch({ status: 'all', mine: false, pageNum: 1 })).toEqual({});
    expect(validateProductSearch({ status: 'paused', mine: 'yes', pageNum: -2 })).toEqual({});
    expect(validateProductSearch({ status: 'hasOwnProperty' })).toEqual({});
  });

  it('maps the filter to the list call: 1 active, 2 closed, absent for all', () => {
    expect(productListParams({})).toEqual({
      pageNum: 1,
      pageSize: 10,
      keyword: '',
      status: undefined,
      mine: false,
    });
    expect(productListParams({ status: 'active' }).status).toBe(1);
    expect(productListParams({ status: 'closed', mine: true, pageNum: 2 })).toMatchObject({
      status: 2,
      mine: true,
      pageNum: 2,
    });
  });
});
