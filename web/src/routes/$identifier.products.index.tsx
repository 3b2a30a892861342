import { Button, Card, Group, Stack, Tooltip } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { MAX_PRODUCT_DELETE } from '@shared/domain/products';
import type { Product } from '@shared/schemas/products';
import { IconBox, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { PageTitle } from '../components/PageTitle/PageTitle';
import { BatchBar } from '../kit/BatchBar/BatchBar';
import { DirectoryFilters } from '../kit/FilterBar/FilterBar';
import { ListBody, NoMatch, NothingYet } from '../kit/ListPage/ListPage';
import { loadList } from '../kit/ListPage/load-list';
import { Pager } from '../kit/ListPage/Pager';
import { storedPageSize, usePageSize } from '../kit/ListPage/use-page-size';
import { useRowSelection } from '../kit/ListPage/use-row-selection';
import { useStepBackFromEmptyPage } from '../kit/ListPage/use-step-back';
import { useCurrentEnterprise } from '../lib/current-enterprise';
import { requireAccess } from '../lib/route-guards';
import { productListQueryOptions, useOperateTop } from '../queries/products';
import { DeleteProductsModal } from './-components/products/DeleteProductsModal';
import { ProductFormModal } from './-components/products/ProductFormModal';
import { ProductTable } from './-components/products/ProductTable';
import {
  type ProductSearch,
  type ProductStatusFilter,
  productListParams,
  validateProductSearch,
} from './-components/products/product-search';

export const Route = createFileRoute('/$identifier/products/')({
  // Loader and page in one chunk: the query modules they use stay out of the first script.
  codeSplitGroupings: [['loader', 'component']],
  validateSearch: validateProductSearch,
  beforeLoad: ({ context }) => requireAccess(context.access, 'products'),
  loaderDeps: ({ search }) => productListParams(search),
  loader: ({ context: { queryClient }, deps, ...load }) =>
    loadList(queryClient, productListQueryOptions({ ...deps, pageSize: storedPageSize('products') }), load),
  component: ProductsPage,
});

const STATUS_FILTERS: { value: ProductStatusFilter | 'all'; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'closed', label: 'Closed' },
];

function ProductsPage() {
  const { enterprise, can } = useCurrentEnterprise();
  useDocumentTitle(`Products · ${enterprise.name}`);
  const identifier = enterprise.enterpriseIdentifier;
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const [pageSize, setPageSize] = usePageSize('products');
  const params = { ...productListParams(search), pageSize };
  const list = useQuery(productListQueryOptions(params));
  const page = list.data;
  const canAdd = can('product:product:add');
  const canPin = can('product:product:edit');
  const canRemove = can('product:product:remove');

  const [creating, setCreating] = useState(false);
  // Picked for the bulk delete: the products as listed (their names are in the confirmation).
  // Another filter shows other rows: what was picked from the old ones is let go.
  const selection = useRowSelection<Product>({
    max: Number.POSITIVE_INFINITY,
    noun: 'products',
    resetKey: JSON.stringify({ ...search, pageNum: undefined }),
  });
  const [deleting, setDeleting] = useState<Product[]>([]);
  const pin = useOperateTop();

  const setSearch = (change: Partial<ProductSearch>) =>
    navigate({
      // Any filter change starts again at the first page.
      search: (prev) => validateProductSearch({ ...prev, pageNum: undefined, ...change }),
      replace: true,
    });

  const filtered = Boolean(search.keyword || search.status || search.mine);
  const empty = page !== undefined && page.rows.length === 0;
  useStepBackFromEmptyPage(page, params.pageNum, (n) =>
    navigate({ search: (prev) => ({ ...prev, pageNum: n }), replace: true }),
  );
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

  const newProductButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
      New product
    </Button>
  );

  return (
    <Stack gap="lg" maw={1400}>
      <Group justify="space-between" align="flex-end">
        <PageTitle title="Products">
          What {enterprise.name} builds: requirements, specs and plans per product.
        </PageTitle>
        {/* The empty state carries the call to action instead. */}
        {canAdd && !(empty && !filtered) && newProductButton}
      </Group>

      <DirectoryFilters
        searchLabel="Search products"
        searchPlaceholder="Search by name or key"
        keyword={search.keyword}
        onKeyword={(keyword) => void setSearch({ keyword })}
        statusLabel="Filter by product status"
        statuses={STATUS_FILTERS}
        status={search.status}
        onStatus={(status) => void setSearch({ status })}
        mineLabel="My products"
        mine={search.mine === true}
        onMine={(mine) => void setSearch({ mine })}
      />

      {selection.selected.size > 0 && (
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
            <Button
              color="red"
              variant="light"
              size="xs"
              leftSection={<IconTrash size={14} />}
              disabled={selection.selected.size > MAX_PRODUCT_DELETE}
              onClick={() => setDeleting([...selection.selected.values()])}
            >
              Delete selected
            </Button>
          </Tooltip>
        </BatchBar>
      )}

      <Card p={0}>
        <ListBody
          what="products"
          query={list}
          isEmpty={!page || page.rows.length === 0}
          empty={
            filtered ? (
              <NoMatch
                title="No product matches"
                description="Try other words, another status, or all products instead of yours."
                testId="products-empty"
              >
                <Button variant="default" onClick={() => void navigate({ search: {}, replace: true })}>
                  Clear filters
                </Button>
              </NoMatch>
            ) : (
              <NothingYet
                icon={<IconBox size={28} />}
                title="No products yet"
                description={
                  canAdd
                    ? 'Create the first product to collect user requirements, refine them into specs and plan releases.'
                    : 'Nobody has created a product yet. Ask someone who may create products to start one.'
                }
                action={canAdd && newProductButton}
                testId="products-empty"
              />
            )
          }
        >
          <ProductTable
            identifier={identifier}
            rows={page?.rows ?? []}
            selection={canRemove ? selection : undefined}
            onPin={canPin ? togglePin : undefined}
            pinning={pin.isPending ? (pin.variables?.identifier ?? null) : null}
            onOpen={(product) => void openProduct(product.id)}
          />
        </ListBody>
      </Card>
      {page && page.total > 0 && (
        <Pager
          total={page.total}
          pageNum={params.pageNum}
          pageSize={page.pageSize}
          noun="products"
          onChange={(pageNum) => void navigate({ search: (prev) => ({ ...prev, pageNum }) })}
          onPageSizeChange={(size) => {
            setPageSize(size);
            void setSearch({});
          }}
        />
      )}

      {canAdd && (
        <ProductFormModal
          opened={creating}
          onClose={() => setCreating(false)}
          onCreated={(product) => void openProduct(product.id)}
        />
      )}
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
    </Stack>
  );
}
