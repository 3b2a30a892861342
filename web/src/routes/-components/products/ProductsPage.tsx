import { Tooltip } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { MAX_PRODUCT_DELETE } from '@shared/domain/products';
import type { Product } from '@shared/schemas/products';
import { IconBox, IconTrash } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { ActionButton } from '../../../kit/ActionButton/ActionButton';
import { BatchBar } from '../../../kit/BatchBar/BatchBar';
import { directoryNavigation } from '../../../kit/DirectoryNavigation/directory-navigation';
import { DirectoryPage } from '../../../kit/ListPage/DirectoryPage';
import { useListQuery } from '../../../kit/ListPage/use-list-query';
import { useRowSelection } from '../../../kit/ListPage/use-row-selection';
import { statusChoices } from '../../../kit/StatusChoices/status-choices';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import { productListQueryOptions, useOperateTop } from '../../../queries/products';
import { DeleteProductsModal } from './DeleteProductsModal';
import { ProductFormModal } from './ProductFormModal';
import { ProductTable } from './ProductTable';
import { type ProductStatusFilter, productSearch } from './product-search';

const route = getRouteApi('/$identifier/products/');

const STATUS_FILTERS = statusChoices<ProductStatusFilter>({ active: 'Active', closed: 'Closed' });

export function ProductsPage() {
  const { enterprise, can } = useCurrentEnterprise();
  useDocumentTitle(`Products · ${enterprise.name}`);
  const identifier = enterprise.enterpriseIdentifier;
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const list = useListQuery('products', productSearch.listParams(search), productListQueryOptions);
  const canPin = can('product:product:edit');
  const canRemove = can('product:product:remove');
  // Picked for the bulk delete: the products as listed (their names are in the confirmation).
  // Another filter shows other rows: what was picked from the old ones is let go.
  const selection = useRowSelection<Product>({
    max: Number.POSITIVE_INFINITY,
    noun: 'products',
    resetKey: JSON.stringify({ ...search, pageNum: undefined }),
  });
  const [deleting, setDeleting] = useState<Product[]>([]);
  const pin = useOperateTop();
  const openProduct = (productId: string) =>
    navigate({ to: '/$identifier/products/$productId', params: { identifier, productId } });

  function togglePin(product: Product) {
    const top = product.topAt === null;
    pin.mutate(
      { identifier: product.identifier, top },
      {
        onSuccess: () =>
          notifications.show({
            color: 'green',
            message: top ? `${product.name} is pinned to the top` : `${product.name} is no longer pinned`,
          }),
      },
    );
  }

  const newProduct = (opened: boolean, onClose: () => void) => (
    <ProductFormModal
      opened={opened}
      onClose={onClose}
      onCreated={(product) => void openProduct(product.id)}
    />
  );

  return (
    <DirectoryPage
      title="Products"
      intro={<>What {enterprise.name} builds: requirements, specs and plans per product.</>}
      one="product"
      many="products"
      searchPlaceholder="Search by name or key"
      statuses={STATUS_FILTERS}
      search={search}
      {...directoryNavigation(navigate, productSearch.validate)}
      list={list}
      create={can('product:product:add') ? { label: 'New product', form: newProduct } : undefined}
      nothingYet={{
        icon: <IconBox size={28} />,
        canAdd:
          'Create the first product to collect user requirements, refine them into specs and plan releases.',
        cannotAdd: 'Nobody has created a product yet. Ask someone who may create products to start one.',
      }}
      maw={1400}
      batchBar={
        selection.selected.size > 0 && (
          <BatchBar
            count={selection.selected.size}
            noun={['product', 'products']}
            onClear={selection.clear}
            testId="product-selection-bar"
          >
            <Tooltip
              label={`At most ${MAX_PRODUCT_DELETE} products at once`}
              disabled={selection.selected.size <= MAX_PRODUCT_DELETE}
            >
              <ActionButton
                color="red"
                variant="light"
                icon={IconTrash}
                disabled={selection.selected.size > MAX_PRODUCT_DELETE}
                onClick={() => setDeleting([...selection.selected.values()])}
              >
                Delete selected
              </ActionButton>
            </Tooltip>
          </BatchBar>
        )
      }
    >
      <ProductTable
        identifier={identifier}
        rows={list.query.data?.rows ?? []}
        selection={canRemove ? selection : undefined}
        onPin={canPin ? togglePin : undefined}
        pinning={pin.isPending ? (pin.variables?.identifier ?? null) : null}
        onOpen={(product) => void openProduct(product.id)}
      />
      {canRemove && (
        <DeleteProductsModal
          products={deleting}
          onClose={() => setDeleting([])}
          onDeleted={() => {
            setDeleting([]);
            selection.clear();
          }}
        />
      )}
    </DirectoryPage>
  );
}
