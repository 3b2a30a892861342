import {
  Button,
  Card,
  EmptyState,
  Group,
  Pagination,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useDebouncedCallback, useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { MAX_PRODUCT_DELETE } from '@shared/domain/products';
import type { Product } from '@shared/schemas/products';
import { IconBox, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { PageTitle } from '../components/PageTitle/PageTitle';
import { useCurrentEnterprise } from '../lib/current-enterprise';
import { guardedLoad, requireAccess } from '../lib/route-guards';
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
  loader: async ({ context: { queryClient }, deps, cause, location }) => {
    const options = productListQueryOptions(deps);
    // Searching and paging stay on the page: the rows keep showing the previous page meanwhile.
    if (cause === 'stay') return void queryClient.prefetchQuery(options);
    await guardedLoad(() => queryClient.ensureQueryData(options), location.publicHref);
  },
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
  const params = productListParams(search);
  const { data: page, isPlaceholderData } = useQuery(productListQueryOptions(params));
  const canAdd = can('product:product:add');
  const canPin = can('product:product:edit');
  const canRemove = can('product:product:remove');

  const [creating, setCreating] = useState(false);
  // Picked for the bulk delete: id -> the product as listed (its name is in the confirmation).
  const [selected, setSelected] = useState<Map<string, Product>>(new Map());
  const [deleting, setDeleting] = useState<Product[]>([]);
  const pin = useOperateTop();

  const [keywordInput, setKeywordInput] = useState(search.keyword ?? '');
  const setSearch = (change: Partial<ProductSearch>) => {
    // Another filter shows other rows: what was picked from the old ones is let go.
    setSelected(new Map());
    return navigate({
      // Any filter change starts again at the first page.
      search: (prev) => validateProductSearch({ ...prev, pageNum: undefined, ...change }),
      replace: true,
    });
  };
  const applyKeyword = useDebouncedCallback((keyword: string) => void setSearch({ keyword }), 300);

  const filtered = Boolean(search.keyword || search.status || search.mine);
  const empty = page !== undefined && page.rows.length === 0;
  const pages = page ? Math.max(1, Math.ceil(page.total / page.pageSize)) : 1;
  // Deleting the last rows of the last page leaves it empty: show the page before it instead.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when an answer arrives
  useEffect(() => {
    if (page && page.rows.length === 0 && page.total > 0 && params.pageNum > 1) {
      void navigate({
        search: (prev) => ({ ...prev, pageNum: pages > 1 ? pages : undefined }),
        replace: true,
      });
    }
  }, [page]);
  const openProduct = (productId: string) =>
    navigate({ to: '/$identifier/products/$productId', params: { identifier, productId } });

  function toggle(product: Product) {
    setSelected((prev) => {
      const next = new Map(prev);
      if (next.has(product.id)) next.delete(product.id);
      else next.set(product.id, product);
      return next;
    });
  }

  function toggleAll(rows: Product[]) {
    setSelected((prev) => {
      const all = rows.every((row) => prev.has(row.id));
      const next = new Map(prev);
      for (const row of rows) {
        if (all) next.delete(row.id);
        else next.set(row.id, row);
      }
      return next;
    });
  }

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

      <Group justify="space-between" gap="sm">
        <Group gap="sm">
          <TextInput
            aria-label="Search products"
            placeholder="Search by name or key"
            leftSection={<IconSearch size={16} />}
            value={keywordInput}
            onChange={(event) => {
              setKeywordInput(event.currentTarget.value);
              applyKeyword(event.currentTarget.value);
            }}
            w={{ base: '100%', sm: 280 }}
          />
          <SegmentedControl
            aria-label="Filter by product status"
            data={STATUS_FILTERS}
            value={search.status ?? 'all'}
            onChange={(value) =>
              void setSearch({ status: value === 'all' ? undefined : (value as ProductStatusFilter) })
            }
          />
        </Group>
        <Switch
          label="My products"
          checked={search.mine === true}
          onChange={(event) => void setSearch({ mine: event.currentTarget.checked ? true : undefined })}
        />
      </Group>

      {!page ? (
        <Card aria-busy aria-label="Loading products">
          <Stack gap="md">
            {[0, 1, 2, 3, 4].map((key) => (
              <Group key={key} gap="md" wrap="nowrap">
                <Skeleton h={18} w={18} />
                <Skeleton h={18} w="30%" />
                <Skeleton h={18} w="15%" />
                <Skeleton h={18} w="30%" />
              </Group>
            ))}
          </Stack>
        </Card>
      ) : page.rows.length === 0 ? (
        <Card py={48}>
          {filtered ? (
            <EmptyState
              icon={<IconSearch size={28} />}
              title="No product matches"
              description="Try other words, another status, or all products instead of yours."
              data-testid="products-empty"
            >
              <EmptyState.Actions>
                <Button
                  variant="default"
                  onClick={() => {
                    setKeywordInput('');
                    setSelected(new Map());
                    void navigate({ search: {}, replace: true });
                  }}
                >
                  Clear filters
                </Button>
              </EmptyState.Actions>
            </EmptyState>
          ) : (
            <EmptyState
              variant="light"
              icon={<IconBox size={28} />}
              title="No products yet"
              description={
                canAdd
                  ? 'Create the first product to collect user requirements, refine them into specs and plan releases.'
                  : 'Nobody has created a product yet. Ask someone who may create products to start one.'
              }
              data-testid="products-empty"
            >
              {canAdd && <EmptyState.Actions>{newProductButton}</EmptyState.Actions>}
            </EmptyState>
          )}
        </Card>
      ) : (
        <Stack gap="sm">
          <Group justify="space-between" mih={36}>
            <Text size="sm" c="dimmed">
              {page.total} {page.total === 1 ? 'product' : 'products'}
            </Text>
            {selected.size > 0 && (
              <Paper withBorder px="sm" py={4} radius="md" data-testid="product-selection-bar">
                <Group gap="sm">
                  <Text size="sm" fw={500}>
                    {selected.size} selected
                  </Text>
                  <Button
                    variant="subtle"
                    size="compact-sm"
                    color="gray"
                    onClick={() => setSelected(new Map())}
                  >
                    Clear
                  </Button>
                  <Tooltip
                    label={`At most ${MAX_PRODUCT_DELETE} products at once`}
                    disabled={selected.size <= MAX_PRODUCT_DELETE}
                  >
                    <Button
                      color="red"
                      variant="light"
                      size="compact-sm"
                      leftSection={<IconTrash size={14} />}
                      disabled={selected.size > MAX_PRODUCT_DELETE}
                      onClick={() => setDeleting([...selected.values()])}
                    >
                      Delete selected
                    </Button>
                  </Tooltip>
                </Group>
              </Paper>
            )}
          </Group>
          <Card p={0} style={{ opacity: isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}>
            <ProductTable
              identifier={identifier}
              rows={page.rows}
              selection={canRemove ? { selected: new Set(selected.keys()), toggle, toggleAll } : undefined}
              onPin={canPin ? togglePin : undefined}
              pinning={pin.isPending ? (pin.variables?.identifier ?? null) : null}
              onOpen={(product) => void openProduct(product.id)}
            />
          </Card>
          {pages > 1 && (
            <Group justify="flex-end">
              <Pagination
                total={pages}
                value={params.pageNum}
                onChange={(pageNum) => void navigate({ search: (prev) => ({ ...prev, pageNum }) })}
                aria-label="Product pages"
              />
            </Group>
          )}
        </Stack>
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
            setSelected(new Map());
          }}
        />
      )}
    </Stack>
  );
}
