import { Text } from '@mantine/core';
import type { Sheet } from '@shared/schemas/testruns';
import { RefusableDeleteModal } from '../../../components/ConfirmModal/ConfirmModal';
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
  return (
    <RefusableDeleteModal
      target={sheet}
      idOf={(picked) => picked.id}
      remove={useDeleteSheet(projectId)}
      deleted={(picked) => `“${picked.name}” deleted`}
      onDeleted={onDeleted}
      onClose={onClose}
      title={sheet ? `Delete ${sheet.name}?` : 'Delete test sheet'}
      confirmLabel="Delete sheet"
      refusalTestId="sheet-delete-refusal"
    >
      <Text size="sm">
        {sheet && sheet.counts.total > 0
          ? `Its ${sheet.counts.total} ${sheet.counts.total === 1 ? 'case' : 'cases'}, their results and bug links go with it. `
          : 'The sheet has no cases. '}
        Reports made from it keep their snapshots. This cannot be undone.
      </Text>
    </RefusableDeleteModal>
  );
}
