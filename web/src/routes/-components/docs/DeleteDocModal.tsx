import { Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { DocNode } from '@shared/schemas/docs';
import { useState } from 'react';
import { errorText } from '../../../api/errors';
import { ConfirmModal } from '../../../components/ConfirmModal/ConfirmModal';
import { useDeleteDoc } from '../../../queries/docs';

/**
 * Moves a folder or document to the trash, after asking. `deleteWiki` takes its failures without
 * the client's handling (spec section 8): a failure shows here, in the dialog.
 */
export function DeleteDocModal({
  doc,
  onClose,
  onDeleted,
}: {
  doc: Pick<DocNode, 'id' | 'kind' | 'space' | 'title'> | null;
  onClose: () => void;
  onDeleted?: (doc: Pick<DocNode, 'id' | 'kind' | 'space' | 'title'>) => void;
}) {
  const remove = useDeleteDoc();
  const [error, setError] = useState<string | null>(null);
  return (
    <ConfirmModal
      opened={doc !== null}
      onClose={() => {
        setError(null);
        onClose();
      }}
      title={doc ? `Delete ${doc.title}?` : ''}
      confirmLabel="Move to trash"
      loading={remove.isPending}
      onConfirm={() => {
        if (!doc) return;
        // The promise, not mutate's callbacks: the page behind the dialog may unmount while the
        // library reloads (its document is gone), and the user must still be taken elsewhere.
        remove.mutateAsync(doc).then(
          () => {
            notifications.show({ message: `${doc.title} is in the trash for 30 days` });
            setError(null);
            onClose();
            onDeleted?.(doc);
          },
          (failure: unknown) => setError(errorText(failure)),
        );
      }}
    >
      <Text size="sm">
        {doc?.kind === 'folder'
          ? 'The folder and everything in it go to the trash. You can restore them for 30 days.'
          : 'It goes to the trash. You can restore it for 30 days.'}
      </Text>
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </ConfirmModal>
  );
}
