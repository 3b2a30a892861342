import { Alert, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { CaseModuleBodySchema, type CaseModuleNode } from '@shared/schemas/testcases';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { ConfirmModal } from '../../../components/ConfirmModal/ConfirmModal';
import { showServerFieldError } from '../../../lib/server-errors';
import { zodResolver } from '../../../lib/zod-resolver';
import { useCreateCaseModule, useDeleteCaseModule, useUpdateCaseModule } from '../../../queries/testcases';
import { COMBOBOX_PROPS } from '../work-items/fields';
import { type FlatCaseModule, moveTargets, sortAfterLast, TOP_LEVEL, totalCases } from './case-module-tree';

/** What the module tree asks for: add (under `parent`, null at the top), rename, move or delete. */
export type CaseModuleDialog =
  | { kind: 'add'; parent: FlatCaseModule | null }
  | { kind: 'rename'; module: FlatCaseModule }
  | { kind: 'move'; module: FlatCaseModule }
  | { kind: 'delete'; module: FlatCaseModule };

interface CaseModuleDialogsProps {
  projectId: string;
  nodes: readonly CaseModuleNode[];
  dialog: CaseModuleDialog | null;
  onClose: () => void;
  onAdded: (parent: FlatCaseModule | null) => void;
  onDeleted: (id: string) => void;
}

export function CaseModuleDialogs({
  projectId,
  nodes,
  dialog,
  onClose,
  onAdded,
  onDeleted,
}: CaseModuleDialogsProps) {
  return (
    <>
      <ModuleNameModal
        projectId={projectId}
        dialog={dialog?.kind === 'add' || dialog?.kind === 'rename' ? dialog : null}
        onClose={onClose}
        onAdded={onAdded}
      />
      <MoveModuleModal
        projectId={projectId}
        nodes={nodes}
        module={dialog?.kind === 'move' ? dialog.module : null}
        onClose={onClose}
      />
      <DeleteModuleModal
        projectId={projectId}
        module={dialog?.kind === 'delete' ? dialog.module : null}
        onClose={onClose}
        onDeleted={onDeleted}
      />
    </>
  );
}

const NameSchema = CaseModuleBodySchema.pick({ name: true });

function ModuleNameModal({
  projectId,
  dialog,
  onClose,
  onAdded,
}: {
  projectId: string;
  dialog: Extract<CaseModuleDialog, { kind: 'add' | 'rename' }> | null;
  onClose: () => void;
  onAdded: (parent: FlatCaseModule | null) => void;
}) {
  const create = useCreateCaseModule(projectId);
  const update = useUpdateCaseModule(projectId);
  const saving = create.isPending || update.isPending;
  const form = useForm<{ name: string }>({ initialValues: { name: '' }, validate: zodResolver(NameSchema) });
  const renaming = dialog?.kind === 'rename' ? dialog.module : null;
  const parent = dialog?.kind === 'add' ? dialog.parent : null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: start afresh each time it opens
  useEffect(() => {
    if (!dialog) return;
    form.setValues({ name: renaming?.module.name ?? '' });
    form.clearErrors();
  }, [dialog]);

  const submit = form.onSubmit((values) => {
    const { name } = NameSchema.parse(values);
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
    <Modal opened={dialog !== null} onClose={() => !saving && onClose()} title={title} size="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {parent && (
            <Text size="sm" c="dimmed">
              Under {parent.path.join(' / ')}
            </Text>
          )}
          <TextInput
            data-autofocus
            label="Module name"
            placeholder="Login"
            withAsterisk
            {...form.getInputProps('name')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              {renaming ? 'Save' : 'Add'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function MoveModuleModal({
  projectId,
  nodes,
  module,
  onClose,
}: {
  projectId: string;
  nodes: readonly CaseModuleNode[];
  module: FlatCaseModule | null;
  onClose: () => void;
}) {
  const update = useUpdateCaseModule(projectId);
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
    <Modal
      opened={module !== null}
      onClose={() => !update.isPending && onClose()}
      title={module ? `Move ${module.module.name}` : 'Move module'}
      size="md"
    >
      <Stack gap="md">
        {module && (
          <Text size="sm" c="dimmed">
            Now at {module.path.length > 1 ? module.path.slice(0, -1).join(' / ') : 'the top level'}. Its
            sub-modules and cases move with it.
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
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={update.isPending}>
            Cancel
          </Button>
          <Button onClick={move} loading={update.isPending} disabled={target === null}>
            Move
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function DeleteModuleModal({
  projectId,
  module,
  onClose,
  onDeleted,
}: {
  projectId: string;
  module: FlatCaseModule | null;
  onClose: () => void;
  onDeleted: (id: string) => void;
}) {
  const remove = useDeleteCaseModule(projectId);
  const [refusal, setRefusal] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: start afresh each time it opens
  useEffect(() => setRefusal(null), [module]);

  function confirm() {
    if (!module) return;
    remove.mutate(module.module.id, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: `Module ${module.module.name} deleted` });
        onDeleted(module.module.id);
        onClose();
      },
      // 409 while it has sub-modules or cases: the reason stays in the dialog.
      onError: (error) => setRefusal(error.message),
    });
  }

  const holding = module ? totalCases(module.module) : 0;
  return (
    <ConfirmModal
      opened={module !== null}
      onClose={onClose}
      title="Delete module"
      confirmLabel="Delete module"
      loading={remove.isPending}
      confirmDisabled={refusal !== null}
      onConfirm={confirm}
    >
      <Stack gap="sm">
        <Text size="sm">
          Delete <b>{module?.path.join(' / ')}</b>? Only a module without sub-modules or cases can be deleted.
        </Text>
        {holding > 0 && refusal === null && (
          <Text size="sm" c="dimmed">
            It holds {holding} {holding === 1 ? 'case' : 'cases'}: move them to another module first.
          </Text>
        )}
        {refusal && (
          <Alert
            variant="light"
            color="red"
            icon={<IconAlertTriangle size={18} />}
            data-testid="module-delete-refusal"
          >
            {refusal}
          </Alert>
        )}
      </Stack>
    </ConfirmModal>
  );
}
