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
  title,
  opened = true,
  onClose,
  pending,
  onSubmit,
  submitLabel,
  submitDisabled,
  size,
  footerStart,
  testId,
  children,
}: FormModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={() => !pending && onClose()}
      title={title}
      size={size}
      data-testid={testId}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {children}
          <Group justify={footerStart ? 'space-between' : 'flex-end'} mt="xs">
            {footerStart}
            <Group gap="sm">
              <Button variant="default" onClick={onClose} disabled={pending}>
                Cancel
              </Button>
              <Button type="submit" loading={pending} disabled={submitDisabled}>
                {submitLabel}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
