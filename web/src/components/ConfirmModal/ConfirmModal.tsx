import { Button, Group, Modal, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

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
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={loading}>
            Cancel
          </Button>
          <Button color={confirmColor} onClick={onConfirm} loading={loading} disabled={confirmDisabled}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
