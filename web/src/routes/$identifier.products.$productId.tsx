import { Stack } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Outlet } from '@tanstack/react-router';
import { accessGuard, loadQuery } from '../lib/route-guards';
import { productQueryOptions } from '../queries/products';
import { ProductHeader } from './-components/products/ProductHeader';
import { ProductTabs } from './-components/products/ProductTabs';

/** A product: its header and section tabs around the section's page. */
export const Route = createFileRoute('/$identifier/products/$productId')({
  beforeLoad: accessGuard('products'),
  loader: (load) => loadQuery(productQueryOptions(load.params.productId), load),
  component: ProductLayout,
});

function ProductLayout() {
  const { productId } = Route.useParams();
  const { data: product } = useSuspenseQuery(productQueryOptions(productId));
  return (
    <Stack gap="md" maw={1400}>
      <ProductHeader product={product} />
      <ProductTabs productId={productId} />
      <Outlet />
    </Stack>
  );
}
