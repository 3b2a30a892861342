import { describe, expect, it } from 'vitest';
import { productSearch } from './product-search';

describe('product list search params', () => {
  it('maps the status filter to the list call: 1 active, 2 closed, absent for all', () => {
    expect(productSearch.validate({ status: 'active' })).toEqual({ status: 'active' });
    expect(productSearch.listParams({}).status).toBeUndefined();
    expect(productSearch.listParams({ status: 'active' }).status).toBe(1);
    expect(productSearch.listParams({ status: 'closed' }).status).toBe(2);
  });
});
