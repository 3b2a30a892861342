import { Alert, Badge, Group, Radio, ScrollArea, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { PLAN_STATUS, PLAN_STATUSES } from '@shared/domain/products';
import { formatShortDate } from '@shared/format';
import type { Plan } from '@shared/schemas/products';
import { IconCalendarEvent } from '@tabler/icons-react';
import { useState } from 'react';
import { BusyModal, ModalActions } from '../../../kit/FormModal/FormModal';
import { useActivePlan } from '../../../queries/requirements';
import { usePlanOptions } from './fields';

/** Plans that still take specs: not completed and not closed. */
export function openPlans(plans: readonly Plan[]): Plan[] {
  return plans.filter((plan) => plan.status !== PLAN_STATUS.completed && plan.status !== PLAN_STATUS.closed);
}

function planDates(plan: Plan): string {
  if (!plan.startDate && !plan.endDate) return 'No dates';
  return `${plan.startDate ? formatShortDate(plan.startDate) : '…'} – ${plan.endDate ? formatShortDate(plan.endDate) : '…'}`;
}

interface PlanPickerModalProps {
  productId: string;
  /** The specs to activate (one from a detail, several from the list). */
  ids: string[];
  /** What the title says is moved: "SR-4", "3 specs". */
  subject: string;
  currentPlanId?: string | null;
  onClose: () => void;
  onDone?: () => void;
}

/** "Activate into a plan": pick an open plan of the product; the specs become planning. */
export function PlanPickerModal({
  productId,
  ids,
  subject,
  currentPlanId = null,
  onClose,
  onDone,
}: PlanPickerModalProps) {
  const plans = usePlanOptions(productId);
  const activate = useActivePlan(productId);
  const choices = openPlans(plans.plans).filter((plan) => plan.id !== currentPlanId);
  const [planId, setPlanId] = useState<string | null>(null);
  const picked = choices.find((plan) => plan.id === planId);

  function submit() {
    if (!picked) return;
    activate.mutate(
      { ids, planId: picked.id },
      {
        onSuccess: ({ updated }) => {
          notifications.show({
            color: 'green',
            message: `${updated === 1 ? subject : `${updated} specs`} activated into ${picked.title}`,
          });
          onClose();
          onDone?.();
        },
      },
    );
  }

  return (
    <BusyModal
      opened
      busy={activate.isPending}
      onClose={onClose}
      title={`Activate ${subject} into a plan`}
      size="lg"
    >
      <Stack gap="md">
        {plans.loading ? (
          <Text size="sm" c="dimmed">
            Loading the plans…
          </Text>
        ) : choices.length === 0 ? (
          <Alert variant="light" color="yellow" icon={<IconCalendarEvent size={18} />}>
            <Text size="sm">
              {currentPlanId ? 'No other open plan.' : 'The product has no open plan.'} Create one on the
              Plans tab first.
            </Text>
          </Alert>
        ) : (
          <Radio.Group
            label="Plan"
            description="Reviewed and planning specs can be planned; they become planning."
            value={planId}
            onChange={setPlanId}
          >
            <ScrollArea.Autosize mah={360} mt="xs">
              <Stack gap={6}>
                {choices.map((plan) => {
                  const status = PLAN_STATUSES.find((s) => s.id === plan.status);
                  return (
                    <Radio.Card key={plan.id} value={plan.id} p="sm" radius="md">
                      <Group wrap="nowrap" align="flex-start">
                        <Radio.Indicator />
                        <Stack gap={2} style={{ flex: 1 }}>
                          <Group justify="space-between" wrap="nowrap">
                            <Text size="sm" fw={600}>
                              {plan.title}
                            </Text>
                            <Badge size="sm" variant="light" color={status?.color ?? 'gray'}>
                              {status?.name ?? plan.statusName}
                            </Badge>
                          </Group>
                          <Text size="xs" c="dimmed">
                            {planDates(plan)} · {plan.specCount} {plan.specCount === 1 ? 'spec' : 'specs'}
                          </Text>
                        </Stack>
                      </Group>
                    </Radio.Card>
                  );
                })}
              </Stack>
            </ScrollArea.Autosize>
          </Radio.Group>
        )}
        <ModalActions
          onCancel={onClose}
          pending={activate.isPending}
          label="Activate"
          onConfirm={submit}
          color="violet"
          disabled={!picked}
        />
      </Stack>
    </BusyModal>
  );
}
