import { Modal, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { ModalActions } from '../../kit/FormModal/FormModal';

interface ConfirmModalProps {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  onConfirm: () => void;
  confirmLabel?: string;
  confirmColor?: string;
  /** While the action runs: the dialog stays open and cannot be dismissed. */
  loading?: boolean;
  confirmDisabled?: boolean;
}

/**
 * Asks before a destructive action. It stays open while the action runs, so a failure leaves the
 * user where they were, and only closes when the caller says so.
 */
export function ConfirmModal({
  opened,
  onClose,
  title,
  children,
  onConfirm,
  confirmLabel = 'Delete',
  confirmColor = 'red',
  loading = false,
  confirmDisabled = false,
}: ConfirmModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={() => !loading && onClose()}
      title={title}
      closeOnClickOutside={!loading}
      closeOnEscape={!loading}
    >
      <Stack gap="lg">
        {children}
        <ModalActions
          onCancel={onClose}
          pending={loading}
          label={confirmLabel}
          onConfirm={onConfirm}
          color={confirmColor}
          disabled={confirmDisabled}
        />
      </Stack>
    </Modal>
  );
}
