import { type ModalProps, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ComponentProps, type ReactNode, useEffect, useState } from 'react';
import { errorText } from '../../api/errors';
import { BusyModal, ModalActions } from '../../kit/FormModal/FormModal';
import { ProblemAlert } from '../ProblemAlert/ProblemAlert';

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
  /** The modal's width; Mantine's default when absent. */
  size?: ModalProps['size'];
}

/**
 * Asks before a destructive action. It stays open while the action runs, so a failure leaves the
 * user where they were, and only closes when the caller says so.
 */
export function ConfirmModal({
  children,
  onConfirm,
  confirmLabel = 'Delete',
  confirmColor = 'red',
  loading = false,
  confirmDisabled = false,
  ...modal
}: ConfirmModalProps) {
  return (
    <BusyModal {...modal} busy={loading}>
      <Stack gap="lg">
        {children}
        <ModalActions
          onCancel={modal.onClose}
          pending={loading}
          label={confirmLabel}
          onConfirm={onConfirm}
          color={confirmColor}
          disabled={confirmDisabled}
        />
      </Stack>
    </BusyModal>
  );
}

/** The removal a `ConfirmRemoveModal` or `RefusableDeleteModal` runs: a mutation that takes the id. */
interface RemoveMutation {
  isPending: boolean;
  mutate(id: string, callbacks: { onSuccess: () => void; onError: (error: Error) => void }): void;
}

/**
 * Asks before removing `target` (deleting, disconnecting, taking a member out), its question
 * written by `children` for the target. Removed: the green `removed` message, `onRemoved`, and the
 * dialog closes; refused: the API client has said why, and the dialog stays (or closes, with
 * `closeWhenRefused`). Open while there is a target.
 */
export function ConfirmRemoveModal<T>({
  target,
  idOf,
  remove,
  removed,
  onRemoved,
  closeWhenRefused = false,
  onRefused,
  onClose,
  children,
  ...props
}: Omit<ConfirmModalProps, 'opened' | 'loading' | 'onConfirm' | 'children'> & {
  target: T | null;
  idOf: (target: T) => string;
  remove: RemoveMutation;
  /** The notification: "Bob was removed from Acme". */
  removed: (target: T) => string;
  onRemoved?: (id: string) => void;
  /** A refusal closes the dialog: retrying would be refused again (members still hold the role). */
  closeWhenRefused?: boolean;
  onRefused?: (error: Error) => void;
  children: (target: T) => ReactNode;
}) {
  function confirm() {
    if (!target) return;
    const id = idOf(target);
    remove.mutate(id, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: removed(target) });
        onClose();
        onRemoved?.(id);
      },
      onError: (error) => {
        onRefused?.(error);
        if (closeWhenRefused) onClose();
      },
    });
  }
  return (
    <ConfirmModal
      {...props}
      opened={target !== null}
      onClose={onClose}
      loading={remove.isPending}
      onConfirm={confirm}
    >
      {target && children(target)}
    </ConfirmModal>
  );
}

/** The reason the server refused a confirmed action, cleared when `key` (what is confirmed) changes. */
export function useRefusal(key: unknown) {
  const [refusal, setRefusal] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: start afresh for each thing confirmed
  useEffect(() => setRefusal(null), [key]);
  return [refusal, setRefusal] as const;
}

/**
 * A confirmation the server may refuse (409: a plan that holds specs, a sheet with sub-sheets): the
 * reason stays in the dialog under the question, and the action cannot be confirmed again.
 */
export function RefusableConfirmModal({
  refusal,
  refusalTestId,
  children,
  ...props
}: Omit<ConfirmModalProps, 'confirmDisabled'> & {
  refusal: string | null;
  /** "plan-delete-refusal". */
  refusalTestId: string;
}) {
  return (
    <ConfirmModal {...props} confirmDisabled={refusal !== null}>
      <RefusalStack refusal={refusal} refusalTestId={refusalTestId}>
        {children}
      </RefusalStack>
    </ConfirmModal>
  );
}

/** The question, then the server's reason for refusing it, if it did. */
function RefusalStack({
  refusal,
  refusalTestId,
  children,
}: {
  refusal: string | null;
  refusalTestId: string;
  children: ReactNode;
}) {
  return (
    <Stack gap="sm">
      {children}
      {refusal && <ProblemAlert testId={refusalTestId}>{refusal}</ProblemAlert>}
    </Stack>
  );
}

/**
 * Asks before deleting `target`, which the server may refuse (a plan that holds specs, a module
 * with cases, a sheet with sub-sheets). Deleted: the green `deleted` message, `onDeleted`, and the
 * dialog closes; refused: the reason stays in the dialog. Open while there is a target.
 */
export function RefusableDeleteModal<T>({
  deleted,
  onDeleted,
  note,
  refusalTestId,
  children,
  ...props
}: Omit<ComponentProps<typeof ConfirmRemoveModal<T>>, 'removed' | 'onRemoved' | 'children'> & {
  /** The notification: "Plan Beta deleted". */
  deleted: (target: T) => string;
  onDeleted?: (id: string) => void;
  /** A dimmed note under the question until a refusal says why instead. */
  note?: ReactNode;
  /** "plan-delete-refusal". */
  refusalTestId: string;
  children: ReactNode;
}) {
  const [refusal, setRefusal] = useRefusal(props.target && props.idOf(props.target));
  return (
    <ConfirmRemoveModal
      {...props}
      removed={deleted}
      onRemoved={onDeleted}
      onRefused={(error) => setRefusal(errorText(error))}
      confirmDisabled={refusal !== null}
    >
      {() => (
        <RefusalStack refusal={refusal} refusalTestId={refusalTestId}>
          {children}
          {note && refusal === null && (
            <Text size="sm" c="dimmed">
              {note}
            </Text>
          )}
        </RefusalStack>
      )}
    </ConfirmRemoveModal>
  );
}

/**
 * A confirmation of what cannot be undone, given by typing a name (`expected`) first; Enter in the
 * box confirms too. Closing empties the box.
 */
export function TypeToConfirmModal({
  expected,
  inputLabel,
  placeholder,
  onClose,
  onConfirm,
  children,
  ...props
}: Omit<ConfirmModalProps, 'confirmDisabled'> & {
  expected: string;
  /** "Type the project name to confirm". */
  inputLabel: string;
  placeholder?: string;
}) {
  const [typed, setTyped] = useState('');
  const matches = typed.trim() === expected.trim();

  function close() {
    setTyped('');
    onClose();
  }

  function confirm() {
    if (matches) onConfirm();
  }

  return (
    <ConfirmModal {...props} onClose={close} confirmDisabled={!matches} onConfirm={confirm}>
      <Stack gap="sm">
        {children}
        <TextInput
          data-autofocus
          label={inputLabel}
          placeholder={placeholder}
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') confirm();
          }}
          autoComplete="off"
        />
      </Stack>
    </ConfirmModal>
  );
}
