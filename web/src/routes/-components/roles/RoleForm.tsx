import { Alert, Button, Group, Paper, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ADMIN_ROLE_KEY, WILDCARD_PERMISSION } from '@shared/permissions/catalogue';
import type { Role, RoleBody, RoleMenuTree } from '@shared/schemas/system';
import { IconInfoCircle } from '@tabler/icons-react';
import { LinkButton } from '../../../components/Links/Links';
import { PermissionTree } from '../../../components/PermissionTree/PermissionTree';
import { RoleFormSchema } from '../../../lib/form-schemas';
import { showServerFieldError } from '../../../lib/server-errors';
import { useAutofocus } from '../../../lib/use-autofocus';
import { zodResolver } from '../../../lib/zod-resolver';

export interface RoleFormValues {
  roleName: string;
  roleKey: string;
  remark: string;
  permissions: string[];
}

interface RoleFormProps {
  identifier: string;
  menuTree: RoleMenuTree;
  /** The role being edited; absent when creating one. */
  role?: Role;
  /** The user may look but not change (no system:role:edit). */
  readOnly?: boolean;
  submitting: boolean;
  onSubmit: (values: RoleBody) => Promise<unknown>;
}

/** Whether a role is the administrator role, which holds every permission and keeps them. */
export function isAdminRole(role: Pick<Role, 'roleKey' | 'permissions'> | undefined): boolean {
  return (
    role !== undefined && (role.roleKey === ADMIN_ROLE_KEY || role.permissions.includes(WILDCARD_PERMISSION))
  );
}

/** Name, key, remark and the role-to-menu permission tree. */
export function RoleForm({
  identifier,
  menuTree,
  role,
  readOnly = false,
  submitting,
  onSubmit,
}: RoleFormProps) {
  const admin = isAdminRole(role);
  const firstField = useAutofocus();
  const form = useForm<RoleFormValues>({
    initialValues: {
      roleName: role?.roleName ?? '',
      roleKey: role?.roleKey ?? '',
      remark: role?.remark ?? '',
      permissions: menuTree.checkedKeys,
    },
    validate: zodResolver(RoleFormSchema),
    validateInputOnBlur: true,
  });

  const submit = form.onSubmit(async (values) => {
    try {
      await onSubmit(RoleFormSchema.parse(values));
    } catch (error) {
      showServerFieldError(form, error);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Paper withBorder p="xl">
          <Stack gap="md">
            <Group grow align="flex-start" wrap="wrap">
              <TextInput
                ref={firstField}
                label="Role name"
                placeholder="Developer"
                readOnly={readOnly}
                miw={220}
                {...form.getInputProps('roleName')}
              />
              <TextInput
                label="Role key"
                placeholder="developer"
                description={
                  role?.builtIn
                    ? 'Built-in roles keep their key.'
                    : 'Lowercase letters, digits, _ or -; starts with a letter.'
                }
                readOnly={readOnly || role?.builtIn}
                disabled={role?.builtIn}
                styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                miw={220}
                {...form.getInputProps('roleKey')}
              />
            </Group>
            <Textarea
              label="Remark"
              placeholder="What people with this role do (optional)"
              autosize
              minRows={2}
              maxRows={6}
              readOnly={readOnly}
              {...form.getInputProps('remark')}
            />
          </Stack>
        </Paper>

        <Paper withBorder p="xl">
          <Stack gap="sm">
            {admin && (
              <Alert icon={<IconInfoCircle size={18} />} color="grape" variant="light">
                The administrator role holds every permission, now and as the product grows. Its permissions
                cannot be changed.
              </Alert>
            )}
            <PermissionTree
              menus={menuTree.menus}
              value={admin ? [WILDCARD_PERMISSION] : form.getValues().permissions}
              onChange={(permissions) => form.setFieldValue('permissions', permissions)}
              disabled={readOnly || admin}
              description="What members holding this role may see and do."
              error={form.errors.permissions}
            />
          </Stack>
        </Paper>

        <Group justify="flex-end">
          <LinkButton to="/$identifier/admin/roles" params={{ identifier }} variant="default">
            {readOnly ? 'Back to roles' : 'Cancel'}
          </LinkButton>
          {!readOnly && (
            <Button type="submit" loading={submitting}>
              Save
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
