import { Button, Group, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { Plan } from '@shared/schemas/products';
import { IconCalendarEvent, IconFilter, IconPlus } from '@tabler/icons-react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { CardList, StatusSegments } from '../kit/ListPage/CardList';
import { NoMatch, NothingYet } from '../kit/ListPage/ListPage';
import { loadList } from '../kit/ListPage/load-list';
import { Pager } from '../kit/ListPage/Pager';
import { useStepBackFromEmptyPage } from '../kit/ListPage/use-step-back';
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
  useStepBackFromEmptyPage(page, params.pageNum, (pageNum) =>
    navigate({ search: (prev) => ({ ...prev, pageNum }), replace: true }),
  );
  const newPlanButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
      New plan
    </Button>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <StatusSegments
          label="Filter by plan status"
          data={STATUS_FILTERS}
          value={search.status}
          onChange={(status) => void navigate({ search: validatePlanSearch({ status }), replace: true })}
        />
        {canAdd && newPlanButton}
      </Group>

      <CardList
        what="plans"
        loading={!page}
        dimmed={isPlaceholderData}
        isEmpty={page?.rows.length === 0}
        empty={
          filtered ? (
            <NoMatch
              icon={<IconFilter size={28} />}
              title="No plan has this status"
              description="Try another status, or all plans."
              testId="plans-empty"
            >
              <Button variant="default" onClick={() => void navigate({ search: {}, replace: true })}>
                Show all plans
              </Button>
            </NoMatch>
          ) : (
            <NothingYet
              icon={<IconCalendarEvent size={28} />}
              title="No plans yet"
              description={
                canAdd
                  ? 'Plans are the milestones of the product: give one dates, then move reviewed specs into it.'
                  : 'Nobody has planned a milestone for this product yet.'
              }
              testId="plans-empty"
            />
          )
        }
        summary={page && `${page.total} ${page.total === 1 ? 'plan' : 'plans'}, by end date`}
        testId="plan-list"
        footer={
          page && (
            <Pager
              total={page.total}
              pageNum={params.pageNum}
              pageSize={page.pageSize}
              noun="plans"
              onChange={(pageNum) => void navigate({ search: (prev) => ({ ...prev, pageNum }) })}
            />
          )
        }
      >
        {page?.rows.map((plan) => (
          <PlanCard
            key={plan.id}
            identifier={identifier}
            plan={plan}
            today={today}
            onEdit={canEdit ? setEditing : undefined}
            onDelete={canRemove ? setDeleting : undefined}
          />
        ))}
      </CardList>

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
