import { type ComponentProps, type ReactNode, useState } from 'react';
import { ConfirmModal, TypeToConfirmModal } from '../../components/ConfirmModal/ConfirmModal';

/**
 * A button that asks before it acts (export everything, sign out everywhere else, delete the
 * enterprise): `trigger` draws the button, given `open`; the question is a `ConfirmModal`, or with
 * `typeToConfirm` a `TypeToConfirmModal`, whose open state stays here. `onConfirm` runs the action
 * and is handed `close` for when it is done.
 */
export function ConfirmedAction({
  trigger,
  onConfirm,
  typeToConfirm,
  ...modal
}: Omit<ComponentProps<typeof ConfirmModal>, 'opened' | 'onClose' | 'onConfirm' | 'confirmDisabled'> & {
  trigger: (open: () => void) => ReactNode;
  onConfirm: (close: () => void) => void;
  /** The name to type first ("acme") and the box's label. */
  typeToConfirm?: { expected: string; inputLabel: string };
}) {
  const [opened, setOpened] = useState(false);
  const close = () => setOpened(false);
  const dialog = { ...modal, opened, onClose: close, onConfirm: () => onConfirm(close) };
  return (
    <>
      {trigger(() => setOpened(true))}
      {typeToConfirm ? <TypeToConfirmModal {...dialog} {...typeToConfirm} /> : <ConfirmModal {...dialog} />}
    </>
  );
}
