import {
  Button,
  Card,
  EmptyState,
  Group,
  Pagination,
  ScrollArea,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { Plan } from '@shared/schemas/products';
import { IconCalendarEvent, IconFilter, IconPlus } from '@tabler/icons-react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { loadList } from '../kit/ListPage/load-list';
import { useCurrentEnterprise } from '../lib/current-enterprise';
import { requireAccess } from '../lib/route-guards';
import { planListQueryOptions, productQueryOptions } from '../queries/products';
import { DeletePlanModal } from './-components/products/DeletePlanModal';
import { PlanCard } from './-components/products/PlanCard';
import { PlanFormModal } from './-components/products/PlanFormModal';
import { localToday } from './-components/products/plan-dates';
import {
  type PlanStatusFilter,
  planListParams,
  validatePlanSearch,
} from './-components/products/plan-search';

export const Route = createFileRoute('/$identifier/products/$productId/plan/')({
  // Loader and page in one chunk: the query modules they use stay out of the first script.
  codeSplitGroupings: [['loader', 'component']],
  validateSearch: validatePlanSearch,
  beforeLoad: ({ context }) => requireAccess(context.access, 'products'),
  loaderDeps: ({ search }) => planListParams(search),
  loader: ({ context: { queryClient }, params, deps, ...load }) =>
    loadList(queryClient, planListQueryOptions(params.productId, deps), load),
  component: PlansPage,
});

const STATUS_FILTERS: { value: PlanStatusFilter | 'all'; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'notStarted', label: 'Not started' },
  { value: 'inProgress', label: 'In progress' },
  { value: 'expired', label: 'Expired' },
  { value: 'completed', label: 'Completed' },
  { value: 'closed', label: 'Closed' },
];

function PlansPage() {
  const { enterprise, can } = useCurrentEnterprise();
  const identifier = enterprise.enterpriseIdentifier;
  const { productId } = Route.useParams();
  const { data: product } = useSuspenseQuery(productQueryOptions(productId));
  useDocumentTitle(`Plans · ${product.name}`);
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const params = planListParams(search);
  const { data: page, isPlaceholderData } = useQuery(planListQueryOptions(productId, params));
  const canAdd = can('product:plan:add');
  const canEdit = can('product:plan:edit');
  const canRemove = can('product:plan:remove');
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Plan | null>(null);
  const [deleting, setDeleting] = useState<Plan | null>(null);
  const today = localToday();

  const filtered = search.status !== undefined;
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
  const newPlanButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
      New plan
    </Button>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        {/* Six statuses do not fit a phone's width: the control scrolls sideways there. */}
        <ScrollArea type="never" maw="100%">
          <SegmentedControl
            aria-label="Filter by plan status"
            data={STATUS_FILTERS}
            value={search.status ?? 'all'}
            onChange={(value) =>
              void navigate({
                search: validatePlanSearch({ status: value === 'all' ? undefined : value }),
                replace: true,
              })
            }
          />
        </ScrollArea>
        {canAdd && newPlanButton}
      </Group>

      {!page ? (
        <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="md" aria-busy aria-label="Loading plans">
          {[0, 1, 2].map((key) => (
            <Card key={key} h={200}>
              <Stack gap="sm">
                <Skeleton h={22} w="60%" />
                <Skeleton h={14} w="40%" />
                <Skeleton h={14} />
                <Skeleton h={8} mt="lg" />
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      ) : page.rows.length === 0 ? (
        <Card py={48}>
          {filtered ? (
            <EmptyState
              icon={<IconFilter size={28} />}
              title="No plan has this status"
              description="Try another status, or all plans."
              data-testid="plans-empty"
            >
              <EmptyState.Actions>
                <Button variant="default" onClick={() => void navigate({ search: {}, replace: true })}>
                  Show all plans
                </Button>
              </EmptyState.Actions>
            </EmptyState>
          ) : (
            <EmptyState
              variant="light"
              icon={<IconCalendarEvent size={28} />}
              title="No plans yet"
              description={
                canAdd
                  ? 'Plans are the milestones of the product: give one dates, then move reviewed specs into it.'
                  : 'Nobody has planned a milestone for this product yet.'
              }
              data-testid="plans-empty"
            />
          )}
        </Card>
      ) : (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {page.total} {page.total === 1 ? 'plan' : 'plans'}, by end date
          </Text>
          <SimpleGrid
            cols={{ base: 1, md: 2, xl: 3 }}
            spacing="md"
            style={{ opacity: isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}
            aria-busy={isPlaceholderData}
            data-testid="plan-list"
          >
            {page.rows.map((plan) => (
              <PlanCard
                key={plan.id}
                identifier={identifier}
                plan={plan}
                today={today}
                onEdit={canEdit ? setEditing : undefined}
                onDelete={canRemove ? setDeleting : undefined}
              />
            ))}
          </SimpleGrid>
          {pages > 1 && (
            <Group justify="flex-end">
              <Pagination
                total={pages}
                value={params.pageNum}
                onChange={(pageNum) => void navigate({ search: (prev) => ({ ...prev, pageNum }) })}
                aria-label="Plan pages"
              />
            </Group>
          )}
        </Stack>
      )}

      {canAdd && <PlanFormModal opened={creating} onClose={() => setCreating(false)} productId={productId} />}
      {canEdit && (
        <PlanFormModal
          opened={editing !== null}
          onClose={() => setEditing(null)}
          productId={productId}
          plan={editing}
        />
      )}
      {canRemove && (
        <DeletePlanModal productId={productId} plan={deleting} onClose={() => setDeleting(null)} />
      )}
    </Stack>
  );
}
