import { PasswordInput, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { Repository } from '@shared/schemas/repositories';
import { FormModal } from '../../../kit/FormModal/FormModal';
import { saveCallbacks, useStartAfresh } from '../../../lib/form-modal';
import { useUpdateRepository } from '../../../queries/repositories';

interface Values {
  name: string;
  description: string;
  username: string;
  token: string;
}

/** Rename or describe a repository, or replace its token (checked against the host first). */
export function EditRepositoryModal({
  repository,
  onClose,
}: {
  repository: Repository | null;
  onClose: () => void;
}) {
  const update = useUpdateRepository();
  const form = useForm<Values>({
    initialValues: { name: '', description: '', username: '', token: '' },
    validate: { name: (value) => (value.trim() ? null : 'Please enter the name') },
  });
  useStartAfresh(
    form,
    repository !== null,
    () => ({
      name: repository?.name ?? '',
      description: repository?.description ?? '',
      username: repository?.username ?? '',
      token: '',
    }),
    [repository?.id, repository?.version],
  );
  const done = saveCallbacks<Repository>({ form, onClose, label: (saved) => saved.name });
  const submit = form.onSubmit((v) => {
    if (!repository) return;
    update.mutate(
      {
        id: repository.id,
        body: {
          version: repository.version,
          name: v.name.trim(),
          description: v.description.trim(),
          ...(v.username.trim() !== repository.username ? { username: v.username.trim() } : {}),
          ...(v.token.trim() ? { token: v.token.trim() } : {}),
        },
      },
      done.updated,
    );
  });
  return (
    <FormModal
      opened={repository !== null}
      onClose={onClose}
      title="Edit repository"
      pending={update.isPending}
      onSubmit={submit}
      submitLabel="Save"
    >
      <TextInput data-autofocus label="Name" withAsterisk {...form.getInputProps('name')} />
      <Textarea label="Description" autosize minRows={2} {...form.getInputProps('description')} />
      <TextInput label="User name" autoComplete="off" {...form.getInputProps('username')} />
      <PasswordInput
        label="New access token"
        placeholder="Leave empty to keep the current one"
        autoComplete="new-password"
        {...form.getInputProps('token')}
      />
      <Text size="xs" c="dimmed">
        A new token is tried against {repository ? new URL(repository.cloneUrl).host : 'the host'} before it
        replaces the stored one.
      </Text>
    </FormModal>
  );
}
