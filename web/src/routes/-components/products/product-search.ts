/**
 * The product list's search params: page, keyword, status filter and "My products". Plain
 * functions (validateSearch is part of the first script, zod is not).
 */
import { PRODUCT_STATUS } from '@shared/domain/products';
import { validateListSearch } from '../../../lib/search';
import type { ProductListParams } from '../../../queries/products';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from '../../../queries/query-client';

export const PRODUCT_STATUS_FILTERS = {
  active: PRODUCT_STATUS.active,
  closed: PRODUCT_STATUS.closed,
} as const;
export type ProductStatusFilter = keyof typeof PRODUCT_STATUS_FILTERS;

export interface ProductSearch {
  pageNum?: number;
  keyword?: string;
  /** Absent: every status. */
  status?: ProductStatusFilter;
  /** Only the caller's products. */
  mine?: true;
}

export function validateProductSearch(search: Record<string, unknown>): ProductSearch {
  const result: ProductSearch = validateListSearch(search);
  if (typeof search.status === 'string' && Object.hasOwn(PRODUCT_STATUS_FILTERS, search.status)) {
    result.status = search.status as ProductStatusFilter;
  }
  if (search.mine === true || search.mine === 'true') result.mine = true;
  return result;
}

export function productListParams(search: ProductSearch): ProductListParams {
  return {
    pageNum: search.pageNum ?? DEFAULT_PAGE,
    pageSize: DEFAULT_PAGE_SIZE,
    keyword: search.keyword ?? '',
    status: search.status ? PRODUCT_STATUS_FILTERS[search.status] : undefined,
    mine: search.mine ?? false,
  };
}
