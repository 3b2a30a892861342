import { ActionIcon, Avatar, Badge, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { formatShortDate } from '@shared/format';
import type { Member } from '@shared/schemas/enterprise';
import { IconCrown, IconTrash, IconUserCog } from '@tabler/icons-react';
import { initials } from '../../../components/UserMenu/UserMenu';

interface MembersTableProps {
  members: Member[];
  currentUserId: string;
  /** Present when the user may change roles (system:role:assign). */
  onEditRoles?: (member: Member) => void;
  /** Present when the user may remove members (enterprise:member:remove). */
  onRemove?: (member: Member) => void;
}

export function MembersTable({ members, currentUserId, onEditRoles, onRemove }: MembersTableProps) {
  const withActions = Boolean(onEditRoles || onRemove);
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="sm" data-testid="members-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Member</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Roles</Table.Th>
            <Table.Th>Joined</Table.Th>
            {withActions && (
              <Table.Th w={110} ta="right">
                Actions
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {members.map((member) => {
            const name = member.nickname || member.login;
            const self = member.userId === currentUserId;
            return (
              <Table.Tr key={member.userId} data-testid={`member-row-${member.login}`}>
                <Table.Td>
                  <Group gap="sm" wrap="nowrap">
                    <Avatar size={34} radius="xl" color="brand">
                      {initials(name)}
                    </Avatar>
                    <Stack gap={0} miw={0}>
                      <Group gap={6} wrap="nowrap">
                        <Text fw={550} size="sm" truncate>
                          {name}
                        </Text>
                        {member.isOwner && (
                          <Tooltip label="Owner of the enterprise">
                            <Badge
                              size="xs"
                              color="yellow"
                              variant="light"
                              leftSection={<IconCrown size={10} />}
                              data-testid="owner-badge"
                            >
                              Owner
                            </Badge>
                          </Tooltip>
                        )}
                        {self && (
                          <Badge size="xs" color="gray" variant="outline">
                            You
                          </Badge>
                        )}
                      </Group>
                      <Text size="xs" c="dimmed" truncate>
                        @{member.login}
                      </Text>
                    </Stack>
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{member.email}</Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {member.roles.length === 0 && (
                      <Text size="sm" c="dimmed">
                        No role
                      </Text>
                    )}
                    {member.roles.map((role) => (
                      <Badge
                        key={role.roleId}
                        variant="light"
                        color={role.roleKey === 'admin' ? 'grape' : 'brand'}
                      >
                        {role.roleName}
                      </Badge>
                    ))}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c="dimmed">
                    {formatShortDate(member.joinedAt)}
                  </Text>
                </Table.Td>
                {withActions && (
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      {onEditRoles && (
                        <Tooltip label="Change roles">
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            aria-label={`Change roles of ${member.login}`}
                            onClick={() => onEditRoles(member)}
                          >
                            <IconUserCog size={18} />
                          </ActionIcon>
                        </Tooltip>
                      )}
                      {onRemove && !member.isOwner && !self && (
                        <Tooltip label="Remove from the enterprise">
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`Remove ${member.login}`}
                            onClick={() => onRemove(member)}
                          >
                            <IconTrash size={18} />
                          </ActionIcon>
                        </Tooltip>
                      )}
                    </Group>
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
