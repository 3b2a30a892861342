import { Group, PasswordInput, Select, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  PROVIDER_LABELS,
  providerOfUrl,
  REPOSITORY_PROVIDERS,
  type RepositoryProvider,
} from '@shared/domain/repositories';
import type { Repository } from '@shared/schemas/repositories';
import { FormModal } from '../../../kit/FormModal/FormModal';
import { saveOnce, useStartAfresh } from '../../../lib/form-modal';
import { useConnectRepository } from '../../../queries/repositories';

interface Values {
  cloneUrl: string;
  token: string;
  username: string;
  name: string;
  provider: RepositoryProvider | null;
}

const EMPTY: Values = { cloneUrl: '', token: '', username: '', name: '', provider: null };

/** What each host calls the token it takes, and whether it needs a user name. */
const TOKEN_HINTS: Record<RepositoryProvider, string> = {
  github: 'A fine-grained personal access token with Contents: read (and write, to create branches).',
  gitlab: 'A project or personal access token with read_repository (write_repository to create branches).',
  gitea: 'An access token with repository read (and write) scope.',
  bitbucket:
    'An app password or access token; give your Bitbucket user name too (x-token-auth for access tokens).',
  codecommit: 'HTTPS Git credentials of an IAM user: the user name and the password.',
  git: 'The password or token your git server takes over HTTPS.',
};

export function validateConnect(values: Values) {
  return {
    cloneUrl: !values.cloneUrl.trim()
      ? 'Please enter the clone URL'
      : !/^https?:\/\/[^/]+\/.+/.test(values.cloneUrl.trim())
        ? 'Enter the HTTPS clone URL, like https://github.com/acme/api.git'
        : null,
    token: values.token.trim() ? null : 'Please enter the access token',
  };
}

/** Connect a repository: its HTTPS clone URL and a token, checked against the host before saving. */
export function ConnectRepositoryModal({
  opened,
  onClose,
  onConnected,
}: {
  opened: boolean;
  onClose: () => void;
  onConnected?: (repository: Repository) => void;
}) {
  const connect = useConnectRepository();
  const form = useForm<Values>({ initialValues: EMPTY, validate: validateConnect });
  useStartAfresh(form, opened, () => EMPTY, []);
  const values = form.getValues();
  const provider = values.provider ?? providerOfUrl(values.cloneUrl);
  const done = saveOnce<Repository>({ form, onClose }, (saved) => `${saved.name} connected`, onConnected);
  const submit = form.onSubmit((v) =>
    connect.mutate(
      {
        cloneUrl: v.cloneUrl.trim(),
        token: v.token.trim(),
        ...(v.username.trim() ? { username: v.username.trim() } : {}),
        ...(v.name.trim() ? { name: v.name.trim() } : {}),
        ...(v.provider ? { provider: v.provider } : {}),
      },
      done,
    ),
  );

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title="Connect a repository"
      size="lg"
      pending={connect.isPending}
      onSubmit={submit}
      submitLabel="Connect"
    >
      <TextInput
        data-autofocus
        label="Clone URL"
        placeholder="https://github.com/acme/fleet-api.git"
        description="The HTTPS address you would give git clone."
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        withAsterisk
        {...form.getInputProps('cloneUrl')}
      />
      <Select
        label="Host"
        data={REPOSITORY_PROVIDERS.map((p) => ({ value: p, label: PROVIDER_LABELS[p] }))}
        value={provider}
        onChange={(value) => form.setFieldValue('provider', value as RepositoryProvider | null)}
        allowDeselect={false}
      />
      <Group grow align="flex-start">
        <TextInput
          label="User name"
          placeholder={
            provider === 'bitbucket' || provider === 'codecommit' ? 'Required by this host' : 'Optional'
          }
          autoComplete="off"
          {...form.getInputProps('username')}
        />
        <PasswordInput
          label="Access token"
          withAsterisk
          autoComplete="new-password"
          {...form.getInputProps('token')}
        />
      </Group>
      <Text size="xs" c="dimmed">
        {TOKEN_HINTS[provider]} The token is stored encrypted and is never shown again.
      </Text>
      <TextInput label="Name" placeholder="Taken from the URL" {...form.getInputProps('name')} />
      <Text size="xs" c="dimmed">
        After connecting, set up the webhook (in the repository's menu) so pushes show up at once; otherwise
        new commits are picked up every few minutes.
      </Text>
    </FormModal>
  );
}
