/** What every create-or-edit form modal does around its fields: start afresh, save, report. */
import { useEffect } from 'react';
import { showCreated } from '../kit/FormModal/created-notice';
import { type FieldErrorTarget, showServerFieldError } from './server-errors';

/**
 * Starts the form afresh from `start()` each time the modal opens, and when what it edits changes
 * while it is open (`key`: its id and version, say). The values become the form's clean state.
 */
export function useStartAfresh<V>(
  form: { setValues(values: V): void; resetDirty(values: V): void; clearErrors(): void },
  opened: boolean,
  start: () => V,
  key: readonly unknown[],
): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: only opening and `key` start afresh
  useEffect(() => {
    if (!opened) return;
    const values = start();
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
  }, [opened, ...key]);
}

interface SaveOptions<Saved> {
  /** The form a refusal naming one of its fields is shown on. */
  form: FieldErrorTarget;
  onClose: () => void;
  onCreated?: (saved: Saved) => void;
  /** Opens a new one: the "created" notification then offers it ("Open"). */
  openCreated?: (saved: Saved) => void;
  /** How the notifications name what was saved: `“Sprint 12”`, `Plan Beta`. */
  label: (saved: Saved) => string;
}

/**
 * The mutate callbacks of one save: on success a green notification (`message` of what was saved,
 * with "Open" when `open` is given), the modal closes and `then` gets what was saved; a refusal naming a field shows under that field.
 */
export function saveOnce<Saved>(
  { form, onClose }: { form: FieldErrorTarget; onClose: () => void },
  message: (saved: Saved) => string,
  then?: (saved: Saved) => void,
  /** Opens what was saved: the notification offers it ("Open"). */
  open?: (saved: Saved) => void,
) {
  return {
    onSuccess: (saved: Saved) => {
      showCreated(message(saved), open && (() => open(saved)));
      onClose();
      then?.(saved);
    },
    onError: (error: Error) => showServerFieldError(form, error),
  };
}

/**
 * The mutate callbacks of a create-or-edit form modal: on success a green "saved" or "created"
 * notification and the modal closes (a new one is also handed to onCreated); a refusal naming a
 * field shows under that field.
 */
export function saveCallbacks<Saved>({ form, onClose, onCreated, openCreated, label }: SaveOptions<Saved>) {
  return {
    updated: saveOnce<Saved>({ form, onClose }, (saved) => `${label(saved)} saved`),
    created: saveOnce<Saved>({ form, onClose }, (saved) => `${label(saved)} created`, onCreated, openCreated),
  };
}
