import { Button, Group, Modal, type ModalProps, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';

export interface FormModalProps {
  title: ReactNode;
  /** Open (default) or closed; a modal rendered only while open leaves it out. */
  opened?: boolean;
  /** Closes unless a save is under way. */
  onClose: () => void;
  /** A save is under way: Cancel and closing wait, Submit spins. */
  pending: boolean;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  /** "Save", "Create", "Submit change". */
  submitLabel: ReactNode;
  submitDisabled?: boolean;
  size?: ModalProps['size'];
  /** Left of Cancel in the footer (a hint, a secondary action). */
  footerStart?: ReactNode;
  testId?: string;
  children: ReactNode;
}

/**
 * The frame of every create-or-edit modal: the title, the fields in a form the browser does not
 * validate (the shared schema does), and Cancel and Submit at the bottom right.
 */
export function FormModal({
  opened = true,
  pending,
  onSubmit,
  submitLabel,
  submitDisabled,
  footerStart,
  testId,
  children,
  ...modal
}: FormModalProps) {
  return (
    <BusyModal {...modal} opened={opened} busy={pending} data-testid={testId}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {children}
          <Group justify={footerStart ? 'space-between' : 'flex-end'} mt="xs">
            {footerStart}
            <ModalActions
              onCancel={modal.onClose}
              pending={pending}
              label={submitLabel}
              disabled={submitDisabled}
            />
          </Group>
        </Stack>
      </form>
    </BusyModal>
  );
}

/**
 * A modal whose action may be under way (`busy`): until it ends, nothing dismisses the modal, so a
 * failure leaves the user where they were (the form or question still there).
 */
export function BusyModal({ busy, onClose, ...props }: ModalProps & { busy: boolean }) {
  return (
    <Modal {...props} onClose={() => !busy && onClose()} closeOnClickOutside={!busy} closeOnEscape={!busy} />
  );
}

/**
 * Cancel and the modal's action, at its bottom right. Without `onConfirm` the action submits the
 * form it is in.
 */
export function ModalActions({
  onCancel,
  pending,
  label,
  onConfirm,
  disabled,
  color,
}: {
  onCancel: () => void;
  /** The action is under way: Cancel waits, the action spins. */
  pending: boolean;
  label: ReactNode;
  onConfirm?: () => void;
  disabled?: boolean;
  color?: string;
}) {
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onCancel} disabled={pending}>
        Cancel
      </Button>
      <Button
        type={onConfirm ? 'button' : 'submit'}
        onClick={onConfirm}
        color={color}
        loading={pending}
        disabled={disabled}
      >
        {label}
      </Button>
    </Group>
  );
}
