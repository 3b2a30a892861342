import { type FormErrors, type UseFormReturnType, useForm } from '@mantine/form';
import type { FormEvent, ReactNode } from 'react';
import { HttpError } from '../../api/errors';
import { saveCallbacks, useStartAfresh } from '../../lib/form-modal';
import { showServerFieldError } from '../../lib/server-errors';

/** What a save hands `mutate`: the notification, closing and field errors of `saveCallbacks`. */
type Callbacks<Saved> = ReturnType<typeof saveCallbacks<Saved>>['created'];

/** The create or the update mutation of the thing a modal edits. */
interface Write<Body, Saved> {
  isPending: boolean;
  mutate(body: Body, callbacks: Callbacks<Saved>): void;
}

interface EditFormOptions<V, Item, Saved, CreateBody, UpdateBody> {
  opened: boolean;
  onClose: () => void;
  onCreated?: (saved: Saved) => void;
  /** Opens a new one: the "created" notification offers it ("Open"). */
  openCreated?: (saved: Saved) => void;
  /** What the modal edits; null or absent to create one. */
  item: Item | null | undefined;
  /** The form's values for `item` (or for a new one): each opening starts from them. */
  values: () => V;
  /** Besides opening, what starts the form afresh while it is open (the item's id and version). */
  key: readonly unknown[];
  validate: (values: V) => FormErrors;
  validateInputOnBlur?: boolean | string[];
  /** What the thing is called in the title: "sprint" makes "New sprint" and "Edit sprint". */
  noun: string;
  /** The create button: "Create sprint". */
  createLabel: string;
  /** How the notifications name what was saved: `“Sprint 12”`, `Plan Beta`. */
  label: (saved: Saved) => string;
  create: Write<CreateBody, Saved>;
  createBody: (values: V) => CreateBody;
  /** Absent for a form that only creates (a test report): `item` is then always null. */
  update?: Write<UpdateBody, Saved>;
  updateBody?: (values: V, item: Item) => UpdateBody;
  /**
   * A create refused as a conflict (409) without naming a field: the field it concerns and what to
   * say under it when the server says nothing ("CRM is taken", for a key unique in the enterprise).
   */
  createConflict?: { field: keyof V & string; message: (values: V) => string };
}

/**
 * The form of a create-or-edit modal and the props of its `FormModal`: started afresh on each
 * opening, submitted to `update` when there is an item and to `create` when there is none, with
 * the notifications and field errors every such modal shows.
 */
// biome-ignore lint/suspicious/noExplicitAny: the constraint of Mantine's useForm
export function useEditForm<V extends Record<string, any>, Item, Saved, CreateBody, UpdateBody>({
  opened,
  onClose,
  onCreated,
  openCreated,
  item,
  values,
  key,
  validate,
  validateInputOnBlur,
  noun,
  createLabel,
  label,
  create,
  createBody,
  update,
  updateBody,
  createConflict,
}: EditFormOptions<V, Item, Saved, CreateBody, UpdateBody>): {
  form: UseFormReturnType<V>;
  modal: {
    title: ReactNode;
    opened: boolean;
    onClose: () => void;
    pending: boolean;
    onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
    submitLabel: ReactNode;
  };
} {
  const form = useForm<V>({ initialValues: values(), validate, validateInputOnBlur });
  useStartAfresh(form, opened, values, key);
  const done = saveCallbacks<Saved>({ form, onClose, onCreated, openCreated, label });
  const onSubmit = form.onSubmit((submitted) => {
    if (item && update && updateBody) update.mutate(updateBody(submitted, item), done.updated);
    else create.mutate(createBody(submitted), withConflict(done.created, submitted));
  });

  /** The create's callbacks, with a conflict shown under `createConflict`'s field. */
  function withConflict(callbacks: Callbacks<Saved>, submitted: V): Callbacks<Saved> {
    if (!createConflict) return callbacks;
    return {
      ...callbacks,
      onError: (error: Error) => {
        if (showServerFieldError(form, error)) return true;
        if (!(error instanceof HttpError) || error.status !== 409) return false;
        form.setFieldError(createConflict.field, error.errorMessage || createConflict.message(submitted));
        return true;
      },
    };
  }
  return {
    form,
    modal: {
      title: item ? `Edit ${noun}` : `New ${noun}`,
      opened,
      onClose,
      pending: create.isPending || Boolean(update?.isPending),
      onSubmit,
      submitLabel: item ? 'Save' : createLabel,
    },
  };
}
