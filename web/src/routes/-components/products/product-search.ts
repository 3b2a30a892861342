/**
 * The product list's search params: page, keyword, status filter and "My products". Plain
 * functions (validateSearch is part of the first script, zod is not).
 */
import { PRODUCT_STATUS } from '@shared/domain/products';
import { type DirectorySearch, directorySearch } from '../../../lib/search';

export const PRODUCT_STATUS_FILTERS = {
  active: PRODUCT_STATUS.active,
  closed: PRODUCT_STATUS.closed,
} as const;
export type ProductStatusFilter = keyof typeof PRODUCT_STATUS_FILTERS;

export type ProductSearch = DirectorySearch<ProductStatusFilter>;

/** `validate` is the route's validateSearch, `listParams` the list call's params. */
export const productSearch = directorySearch(PRODUCT_STATUS_FILTERS);
