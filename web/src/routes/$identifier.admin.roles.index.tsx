import { Badge, Code, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { Role } from '@shared/schemas/system';
import { IconEye, IconPencil, IconPlus, IconShieldLock } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { ConfirmRemoveModal } from '../components/ConfirmModal/ConfirmModal';
import { LinkActionIcon, LinkAnchor, LinkButton } from '../components/Links/Links';
import { PageTitle } from '../components/PageTitle/PageTitle';
import { NothingYet } from '../kit/ListPage/ListPage';
import { TextCell } from '../kit/ListTable/cells';
import { type ListColumn, ListTable } from '../kit/ListTable/ListTable';
import { actionsColumn, DeleteAction } from '../kit/ListTable/RowActions';
import { useCurrentEnterprise } from '../lib/current-enterprise';
import { accessGuard, loadQuery } from '../lib/route-guards';
import { roleListQueryOptions, useDeleteRole } from '../queries/roles';

export const Route = createFileRoute('/$identifier/admin/roles/')({
  beforeLoad: accessGuard('adminRoles'),
  loader: (load) => loadQuery(roleListQueryOptions(load.context.enterprise.deptId), load),
  component: RolesPage,
});

function RolesPage() {
  const { enterprise, can } = useCurrentEnterprise();
  useDocumentTitle(`Roles · ${enterprise.name}`);
  const { data: roles } = useSuspenseQuery(roleListQueryOptions(enterprise.deptId));
  const remove = useDeleteRole(enterprise.deptId);
  const [deleting, setDeleting] = useState<Role | null>(null);
  const identifier = enterprise.enterpriseIdentifier;
  const canAdd = can('system:role:add');
  const canEdit = can('system:role:edit');
  const canRemove = can('system:role:remove');

  return (
    <Stack gap="lg" maw={1200}>
      <Group justify="space-between" align="flex-end">
        <PageTitle title="Roles">A member's permissions are those of all their roles together.</PageTitle>
        {canAdd && (
          <LinkButton
            to="/$identifier/admin/roles/add"
            params={{ identifier }}
            leftSection={<IconPlus size={16} />}
          >
            New role
          </LinkButton>
        )}
      </Group>

      <Paper withBorder p={0}>
        {roles.length === 0 ? (
          <NothingYet
            icon={<IconShieldLock size={28} />}
            title="No roles yet"
            description="Create a role to decide what its members may do."
          />
        ) : (
          <ListTable
            rows={roles}
            rowKey={(role) => role.roleId}
            columns={roleColumns(identifier, canEdit, canRemove, setDeleting)}
            testId="roles-table"
            rowTestId={(role) => `role-row-${role.roleKey}`}
            highlightOnHover={false}
          />
        )}
      </Paper>

      <ConfirmRemoveModal
        target={deleting}
        idOf={(role) => role.roleId}
        remove={remove}
        removed={(role) => `Role ${role.roleName} deleted`}
        // On failure (say, members still hold the role) the client has shown why.
        closeWhenRefused
        onClose={() => setDeleting(null)}
        title="Delete role"
      >
        {(role) => (
          <Text size="sm">
            Delete the role <b>{role.roleName}</b>?{' '}
            {role.memberCount
              ? `${role.memberCount} ${role.memberCount === 1 ? 'member holds' : 'members hold'} it; take it from them first.`
              : 'No member holds it.'}
          </Text>
        )}
      </ConfirmRemoveModal>
    </Stack>
  );
}

function roleColumns(
  identifier: string,
  canEdit: boolean,
  canRemove: boolean,
  onDelete: (role: Role) => void,
): ListColumn<Role>[] {
  return [
    {
      key: 'name',
      title: 'Name',
      render: (role) => (
        <Group gap="xs" wrap="nowrap">
          <LinkAnchor
            to="/$identifier/admin/roles/$roleId"
            params={{ identifier, roleId: role.roleId }}
            fw={550}
            size="sm"
            c="var(--mantine-color-text)"
          >
            {role.roleName}
          </LinkAnchor>
          {role.builtIn && (
            <Badge size="xs" variant="light" color="gray">
              Built-in
            </Badge>
          )}
        </Group>
      ),
    },
    { key: 'key', title: 'Key', render: (role) => <Code>{role.roleKey}</Code> },
    { key: 'remark', title: 'Remark', role: 'title', render: (role) => <TextCell value={role.remark} /> },
    {
      key: 'members',
      title: 'Members',
      align: 'right',
      render: (role) => <Text size="sm">{role.memberCount}</Text>,
    },
    actionsColumn((role) => (
      <>
        <Tooltip label={canEdit ? 'Edit' : 'View'}>
          <LinkActionIcon
            to="/$identifier/admin/roles/$roleId"
            params={{ identifier, roleId: role.roleId }}
            variant="subtle"
            color="gray"
            aria-label={`${canEdit ? 'Edit' : 'View'} role ${role.roleName}`}
          >
            {canEdit ? <IconPencil size={18} /> : <IconEye size={18} />}
          </LinkActionIcon>
        </Tooltip>
        {canRemove && !role.builtIn && (
          <DeleteAction label={`Delete role ${role.roleName}`} onClick={() => onDelete(role)} />
        )}
      </>
    )),
  ];
}
