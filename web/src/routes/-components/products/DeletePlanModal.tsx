import { Text } from '@mantine/core';
import type { Plan } from '@shared/schemas/products';
import { RefusableDeleteModal } from '../../../components/ConfirmModal/ConfirmModal';
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
  return (
    <RefusableDeleteModal
      target={plan}
      idOf={(picked) => picked.id}
      remove={useDeletePlan(productId)}
      deleted={(picked) => `Plan ${picked.title} deleted`}
      onDeleted={onDeleted}
      onClose={onClose}
      title="Delete plan"
      confirmLabel="Delete plan"
      refusalTestId="plan-delete-refusal"
    >
      <Text size="sm">
        Delete <b>{plan?.title}</b> and its comments? This cannot be undone.
        {plan &&
          plan.specCount > 0 &&
          ` It still holds ${plan.specCount} ${plan.specCount === 1 ? 'spec' : 'specs'}: take them out of the plan first.`}
      </Text>
    </RefusableDeleteModal>
  );
}
