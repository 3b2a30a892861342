import { Anchor, Card, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { PLAN_STATUS } from '@shared/domain/products';
import type { Plan } from '@shared/schemas/products';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { EditDeleteButtons } from '../../../components/EntityHeader/EntityHeader';
import { LinkAnchor } from '../../../components/Links/Links';
import { Markdown } from '../../../components/Markdown/Markdown';
import { RelativeTime } from '../../../components/RelativeTime/RelativeTime';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import { productKeys } from '../../../queries/products';
import { UserChip } from '../work-items/WorkItemBadges';
import { DeletePlanModal } from './DeletePlanModal';
import { PlanFormModal } from './PlanFormModal';
import { PlanProgress } from './PlanProgress';
import { PlanSpecsCard } from './PlanSpecsTable';
import { PlanStatusBadge } from './PlanStatusBadge';
import { endHint, localToday, planDateRange } from './plan-dates';

interface PlanDetailProps {
  plan: Plan;
  productName: string;
  /** The spec open in the drawer over this page, if any. */
  openSpecId: string | null;
}

const OPEN = new Set<number>([PLAN_STATUS.notStarted, PLAN_STATUS.inProgress, PLAN_STATUS.expired]);

/** A figure of the plan in its column of the grid: `md` columns of 12 on a wide screen. */
function Fact({ label, md, children }: { label: string; md: number; children: ReactNode }) {
  return (
    <Grid.Col span={{ base: 12, sm: 6, md }}>
      <Stack gap={2}>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          {label}
        </Text>
        {children}
      </Stack>
    </Grid.Col>
  );
}

/** A plan: title, status, dates, progress, description and the specs in it. */
export function PlanDetail({ plan, productName, openSpecId }: PlanDetailProps) {
  const { enterprise, can } = useCurrentEnterprise();
  const identifier = enterprise.enterpriseIdentifier;
  const productId = plan.productId;
  useDocumentTitle(`${plan.title} · ${productName}`);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const canEdit = can('product:plan:edit');
  const canRemove = can('product:plan:remove');
  const expired = plan.status === PLAN_STATUS.expired;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={4} miw={0} style={{ flex: '1 1 320px' }}>
          <LinkAnchor
            to="/$identifier/products/$productId/plan"
            params={{ identifier, productId }}
            size="sm"
            c="dimmed"
          >
            <Group gap={4} wrap="nowrap" component="span">
              <IconArrowLeft size={14} />
              All plans
            </Group>
          </LinkAnchor>
          <Group gap="sm" style={{ rowGap: 4 }}>
            <Title order={2} fz={22} style={{ overflowWrap: 'anywhere' }}>
              {plan.title}
            </Title>
            <PlanStatusBadge status={plan.status} size="lg" />
          </Group>
        </Stack>
        <EditDeleteButtons
          what="plan"
          onEdit={canEdit ? () => setEditing(true) : undefined}
          onDelete={canRemove ? () => setDeleting(true) : undefined}
        />
      </Group>

      <Card>
        <Grid gap="lg">
          <Fact label="Dates" md={3}>
            <Text size="sm">{planDateRange(plan.startDate, plan.endDate)}</Text>
            {plan.endDate && OPEN.has(plan.status) && (
              <Text size="xs" c={expired ? 'red' : 'dimmed'} fw={expired ? 600 : undefined}>
                {endHint(plan.endDate, localToday())}
              </Text>
            )}
          </Fact>
          <Fact label="Progress" md={5}>
            <PlanProgress plan={plan} size="lg" withLabel={false} />
            <Text size="xs" c="dimmed">
              {plan.specCount === 0
                ? 'No specs yet'
                : `${plan.completedSpecCount} of ${plan.specCount} ${plan.specCount === 1 ? 'spec' : 'specs'} completed`}
            </Text>
          </Fact>
          <Fact label="Created by" md={2}>
            <UserChip user={plan.creator} />
          </Fact>
          <Fact label="Updated" md={2}>
            <RelativeTime value={plan.updatedAt} size="sm" c={undefined} />
          </Fact>
        </Grid>
        <Stack gap={4} mt="md">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            Description
          </Text>
          {plan.description ? (
            <Markdown>{plan.description}</Markdown>
          ) : (
            <Text size="sm" c="dimmed">
              No description.{' '}
              {canEdit && (
                <Anchor component="button" size="sm" onClick={() => setEditing(true)}>
                  Add one
                </Anchor>
              )}
            </Text>
          )}
        </Stack>
      </Card>

      <PlanSpecsCard
        identifier={identifier}
        plan={plan}
        openId={openSpecId}
        onOpen={(spec) =>
          void navigate({
            to: '/$identifier/products/$productId/plan/$planId/$needsId',
            params: { identifier, productId, planId: plan.id, needsId: spec.id },
          })
        }
      />

      {canEdit && (
        <PlanFormModal opened={editing} onClose={() => setEditing(false)} productId={productId} plan={plan} />
      )}
      {canRemove && (
        <DeletePlanModal
          productId={productId}
          plan={deleting ? plan : null}
          onClose={() => setDeleting(false)}
          onDeleted={async () => {
            await navigate({
              to: '/$identifier/products/$productId/plan',
              params: { identifier, productId },
            });
            // Only now, with the plan's page gone, may its cached data go.
            queryClient.removeQueries({ queryKey: productKeys.plan(productId, plan.id) });
          }}
        />
      )}
    </Stack>
  );
}
