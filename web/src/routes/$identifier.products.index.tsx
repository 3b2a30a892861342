import { createFileRoute } from '@tanstack/react-router';
import { loadList } from '../kit/ListPage/load-list';
import { storedPageSize } from '../kit/ListPage/use-page-size';
import { searchedRoute } from '../lib/route-guards';
import { productListQueryOptions } from '../queries/products';
import { ProductsPage } from './-components/products/ProductsPage';
import { productSearch } from './-components/products/product-search';

export const Route = createFileRoute('/$identifier/products/')({
  ...searchedRoute('products', productSearch.validate, productSearch.listParams),
  loader: (load) =>
    loadList(productListQueryOptions({ ...load.deps, pageSize: storedPageSize('products') }), load),
  component: ProductsPage,
});
