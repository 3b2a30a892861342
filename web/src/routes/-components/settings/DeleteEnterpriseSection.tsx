import { Button, Code, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/ConfirmModal/ConfirmModal';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import { enterpriseKeys, useDeleteEnterprise } from '../../../queries/enterprise';

/** The danger zone: deleting the enterprise, confirmed by typing its identifier. */
export function DeleteEnterpriseSection() {
  const { enterprise } = useCurrentEnterprise();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const remove = useDeleteEnterprise(enterprise);
  const [opened, setOpened] = useState(false);
  const [typed, setTyped] = useState('');
  const matches = typed.trim() === enterprise.enterpriseIdentifier;

  function close() {
    setOpened(false);
    setTyped('');
  }

  function confirm() {
    if (!matches) return;
    remove.mutate(typed.trim(), {
      onSuccess: async () => {
        notifications.show({ color: 'green', message: `Enterprise ${enterprise.name} was deleted` });
        await navigate({ to: '/enterprises' });
        // Only now, with the enterprise's pages gone, may its cached data go.
        queryClient.removeQueries({ queryKey: enterpriseKeys.detail(enterprise.enterpriseIdentifier) });
        queryClient.removeQueries({ queryKey: enterpriseKeys.userInfo(enterprise.deptId) });
      },
    });
  }

  return (
    <Paper withBorder p="xl" style={{ borderColor: 'var(--mantine-color-red-4)' }} data-testid="danger-zone">
      <Stack gap="sm">
        <Title order={2} fz="lg" c="red.7">
          Danger zone
        </Title>
        <Group justify="space-between" align="center" wrap="wrap" gap="md">
          <Stack gap={2} maw={480}>
            <Text fw={600}>Delete this enterprise</Text>
            <Text size="sm" c="dimmed">
              Its members, roles and everything in it are deleted for good. This cannot be undone.
            </Text>
          </Stack>
          <Button
            color="red"
            variant="outline"
            leftSection={<IconTrash size={16} />}
            onClick={() => setOpened(true)}
          >
            Delete enterprise
          </Button>
        </Group>
      </Stack>
      <ConfirmModal
        opened={opened}
        onClose={close}
        title="Delete enterprise"
        confirmLabel="Delete"
        loading={remove.isPending}
        confirmDisabled={!matches}
        onConfirm={confirm}
      >
        <Stack gap="sm">
          <Text size="sm">
            This deletes <b>{enterprise.name}</b> with all its members, roles and data. To confirm, type its
            identifier <Code>{enterprise.enterpriseIdentifier}</Code> below.
          </Text>
          <TextInput
            data-autofocus
            label="Type the identifier to confirm"
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') confirm();
            }}
            autoComplete="off"
          />
        </Stack>
      </ConfirmModal>
    </Paper>
  );
}
