import { Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { ActionButton } from '../../../kit/ActionButton/ActionButton';
import { ConfirmedAction } from '../../../kit/ConfirmedAction/ConfirmedAction';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import { enterpriseKeys, useDeleteEnterprise } from '../../../queries/enterprise';

/** The danger zone: deleting the enterprise, confirmed by typing its identifier. */
export function DeleteEnterpriseSection() {
  const { enterprise } = useCurrentEnterprise();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const remove = useDeleteEnterprise(enterprise);
  function confirm() {
    // The modal confirms only once the identifier typed matches it.
    remove.mutate(enterprise.enterpriseIdentifier, {
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
          <ConfirmedAction
            trigger={(open) => (
              <ActionButton color="red" size="sm" variant="outline" icon={IconTrash} onClick={open}>
                Delete enterprise
              </ActionButton>
            )}
            title="Delete enterprise"
            loading={remove.isPending}
            typeToConfirm={{
              expected: enterprise.enterpriseIdentifier,
              inputLabel: 'Type the identifier to confirm',
            }}
            onConfirm={confirm}
          >
            <Text size="sm">
              This deletes <b>{enterprise.name}</b> with all its members, roles and data. To confirm, type its
              identifier <Code>{enterprise.enterpriseIdentifier}</Code> below.
            </Text>
          </ConfirmedAction>
        </Group>
      </Stack>
    </Paper>
  );
}
