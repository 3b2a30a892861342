import { Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Sheet } from '@shared/schemas/testruns';
import { errorText } from '../../../api/errors';
import { RefusableConfirmModal, useRefusal } from '../../../components/ConfirmModal/ConfirmModal';
import { useDeleteSheet } from '../../../queries/testsheets';

interface DeleteSheetModalProps {
  projectId: string;
  /** The sheet to delete; null while closed. */
  sheet: Sheet | null;
  onClose: () => void;
  onDeleted: (id: string) => void;
}

/** Asks before deleting a sheet with its cases' results; a refusal (sub-sheets, 409) stays shown. */
export function DeleteSheetModal({ projectId, sheet, onClose, onDeleted }: DeleteSheetModalProps) {
  const remove = useDeleteSheet(projectId);
  const [refusal, setRefusal] = useRefusal(sheet?.id);

  function confirm() {
    if (!sheet) return;
    remove.mutate(sheet.id, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: `“${sheet.name}” deleted` });
        onDeleted(sheet.id);
        onClose();
      },
      onError: (error) => setRefusal(errorText(error)),
    });
  }

  return (
    <RefusableConfirmModal
      opened={sheet !== null}
      onClose={onClose}
      title={sheet ? `Delete ${sheet.name}?` : 'Delete test sheet'}
      confirmLabel="Delete sheet"
      loading={remove.isPending}
      refusal={refusal}
      refusalTestId="sheet-delete-refusal"
      onConfirm={confirm}
    >
      <Text size="sm">
        {sheet && sheet.counts.total > 0
          ? `Its ${sheet.counts.total} ${sheet.counts.total === 1 ? 'case' : 'cases'}, their results and bug links go with it. `
          : 'The sheet has no cases. '}
        Reports made from it keep their snapshots. This cannot be undone.
      </Text>
    </RefusableConfirmModal>
  );
}
