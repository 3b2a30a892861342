import { Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Plan } from '@shared/schemas/products';
import { RefusableConfirmModal, useRefusal } from '../../../components/ConfirmModal/ConfirmModal';
import { useDeletePlan } from '../../../queries/products';

interface DeletePlanModalProps {
  productId: string;
  /** The plan to delete; the dialog is open while there is one. */
  plan: Plan | null;
  onClose: () => void;
  onDeleted?: () => void;
}

/** Deleting a plan. The API refuses (409) while specs are in it; the reason stays in the dialog. */
export function DeletePlanModal({ productId, plan, onClose, onDeleted }: DeletePlanModalProps) {
  const remove = useDeletePlan(productId);
  const [refusal, setRefusal] = useRefusal(plan?.id);

  function confirm() {
    if (!plan) return;
    remove.mutate(plan.id, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: `Plan ${plan.title} deleted` });
        onClose();
        onDeleted?.();
      },
      onError: (error) => setRefusal(error.message),
    });
  }

  return (
    <RefusableConfirmModal
      opened={plan !== null}
      onClose={onClose}
      title="Delete plan"
      confirmLabel="Delete plan"
      loading={remove.isPending}
      refusal={refusal}
      refusalTestId="plan-delete-refusal"
      onConfirm={confirm}
    >
      <Text size="sm">
        Delete <b>{plan?.title}</b> and its comments? This cannot be undone.
        {plan &&
          plan.specCount > 0 &&
          ` It still holds ${plan.specCount} ${plan.specCount === 1 ? 'spec' : 'specs'}: take them out of the plan first.`}
      </Text>
    </RefusableConfirmModal>
  );
}
