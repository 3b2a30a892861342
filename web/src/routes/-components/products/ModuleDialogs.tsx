import { Alert, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { ConfirmModal, RefusableDeleteModal } from '../../../components/ConfirmModal/ConfirmModal';
import { FormModal } from '../../../kit/FormModal/FormModal';
import { showServerFieldError } from '../../../lib/server-errors';
import { zodResolver } from '../../../lib/zod-resolver';
import { COMBOBOX_PROPS } from '../work-items/fields';
import { type FlatModule, moveTargets, sortAfterLast, TOP_LEVEL, type TreeModule } from './module-tree';

/** A module the dialogs can change: edits send the version read. */
export type EditableModule<N> = TreeModule<N> & { version: number };

/** What the module tree asks for: add (under `parent`, null at the top), rename, move or delete. */
export type ModuleDialog<N extends EditableModule<N>> =
  | { kind: 'add'; parent: FlatModule<N> | null }
  | { kind: 'rename'; module: FlatModule<N> }
  | { kind: 'move'; module: FlatModule<N> }
  | { kind: 'delete'; module: FlatModule<N> };

/** What the dialogs use of a mutation: a TanStack Query mutation result fits. */
interface Mutation<V> {
  isPending: boolean;
  mutate: (variables: V, options?: { onSuccess?: () => void; onError?: (error: Error) => void }) => void;
}

/** The module API calls, from the caller's hooks (useCreateModule, useCreateCaseModule…). */
export interface ModuleMutations {
  create: Mutation<{ name: string; root_id: string | null }>;
  /** A rename (`name`) or a move (`root_id` and `sort`). */
  update: Mutation<{ id: string; version: number; name?: string; root_id?: string | null; sort?: number }>;
  /** Takes the module id; refused (409) while the module holds anything. */
  remove: Mutation<string>;
}

/** What sets one kind of module apart in the dialogs. */
export interface ModuleKind<N> {
  /** Checks the name field: the API body's rule. */
  nameSchema: z.ZodType<{ name: string }>;
  /** An example name for the name field. */
  placeholder: string;
  /** What moves with a module: "sub-modules and cases". */
  contents: string;
  /** What keeps a module from being deleted: "sub-modules or cases". */
  blockers: string;
  /** A note in the delete dialog on what the module holds; null for none. */
  deleteNote?: (module: N) => string | null;
}

interface ModuleDialogsProps<N extends EditableModule<N>> {
  kind: ModuleKind<N>;
  mutations: ModuleMutations;
  nodes: readonly N[];
  dialog: ModuleDialog<N> | null;
  onClose: () => void;
  onAdded: (parent: FlatModule<N> | null) => void;
  onDeleted: (id: string) => void;
}

/**
 * The dialogs that add, rename, move and delete modules, for any module tree: a product's modules
 * and a project's case modules follow the same rules and differ only in their API calls (the
 * caller's mutation hooks) and in what a module holds (the kind's wording).
 */
export function ModuleDialogs<N extends EditableModule<N>>({
  kind,
  mutations,
  nodes,
  dialog,
  onClose,
  onAdded,
  onDeleted,
}: ModuleDialogsProps<N>) {
  return (
    <>
      <ModuleNameModal
        kind={kind}
        mutations={mutations}
        dialog={dialog?.kind === 'add' || dialog?.kind === 'rename' ? dialog : null}
        onClose={onClose}
        onAdded={onAdded}
      />
      <MoveModuleModal
        kind={kind}
        update={mutations.update}
        nodes={nodes}
        module={dialog?.kind === 'move' ? dialog.module : null}
        onClose={onClose}
      />
      <DeleteModuleModal
        kind={kind}
        remove={mutations.remove}
        module={dialog?.kind === 'delete' ? dialog.module : null}
        onClose={onClose}
        onDeleted={onDeleted}
      />
    </>
  );
}

function ModuleNameModal<N extends EditableModule<N>>({
  kind,
  mutations: { create, update },
  dialog,
  onClose,
  onAdded,
}: {
  kind: ModuleKind<N>;
  mutations: ModuleMutations;
  dialog: Extract<ModuleDialog<N>, { kind: 'add' | 'rename' }> | null;
  onClose: () => void;
  onAdded: (parent: FlatModule<N> | null) => void;
}) {
  const saving = create.isPending || update.isPending;
  const form = useForm<{ name: string }>({
    initialValues: { name: '' },
    validate: zodResolver(kind.nameSchema),
  });
  const renaming = dialog?.kind === 'rename' ? dialog.module : null;
  const parent = dialog?.kind === 'add' ? dialog.parent : null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: start afresh each time it opens
  useEffect(() => {
    if (!dialog) return;
    form.setValues({ name: renaming?.module.name ?? '' });
    form.clearErrors();
  }, [dialog]);

  const submit = form.onSubmit((values) => {
    const { name } = kind.nameSchema.parse(values);
    const onError = (error: Error) => showServerFieldError(form, error);
    if (renaming) {
      if (name === renaming.module.name) return onClose();
      update.mutate(
        { id: renaming.module.id, version: renaming.module.version, name },
        {
          onSuccess: () => {
            notifications.show({ color: 'green', message: `Module renamed to ${name}` });
            onClose();
          },
          onError,
        },
      );
      return;
    }
    create.mutate(
      { name, root_id: parent?.module.id ?? null },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: `Module ${name} added` });
          onAdded(parent);
          onClose();
        },
        onError,
      },
    );
  });

  const title = renaming ? 'Rename module' : parent ? 'Add sub-module' : 'Add module';
  return (
    <FormModal
      title={title}
      opened={dialog !== null}
      onClose={onClose}
      pending={saving}
      onSubmit={submit}
      submitLabel={renaming ? 'Save' : 'Add'}
      size="md"
    >
      {parent && (
        <Text size="sm" c="dimmed">
          Under {parent.path.join(' / ')}
        </Text>
      )}
      <TextInput
        data-autofocus
        label="Module name"
        placeholder={kind.placeholder}
        withAsterisk
        {...form.getInputProps('name')}
      />
    </FormModal>
  );
}

function MoveModuleModal<N extends EditableModule<N>>({
  kind,
  update,
  nodes,
  module,
  onClose,
}: {
  kind: ModuleKind<N>;
  update: ModuleMutations['update'];
  nodes: readonly N[];
  module: FlatModule<N> | null;
  onClose: () => void;
}) {
  const [target, setTarget] = useState<string | null>(null);
  const targets = module ? moveTargets(nodes, module.module.id) : [];

  // biome-ignore lint/correctness/useExhaustiveDependencies: start afresh each time it opens
  useEffect(() => setTarget(null), [module]);

  function move() {
    if (!module || target === null) return;
    update.mutate(
      {
        id: module.module.id,
        version: module.module.version,
        root_id: target === TOP_LEVEL ? null : target,
        sort: sortAfterLast(nodes, target),
      },
      {
        onSuccess: () => {
          const where = targets.find((t) => t.value === target)?.label ?? 'its new place';
          notifications.show({ color: 'green', message: `${module.module.name} moved to ${where}` });
          onClose();
        },
      },
    );
  }

  return (
    <ConfirmModal
      opened={module !== null}
      onClose={onClose}
      title={module ? `Move ${module.module.name}` : 'Move module'}
      size="md"
      loading={update.isPending}
      confirmLabel="Move"
      confirmColor="brand"
      confirmDisabled={target === null}
      onConfirm={move}
    >
      <Stack gap="md">
        {module && (
          <Text size="sm" c="dimmed">
            Now at {module.path.length > 1 ? module.path.slice(0, -1).join(' / ') : 'the top level'}. Its{' '}
            {kind.contents} move with it.
          </Text>
        )}
        {targets.length === 0 ? (
          <Alert variant="light" color="gray">
            There is nowhere else this module can go: trees are at most five levels deep.
          </Alert>
        ) : (
          <Select
            data-autofocus
            label="Move to"
            placeholder="Pick the new parent"
            data={targets}
            value={target}
            onChange={setTarget}
            searchable
            nothingFoundMessage="No module matches"
            comboboxProps={COMBOBOX_PROPS}
          />
        )}
      </Stack>
    </ConfirmModal>
  );
}

function DeleteModuleModal<N extends EditableModule<N>>({
  kind,
  remove,
  module,
  onClose,
  onDeleted,
}: {
  kind: ModuleKind<N>;
  remove: ModuleMutations['remove'];
  module: FlatModule<N> | null;
  onClose: () => void;
  onDeleted: (id: string) => void;
}) {
  return (
    <RefusableDeleteModal
      target={module}
      idOf={(picked) => picked.module.id}
      remove={remove}
      deleted={(picked) => `Module ${picked.module.name} deleted`}
      onDeleted={onDeleted}
      onClose={onClose}
      title="Delete module"
      confirmLabel="Delete module"
      refusalTestId="module-delete-refusal"
      note={module && kind.deleteNote?.(module.module)}
    >
      <Text size="sm">
        Delete <b>{module?.path.join(' / ')}</b>? Only a module without {kind.blockers} can be deleted.
      </Text>
    </RefusableDeleteModal>
  );
}
