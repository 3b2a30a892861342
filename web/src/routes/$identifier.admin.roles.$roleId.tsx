import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { RoleUpdateBody } from '@shared/schemas/system';
import { useSuspenseQueries } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useCurrentEnterprise } from '../lib/current-enterprise';
import { accessGuard, guardedLoad } from '../lib/route-guards';
import { roleMenuTreeQueryOptions, roleQueryOptions, useUpdateRole } from '../queries/roles';
import { isAdminRole, RoleForm } from './-components/roles/RoleForm';

export const Route = createFileRoute('/$identifier/admin/roles/$roleId')({
  beforeLoad: accessGuard('adminRoleEdit'),
  loader: ({ context: { queryClient, enterprise }, params, location }) =>
    guardedLoad(
      () =>
        Promise.all([
          queryClient.ensureQueryData(roleQueryOptions(enterprise.deptId, params.roleId)),
          queryClient.ensureQueryData(roleMenuTreeQueryOptions(enterprise.deptId, params.roleId)),
        ]),
      location.publicHref,
    ),
  component: EditRolePage,
});

function EditRolePage() {
  const { enterprise, can } = useCurrentEnterprise();
  const { roleId } = Route.useParams();
  const navigate = useNavigate();
  const [{ data: role }, { data: menuTree }] = useSuspenseQueries({
    queries: [
      roleQueryOptions(enterprise.deptId, roleId),
      roleMenuTreeQueryOptions(enterprise.deptId, roleId),
    ],
  });
  useDocumentTitle(`${role.roleName} · Roles · ${enterprise.name}`);
  const update = useUpdateRole(enterprise.deptId);
  const readOnly = !can('system:role:edit');
  const identifier = enterprise.enterpriseIdentifier;

  return (
    <Stack gap="lg" maw={1100}>
      <Stack gap={4}>
        <Group gap="sm">
          <Title order={1} fz={26}>
            {role.roleName}
          </Title>
          {role.builtIn && (
            <Badge variant="light" color="gray">
              Built-in
            </Badge>
          )}
        </Group>
        <Text c="dimmed">
          {role.memberCount} {role.memberCount === 1 ? 'member holds' : 'members hold'} this role.
        </Text>
      </Stack>
      <RoleForm
        // A new version from the server starts the form afresh.
        key={`${role.roleId}:${role.version}`}
        identifier={identifier}
        menuTree={menuTree}
        role={role}
        readOnly={readOnly}
        submitting={update.isPending}
        onSubmit={async (values) => {
          const body: RoleUpdateBody = {
            roleName: values.roleName,
            remark: values.remark,
            version: role.version,
          };
          // Built-in roles keep their key; the administrator role keeps every permission.
          if (!role.builtIn) body.roleKey = values.roleKey;
          if (!isAdminRole(role)) body.permissions = values.permissions;
          const saved = await update.mutateAsync({ roleId: role.roleId, body });
          notifications.show({ color: 'green', message: `Role ${saved.roleName} saved` });
          await navigate({ to: '/$identifier/admin/roles', params: { identifier } });
        }}
      />
    </Stack>
  );
}
