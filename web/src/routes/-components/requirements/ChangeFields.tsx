import { Alert, Text, Textarea } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { FormModal, type FormModalProps } from '../../../kit/FormModal/FormModal';

/** Above the fields of a Change: what a change of a reviewed requirement does. */
export function ChangeNotice({ what }: { what: 'spec' | 'requirement' }) {
  return (
    <Alert variant="light" color="orange" icon={<IconArrowBackUp size={18} />} p="xs">
      <Text size="sm">
        A reviewed {what} changes with a reason: each changed field is recorded, and it goes back for review
        as changed.
      </Text>
    </Alert>
  );
}

/** Below the fields of a Change: its reason, and the note when nothing is changed yet. */
export function ChangeReason({
  reason,
  nothingChanged,
  onDismiss,
}: {
  /** `form.getInputProps('reason')`. */
  reason: object;
  nothingChanged: boolean;
  onDismiss: () => void;
}) {
  return (
    <>
      <Textarea label="Reason for the change" withAsterisk autosize minRows={2} maxRows={6} {...reason} />
      {nothingChanged && (
        <Alert color="yellow" variant="light" p="xs" withCloseButton onClose={onDismiss}>
          <Text size="sm">Nothing is changed yet: change a field to record the change.</Text>
        </Alert>
      )}
    </>
  );
}

/**
 * The modal of a requirement's New, Edit and Change (specs and user requirements): Create, Save or
 * Submit change, and in a Change the notice above the fields and the reason below them.
 */
export function RequirementFormModal({
  mode,
  what,
  reason,
  nothingChanged,
  onDismiss,
  children,
  ...modal
}: Pick<FormModalProps, 'title' | 'onClose' | 'pending' | 'onSubmit'> & {
  mode: 'create' | 'edit' | 'change';
  what: 'spec' | 'requirement';
  /** `form.getInputProps('reason')`. */
  reason: object;
  nothingChanged: boolean;
  onDismiss: () => void;
  children: ReactNode;
}) {
  return (
    <FormModal
      {...modal}
      submitLabel={mode === 'create' ? 'Create' : mode === 'change' ? 'Submit change' : 'Save'}
      size="xl"
    >
      {mode === 'change' && <ChangeNotice what={what} />}
      {children}
      {mode === 'change' && (
        <ChangeReason reason={reason} nothingChanged={nothingChanged} onDismiss={onDismiss} />
      )}
    </FormModal>
  );
}
