import { Card, Group, Stack, Text } from '@mantine/core';
import { PLAN_STATUS } from '@shared/domain/products';
import type { Plan } from '@shared/schemas/products';
import { IconCalendar } from '@tabler/icons-react';
import { CardTitleLink, EditDeleteMenu } from '../../../components/EntityHeader/EntityHeader';
import { markdownPreview } from './markdown-preview';
import { PlanProgress } from './PlanProgress';
import { PlanStatusBadge } from './PlanStatusBadge';
import { endHint, planDateRange } from './plan-dates';

interface PlanCardProps {
  identifier: string;
  plan: Plan;
  today: string;
  onEdit?: (plan: Plan) => void;
  onDelete?: (plan: Plan) => void;
}

const OPEN = new Set<number>([PLAN_STATUS.notStarted, PLAN_STATUS.inProgress, PLAN_STATUS.expired]);

/** A plan in the list: title (the link), status, dates, progress, and its actions. */
export function PlanCard({ identifier, plan, today, onEdit, onDelete }: PlanCardProps) {
  const expired = plan.status === PLAN_STATUS.expired;
  return (
    <Card
      h="100%"
      data-testid={`plan-card-${plan.id}`}
      style={expired ? { borderColor: 'var(--mantine-color-red-4)' } : undefined}
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <CardTitleLink
            to="/$identifier/products/$productId/plan/$planId"
            params={{ identifier, productId: plan.productId, planId: plan.id }}
            lineClamp={2}
          >
            {plan.title}
          </CardTitleLink>
          <Group gap={4} wrap="nowrap">
            <PlanStatusBadge status={plan.status} />
            {(onEdit || onDelete) && (
              <EditDeleteMenu
                label={`Actions for ${plan.title}`}
                onEdit={onEdit && (() => onEdit(plan))}
                onDelete={onDelete && (() => onDelete(plan))}
              />
            )}
          </Group>
        </Group>
        <Group gap={6} wrap="nowrap">
          <IconCalendar size={15} color="var(--mantine-color-dimmed)" />
          <Text size="sm" c="dimmed">
            {planDateRange(plan.startDate, plan.endDate)}
          </Text>
          {plan.endDate && OPEN.has(plan.status) && (
            <Text size="sm" c={expired ? 'red' : 'dimmed'} fw={expired ? 600 : undefined}>
              · {endHint(plan.endDate, today)}
            </Text>
          )}
        </Group>
        <Text size="sm" c={plan.description ? undefined : 'dimmed'} lineClamp={2} mih={40}>
          {markdownPreview(plan.description) || 'No description.'}
        </Text>
        <Stack gap={4} mt="auto">
          <Text size="xs" c="dimmed">
            {plan.specCount === 0
              ? 'No specs yet'
              : `${plan.completedSpecCount} of ${plan.specCount} ${plan.specCount === 1 ? 'spec' : 'specs'} completed`}
          </Text>
          <PlanProgress plan={plan} withLabel={false} />
        </Stack>
      </Stack>
    </Card>
  );
}
