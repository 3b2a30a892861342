import { useDocumentTitle } from '@mantine/hooks';
import type { Plan } from '@shared/schemas/products';
import { IconCalendarEvent } from '@tabler/icons-react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { StatusCardPage } from '../../../kit/ListPage/CardList';
import { CreateButton } from '../../../kit/ListPage/CreateButton';
import { cardPaging } from '../../../kit/ListPage/card-paging';
import { statusChoices } from '../../../kit/StatusChoices/status-choices';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import { planListQueryOptions, productQueryOptions } from '../../../queries/products';
import { DeletePlanModal } from './DeletePlanModal';
import { PlanCard } from './PlanCard';
import { PlanFormModal } from './PlanFormModal';
import { localToday } from './plan-dates';
import { type PlanStatusFilter, planListParams, validatePlanSearch } from './plan-search';

const route = getRouteApi('/$identifier/products/$productId/plan/');

const STATUS_FILTERS = statusChoices<PlanStatusFilter>({
  notStarted: 'Not started',
  inProgress: 'In progress',
  expired: 'Expired',
  completed: 'Completed',
  closed: 'Closed',
});

export function PlansPage() {
  const { enterprise, can } = useCurrentEnterprise();
  const identifier = enterprise.enterpriseIdentifier;
  const { productId } = route.useParams();
  const { data: product } = useSuspenseQuery(productQueryOptions(productId));
  useDocumentTitle(`Plans · ${product.name}`);
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const params = planListParams(search);
  const list = useQuery(planListQueryOptions(productId, params));
  const canAdd = can('product:plan:add');
  const canEdit = can('product:plan:edit');
  const canRemove = can('product:plan:remove');
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Plan | null>(null);
  const [deleting, setDeleting] = useState<Plan | null>(null);
  const today = localToday();

  const newPlanButton = <CreateButton onClick={() => setCreating(true)}>New plan</CreateButton>;

  return (
    <StatusCardPage
      statusLabel="Filter by plan status"
      statuses={STATUS_FILTERS}
      status={search.status}
      onStatusChange={(status) => void navigate({ search: validatePlanSearch({ status }), replace: true })}
      actions={canAdd && newPlanButton}
      {...cardPaging(list, params.pageNum, navigate)}
      one="plan"
      many="plans"
      noMatch={{ title: 'No plan has this status', description: 'Try another status, or all plans.' }}
      nothingYet={{
        icon: <IconCalendarEvent size={28} />,
        title: 'No plans yet',
        description: canAdd
          ? 'Plans are the milestones of the product: give one dates, then move reviewed specs into it.'
          : 'Nobody has planned a milestone for this product yet.',
      }}
      emptyTestId="plans-empty"
      summary=", by end date"
      testId="plan-list"
      dialogs={
        <>
          {canAdd && (
            <PlanFormModal opened={creating} onClose={() => setCreating(false)} productId={productId} />
          )}
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
        </>
      }
    >
      {list.data?.rows.map((plan) => (
        <PlanCard
          key={plan.id}
          identifier={identifier}
          plan={plan}
          today={today}
          onEdit={canEdit ? setEditing : undefined}
          onDelete={canRemove ? setDeleting : undefined}
        />
      ))}
    </StatusCardPage>
  );
}
