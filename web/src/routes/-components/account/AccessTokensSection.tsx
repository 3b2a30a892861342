import {
  Alert,
  Button,
  Code,
  CopyButton,
  Group,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { type AccessToken, type NewAccessToken, TokenCreateSchema } from '@shared/schemas/artifacts';
import { IconCheck, IconCopy, IconKey } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmRemoveModal } from '../../../components/ConfirmModal/ConfirmModal';
import { RelativeTime } from '../../../components/RelativeTime/RelativeTime';
import { ActionButton } from '../../../kit/ActionButton/ActionButton';
import { SectionList } from '../../../kit/SectionList/SectionList';
import { TitledCard } from '../../../kit/TitledCard/TitledCard';
import { showServerFieldError } from '../../../lib/server-errors';
import { zodResolver } from '../../../lib/zod-resolver';
import { tokensQueryOptions, useCreateToken, useRevokeToken } from '../artifacts/queries';
import { AccountRow, RowButton } from './AccountRow';

/** The secret of a token just made: shown this once, to copy. */
function NewTokenAlert({ made, onDone }: { made: NewAccessToken; onDone: () => void }) {
  return (
    <Alert color="green" title={`Token "${made.name}" created`} data-testid="new-access-token">
      <Stack gap="xs">
        <Text size="sm">Copy it now: it is not shown again.</Text>
        <Group gap="xs" wrap="nowrap">
          <Code style={{ overflowWrap: 'anywhere' }} data-testid="new-access-token-value">
            {made.token}
          </Code>
          <CopyButton value={made.token}>
            {({ copied, copy }) => (
              <ActionButton size="compact-sm" onClick={copy} icon={copied ? IconCheck : IconCopy}>
                {copied ? 'Copied' : 'Copy'}
              </ActionButton>
            )}
          </CopyButton>
        </Group>
        <Group justify="flex-end">
          <Button size="compact-sm" variant="subtle" onClick={onDone}>
            Done
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

function TokenRow({ token, onRevoke }: { token: AccessToken; onRevoke: () => void }) {
  return (
    <AccountRow
      testId={`access-token-${token.name}`}
      name={token.name}
      badge={{ label: token.scope, color: token.scope === 'write' ? 'orange' : 'gray' }}
      details={
        <>
          <Text size="xs" c="dimmed">
            {token.prefix}… · created
          </Text>
          <RelativeTime value={token.createdAt} />
          <Text size="xs" c="dimmed">
            · {token.lastUsedAt ? 'last used' : 'never used'}
          </Text>
          {token.lastUsedAt && <RelativeTime value={token.lastUsedAt} />}
        </>
      }
      action={
        <RowButton color="red" onClick={onRevoke} aria-label={`Revoke ${token.name}`}>
          Revoke
        </RowButton>
      }
    />
  );
}

/**
 * Access tokens of the package clients (npm, Maven, pip, curl): list, create with read or write
 * scope (the secret shown once), revoke. A token acts with its owner's permissions, never more.
 */
export function AccessTokensSection() {
  const tokens = useQuery(tokensQueryOptions());
  const create = useCreateToken();
  const revoke = useRevokeToken();
  const [made, setMade] = useState<NewAccessToken | null>(null);
  const [revoking, setRevoking] = useState<AccessToken | null>(null);
  const form = useForm({
    initialValues: { name: '', scope: 'read' as 'read' | 'write' },
    validate: zodResolver(TokenCreateSchema),
  });
  const submit = form.onSubmit((values) =>
    create.mutate(values, {
      onSuccess: (token) => {
        setMade(token);
        form.reset();
      },
      onError: (error) => showServerFieldError(form, error),
    }),
  );

  return (
    <TitledCard
      title="Access tokens"
      icon={<IconKey size={18} />}
      withBorder
      id="access-tokens"
      testId="access-tokens"
    >
      <Text size="sm" c="dimmed">
        For npm, Maven, pip and curl to reach the artifact library: as npm's <Code>_authToken</Code>, or as
        the password with your login. Read installs and downloads; write also publishes.
      </Text>
      {made && <NewTokenAlert made={made} onDone={() => setMade(null)} />}
      <form onSubmit={submit} noValidate>
        <Group align="flex-end" gap="sm">
          <TextInput
            label="Token name"
            placeholder="CI publish"
            style={{ flex: 1 }}
            {...form.getInputProps('name')}
          />
          <SegmentedControl
            aria-label="Scope"
            data={[
              { value: 'read', label: 'Read' },
              { value: 'write', label: 'Write' },
            ]}
            {...form.getInputProps('scope')}
          />
          <Button type="submit" loading={create.isPending}>
            Create token
          </Button>
        </Group>
      </form>
      <SectionList
        query={tokens}
        what="Your tokens"
        testId="access-tokens"
        empty="No tokens yet. Create one above for each machine or pipeline, so each can be revoked alone."
      >
        {(rows) =>
          rows.map((token) => <TokenRow key={token.id} token={token} onRevoke={() => setRevoking(token)} />)
        }
      </SectionList>
      <ConfirmRemoveModal
        target={revoking}
        idOf={(token) => token.id}
        remove={revoke}
        removed={(token) => `${token.name} revoked`}
        onClose={() => setRevoking(null)}
        title={`Revoke ${revoking?.name ?? 'token'}?`}
        confirmLabel="Revoke"
      >
        {() => <Text size="sm">Clients that use it are refused from now on. This cannot be undone.</Text>}
      </ConfirmRemoveModal>
    </TitledCard>
  );
}
