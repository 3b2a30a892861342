/**
 * The props every create-or-edit modal shares, with the edited thing under its own name:
 * `EditModalProps<'sprint', Sprint>` is `{ opened, onClose, sprint?, onCreated? }`.
 */
export type EditModalProps<Name extends string, T> = {
  opened: boolean;
  onClose: () => void;
  /** A new one was created (the modal has closed). */
  onCreated?: (saved: T) => void;
} & {
  /** The one to edit; absent or null to create one. */
  [K in Name]?: T | null;
};
