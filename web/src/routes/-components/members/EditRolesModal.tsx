import { Modal, MultiSelect, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { Member } from '@shared/schemas/enterprise';
import { AssignUserBodySchema } from '@shared/schemas/system';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ModalActions } from '../../../kit/FormModal/FormModal';
import { zodResolver } from '../../../lib/zod-resolver';
import { useAssignRoles } from '../../../queries/members';
import { roleListQueryOptions } from '../../../queries/roles';

interface EditRolesModalProps {
  member: Member | null;
  onClose: () => void;
  deptId: string;
}

/** Sets a member's roles (PUT dept/{deptId}/users/{userId} { roleIds }). */
export function EditRolesModal({ member, onClose, deptId }: EditRolesModalProps) {
  const roles = useQuery({ ...roleListQueryOptions(deptId), enabled: member !== null });
  const assign = useAssignRoles(deptId);
  const form = useForm<{ roleIds: string[] }>({
    initialValues: { roleIds: [] },
    validate: zodResolver(AssignUserBodySchema),
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when another member is opened
  useEffect(() => {
    if (member) form.setValues({ roleIds: member.roles.map((role) => role.roleId) });
    form.clearErrors();
  }, [member]);

  const submit = form.onSubmit(({ roleIds }) => {
    if (!member) return;
    assign.mutate(
      { userId: member.userId, roleIds },
      {
        onSuccess: () => {
          notifications.show({
            color: 'green',
            message: `Roles of ${member.nickname || member.login} saved`,
          });
          onClose();
        },
      },
    );
  });

  return (
    <Modal opened={member !== null} onClose={onClose} title="Change roles">
      {member && (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text size="sm">
              Roles of <b>{member.nickname || member.login}</b> (@{member.login}). Their permissions are those
              of all their roles together.
            </Text>
            <MultiSelect
              data-autofocus
              label="Roles"
              placeholder={roles.isPending ? 'Loading roles…' : 'Choose roles'}
              data={(roles.data ?? []).map((role) => ({ value: role.roleId, label: role.roleName }))}
              disabled={roles.isPending}
              searchable
              clearable
              nothingFoundMessage="No role matches"
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps('roleIds')}
            />
            <ModalActions onCancel={onClose} pending={assign.isPending} label="Save" />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
