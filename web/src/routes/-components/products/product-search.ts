/**
 * The product list's search params: page, keyword, status filter and "My products". Plain
 * functions (validateSearch is part of the first script, zod is not).
 */
import { PRODUCT_STATUS } from '@shared/domain/products';
import { directorySearch } from '../../../lib/search';

/** `validate` is the route's validateSearch, `listParams` the list call's params. */
export const productSearch = directorySearch({
  active: PRODUCT_STATUS.active,
  closed: PRODUCT_STATUS.closed,
});

/** The statuses the list filters by, as the URL names them. */
export type ProductStatusFilter = NonNullable<ReturnType<typeof productSearch.validate>['status']>;
