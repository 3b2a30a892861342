import {
  Badge,
  Button,
  type ButtonProps,
  type ElementProps,
  Group,
  MultiSelect,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { InviteBodySchema } from '@shared/schemas/email';
import { IconMail } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { ActionButton } from '../../../kit/ActionButton/ActionButton';
import { showServerFieldError } from '../../../lib/server-errors';
import { zodResolver } from '../../../lib/zod-resolver';
import {
  invitationsQueryOptions,
  useInvite,
  useResendInvitation,
  useRevokeInvitation,
} from '../../../queries/email';
import { roleListQueryOptions } from '../../../queries/roles';

interface InvitationsProps {
  identifier: string;
  deptId: string;
  /** Whether the roles can be listed (otherwise invitees get the member role). */
  canChooseRoles: boolean;
}

/** A row's button that sends one request about that invitation, spinning while it runs. */
function RequestButton({
  request,
  id,
  ...button
}: ButtonProps &
  ElementProps<'button', keyof ButtonProps> & {
    request: { isPending: boolean; variables: string | undefined; mutate: (id: string) => void };
    id: string;
  }) {
  return (
    <Button
      size="xs"
      loading={request.isPending && request.variables === id}
      onClick={() => request.mutate(id)}
      {...button}
    />
  );
}

/** Invite by email, and the pending invitations with resend and revoke (docs/email.md). */
export function Invitations({ identifier, deptId, canChooseRoles }: InvitationsProps) {
  const invitations = useQuery(invitationsQueryOptions(identifier));
  const roles = useQuery({ ...roleListQueryOptions(deptId), enabled: canChooseRoles });
  const invite = useInvite(identifier);
  const resend = useResendInvitation(identifier);
  const revoke = useRevokeInvitation(identifier);
  const form = useForm({
    initialValues: { email: '', roleIds: [] as string[] },
    validate: zodResolver(InviteBodySchema),
  });
  const submit = form.onSubmit((values) =>
    invite.mutate(InviteBodySchema.parse(values), {
      onSuccess: (sent) => {
        notifications.show({ color: 'green', message: `An invitation is on its way to ${sent.email}` });
        form.reset();
      },
      onError: (error) => showServerFieldError(form, error),
    }),
  );
  const rows = invitations.data ?? [];

  return (
    <Paper withBorder p="md" data-testid="invitations">
      <Stack gap="md">
        <Title order={2} fz="md">
          Invite by email
        </Title>
        <form onSubmit={submit} noValidate>
          <Group align="flex-end" wrap="wrap">
            <TextInput
              label="Email"
              placeholder="name@example.com"
              w={280}
              {...form.getInputProps('email')}
            />
            {canChooseRoles && (
              <MultiSelect
                label="Roles"
                placeholder="Member"
                w={280}
                data={(roles.data ?? []).map((role) => ({ value: role.roleId, label: role.roleName }))}
                searchable
                clearable
                comboboxProps={{ withinPortal: true }}
                {...form.getInputProps('roleIds')}
              />
            )}
            <ActionButton type="submit" variant="filled" size="sm" icon={IconMail} loading={invite.isPending}>
              Send invitation
            </ActionButton>
          </Group>
        </form>
        {rows.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="invitations-empty">
            No pending invitations. Invite someone by their email address above.
          </Text>
        ) : (
          <Table data-testid="invitation-list">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Email</Table.Th>
                <Table.Th>Roles</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Link expires</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td>{row.email}</Table.Td>
                  <Table.Td>{row.roles.map((r) => r.roleName).join(', ')}</Table.Td>
                  <Table.Td>
                    <Badge color={row.status === 'expired' ? 'gray' : 'blue'} variant="light">
                      {row.status}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{new Date(row.expiresAt).toLocaleString()}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <RequestButton
                        request={resend}
                        id={row.id}
                        variant="light"
                        aria-label={`Resend to ${row.email}`}
                      >
                        Resend
                      </RequestButton>
                      <RequestButton
                        request={revoke}
                        id={row.id}
                        variant="subtle"
                        color="red"
                        aria-label={`Revoke ${row.email}`}
                      >
                        Revoke
                      </RequestButton>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}
