import { useForm } from '@mantine/form';
import { useState } from 'react';
import type { z } from 'zod';
import { saveOnce } from '../../../lib/form-modal';
import { zodResolver } from '../../../lib/zod-resolver';
import { changedFields } from './requirement-forms';

export type RequirementFormMode = 'create' | 'edit' | 'change';

/** The requirement or spec an Edit or Change starts from. */
interface Edited {
  id: string;
  version: number;
  number: number;
  title: string;
}

/** A create, update or change mutation of the item the form writes. */
interface Write<Saved> {
  isPending: boolean;
  mutate(body: never, callbacks: ReturnType<typeof saveOnce<Saved>>): void;
}

interface RequirementFormOptions<V extends object, Created extends { number: number }> {
  mode: RequirementFormMode;
  /** "SR", "UR": how titles and notifications name the item ("SR-12 saved"). */
  prefix: string;
  /** The item edited or changed. */
  item: Edited | undefined;
  /** The form's values of the item, or of a new one. */
  original: V;
  /** The values as the API takes them (a spec's empty estimate is null). */
  fields: (values: V) => object;
  /** What a new one's body adds to its fields: the product, the requirement a spec refines. */
  newBody: object;
  schemas: { create: z.ZodType; update: z.ZodType; change: z.ZodType };
  create: Write<Created>;
  update: Write<unknown>;
  /** The write of a Change (a user requirement's is its update). */
  change: Write<unknown>;
  /** After "UR-3 created": ": it waits for review". */
  createdNote?: string;
  /** The title of a new one: "New spec". */
  createTitle: string;
  onClose: () => void;
  onCreated?: (created: Created) => void;
  /** Opens a new one: the "created" notification offers it ("Open"). */
  openCreated?: (created: Created) => void;
}

/**
 * The New, Edit and Change of a requirement or a spec: the form (with a Change's reason), checked
 * by the shared schema of the mode, and the save. Edits and changes send only the fields that
 * differ from what was read; an edit that changes nothing simply closes, a change that changes
 * nothing says so (`nothingChanged`). Gives the form and the props of `RequirementFormModal`.
 */
export function useRequirementForm<V extends object, Created extends { number: number }>({
  mode,
  prefix,
  item,
  original,
  fields,
  newBody,
  schemas,
  create,
  update,
  change,
  createdNote = '',
  createTitle,
  onClose,
  onCreated,
  openCreated,
}: RequirementFormOptions<V, Created>) {
  const [nothingChanged, setNothingChanged] = useState(false);
  const ids = { id: item?.id ?? '', version: item?.version ?? 1 };
  const name = `${prefix}-${item?.number}`;

  const form = useForm<V & { reason: string }>({
    initialValues: { ...original, reason: '' },
    validate: ({ reason, ...values }) => {
      const body = fields(values as unknown as V);
      if (mode === 'create') return zodResolver(schemas.create)({ ...newBody, ...body });
      if (mode === 'change') return zodResolver(schemas.change)({ ...ids, reason, ...body });
      return zodResolver(schemas.update)({ ...ids, ...body });
    },
    validateInputOnBlur: ['title'],
  });

  const onSubmit = form.onSubmit(({ reason, ...submitted }) => {
    const values = submitted as unknown as V;
    if (mode === 'create') {
      const body = schemas.create.parse({ ...newBody, ...fields(values) });
      const created = (saved: Created) => `${prefix}-${saved.number} created${createdNote}`;
      return create.mutate(body as never, saveOnce({ form, onClose }, created, onCreated, openCreated));
    }
    if (!item) return;
    const changes = changedFields(original, values);
    if (Object.keys(changes).length === 0) {
      // An edit that changes nothing is simply done; a change must change something to record.
      if (mode === 'edit') return onClose();
      return setNothingChanged(true);
    }
    const all = fields({ ...original, ...changes }) as Record<string, unknown>;
    const picked = Object.fromEntries(Object.keys(changes).map((key) => [key, all[key]]));
    const done = (message: string) => saveOnce({ form, onClose }, () => message);
    if (mode === 'change') {
      const body = schemas.change.parse({ ...ids, reason, ...picked });
      return change.mutate(body as never, done(`${name} changed: it is back for review`));
    }
    update.mutate(schemas.update.parse({ ...ids, ...picked }) as never, done(`${name} saved`));
  });

  return {
    form,
    modal: {
      mode,
      title:
        mode === 'create'
          ? createTitle
          : `${mode === 'change' ? 'Change' : 'Edit'} ${name} ${item?.title ?? ''}`,
      onClose,
      pending: create.isPending || update.isPending || change.isPending,
      onSubmit,
      reason: form.getInputProps('reason'),
      nothingChanged,
      onDismiss: () => setNothingChanged(false),
    },
  };
}
