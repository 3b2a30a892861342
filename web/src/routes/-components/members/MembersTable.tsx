import { Badge, Group, Tooltip } from '@mantine/core';
import type { Member } from '@shared/schemas/enterprise';
import { IconCrown, IconTrash, IconUserCog } from '@tabler/icons-react';
import { ShortDate } from '../../../components/RelativeTime/ShortDate';
import { PersonCell, TextCell, YouBadge } from '../../../kit/ListTable/cells';
import { type ListColumn, ListTable } from '../../../kit/ListTable/ListTable';
import { actionsColumn, RowAction } from '../../../kit/ListTable/RowActions';

interface MembersTableProps {
  members: Member[];
  currentUserId: string;
  /** Present when the user may change roles (system:role:assign). */
  onEditRoles?: (member: Member) => void;
  /** Present when the user may remove members (enterprise:member:remove). */
  onRemove?: (member: Member) => void;
}

function MemberCell({ member, self }: { member: Member; self: boolean }) {
  return (
    <PersonCell name={member.nickname || member.login} login={member.login}>
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
      {self && <YouBadge />}
    </PersonCell>
  );
}

function RolesCell({ member }: { member: Member }) {
  if (member.roles.length === 0) return <TextCell value="No role" dimmed />;
  return (
    <Group gap={4}>
      {member.roles.map((role) => (
        <Badge key={role.roleId} variant="light" color={role.roleKey === 'admin' ? 'grape' : 'brand'}>
          {role.roleName}
        </Badge>
      ))}
    </Group>
  );
}

export function MembersTable({ members, currentUserId, onEditRoles, onRemove }: MembersTableProps) {
  const columns: ListColumn<Member>[] = [
    {
      key: 'member',
      title: 'Member',
      render: (member) => <MemberCell member={member} self={member.userId === currentUserId} />,
    },
    { key: 'email', title: 'Email', role: 'title', render: (member) => <TextCell value={member.email} /> },
    { key: 'roles', title: 'Roles', render: (member) => <RolesCell member={member} /> },
    {
      key: 'joined',
      title: 'Joined',
      role: 'secondary',
      render: (member) => <TextCell value={<ShortDate value={member.joinedAt} />} dimmed />,
    },
  ];
  if (onEditRoles || onRemove) {
    columns.push(
      actionsColumn((member) => (
        <>
          {onEditRoles && (
            <RowAction
              tooltip="Change roles"
              label={`Change roles of ${member.login}`}
              icon={<IconUserCog size={18} />}
              onClick={() => onEditRoles(member)}
            />
          )}
          {onRemove && !member.isOwner && member.userId !== currentUserId && (
            <RowAction
              tooltip="Remove from the enterprise"
              color="red"
              label={`Remove ${member.login}`}
              icon={<IconTrash size={18} />}
              onClick={() => onRemove(member)}
            />
          )}
        </>
      )),
    );
  }
  return (
    <ListTable
      rows={members}
      rowKey={(member) => member.userId}
      columns={columns}
      testId="members-table"
      rowTestId={(member) => `member-row-${member.login}`}
      highlightOnHover={false}
    />
  );
}
