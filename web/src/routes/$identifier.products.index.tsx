import { createFileRoute } from '@tanstack/react-router';
import { loadList } from '../kit/ListPage/load-list';
import { storedPageSize } from '../kit/ListPage/use-page-size';
import { accessGuard } from '../lib/route-guards';
import { productListQueryOptions } from '../queries/products';
import { ProductsPage } from './-components/products/ProductsPage';
import { productSearch } from './-components/products/product-search';

export const Route = createFileRoute('/$identifier/products/')({
  validateSearch: productSearch.validate,
  beforeLoad: accessGuard('products'),
  loaderDeps: ({ search }) => productSearch.listParams(search),
  loader: (load) =>
    loadList(productListQueryOptions({ ...load.deps, pageSize: storedPageSize('products') }), load),
  component: ProductsPage,
});
