import {
  Alert,
  Button,
  CopyButton,
  Group,
  Modal,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import type { Repository } from '@shared/schemas/repositories';
import { IconCheck, IconCopy, IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { RelativeTime } from '../../../components/RelativeTime/RelativeTime';
import { webhookQueryOptions } from '../../../queries/repositories';

function Copyable({ label, value }: { label: string; value: string }) {
  return (
    <TextInput
      label={label}
      value={value}
      readOnly
      onFocus={(event) => event.currentTarget.select()}
      rightSectionWidth={80}
      rightSection={
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Button
              size="compact-xs"
              variant="subtle"
              onClick={copy}
              leftSection={copied ? <IconCheck size={12} /> : <IconCopy size={12} />}
              aria-label={`Copy ${label.toLowerCase()}`}
            >
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
      }
    />
  );
}

/** Where the host should send push events, and how each host takes the secret. */
export function WebhookModal({
  repository,
  onClose,
}: {
  repository: Repository | null;
  onClose: () => void;
}) {
  const settings = useQuery({ ...webhookQueryOptions(repository?.id ?? ''), enabled: repository !== null });
  return (
    <Modal
      opened={repository !== null}
      onClose={onClose}
      title={`Webhook of ${repository?.name ?? ''}`}
      size="lg"
    >
      {!settings.data ? (
        <Stack gap="sm">
          <Skeleton h={56} />
          <Skeleton h={56} />
        </Stack>
      ) : (
        <Stack gap="md">
          <Text size="sm">
            Add a webhook for push events in the repository's settings on its host, with these values and the
            content type <b>application/json</b>. Pushes then show on the work items they mention at once.
          </Text>
          <Copyable label="Payload URL" value={settings.data.url} />
          <Copyable label="Secret" value={settings.data.secret} />
          <Table fz="sm" withTableBorder>
            <Table.Tbody>
              <Table.Tr>
                <Table.Td fw={600}>GitHub</Table.Td>
                <Table.Td>
                  Secret: the secret above (signed as X-Hub-Signature-256). Event: just the push event.
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Td fw={600}>GitLab</Table.Td>
                <Table.Td>Secret token: the secret above. Trigger: push events.</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Td fw={600}>Gitea / Forgejo</Table.Td>
                <Table.Td>Secret: the secret above. Trigger on: push events.</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          <Alert variant="light" icon={<IconInfoCircle size={18} />}>
            {settings.data.lastWebhookAt ? (
              <Group gap={4}>
                <Text size="sm">The last delivery arrived</Text>
                <RelativeTime value={settings.data.lastWebhookAt} size="sm" />
              </Group>
            ) : (
              <Text size="sm">
                No delivery has arrived yet. Hosts without webhooks (Bitbucket, CodeCommit, plain git servers)
                are read every few minutes instead.
              </Text>
            )}
          </Alert>
        </Stack>
      )}
    </Modal>
  );
}
