import { Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { PageTitle } from '../components/PageTitle/PageTitle';
import { useCurrentEnterprise } from '../lib/current-enterprise';
import { accessGuard, loadQuery } from '../lib/route-guards';
import { roleMenuTreeQueryOptions, useCreateRole } from '../queries/roles';
import { RoleForm } from './-components/roles/RoleForm';

export const Route = createFileRoute('/$identifier/admin/roles/add')({
  beforeLoad: accessGuard('adminRoleAdd'),
  loader: (load) => loadQuery(roleMenuTreeQueryOptions(load.context.enterprise.deptId, null), load),
  component: AddRolePage,
});

function AddRolePage() {
  const { enterprise } = useCurrentEnterprise();
  useDocumentTitle(`New role · ${enterprise.name}`);
  const navigate = useNavigate();
  const { data: menuTree } = useSuspenseQuery(roleMenuTreeQueryOptions(enterprise.deptId, null));
  const create = useCreateRole(enterprise.deptId);
  const identifier = enterprise.enterpriseIdentifier;

  return (
    <Stack gap="lg" maw={1100}>
      <PageTitle title="New role">Name the role and choose what its members may do.</PageTitle>
      <RoleForm
        identifier={identifier}
        menuTree={menuTree}
        submitting={create.isPending}
        onSubmit={async (body) => {
          const role = await create.mutateAsync(body);
          notifications.show({ color: 'green', message: `Role ${role.roleName} created` });
          await navigate({ to: '/$identifier/admin/roles', params: { identifier } });
        }}
      />
    </Stack>
  );
}
