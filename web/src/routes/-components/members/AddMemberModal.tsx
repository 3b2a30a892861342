import { Avatar, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconUserPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PeopleSearch } from '../../../components/PeopleSearch/PeopleSearch';
import { initials } from '../../../components/UserMenu/UserMenu';
import { ActionButton } from '../../../kit/ActionButton/ActionButton';
import { candidateUsersQueryOptions, useAddMember } from '../../../queries/members';

interface AddMemberModalProps {
  opened: boolean;
  onClose: () => void;
  identifier: string;
  deptId: string;
}

/** Finds registered users who are not members yet and adds them (with the member role). */
export function AddMemberModal({ opened, onClose, identifier, deptId }: AddMemberModalProps) {
  const [search, setSearch] = useState('');
  const [keyword] = useDebouncedValue(search.trim(), 250);
  const candidates = useQuery({ ...candidateUsersQueryOptions(deptId, keyword), enabled: opened });
  const add = useAddMember(identifier);

  function close() {
    setSearch('');
    onClose();
  }

  return (
    <Modal opened={opened} onClose={close} title="Add member" size="md">
      <Stack gap="md">
        <PeopleSearch
          label="Search users"
          search={search}
          onSearch={setSearch}
          query={candidates}
          rows={candidates.data}
          maxHeight={360}
          failed="The users could not be loaded."
          empty={
            keyword
              ? `No registered user matching “${keyword}” is outside the enterprise.`
              : 'Everyone registered is already a member.'
          }
          emptyTestId="candidates-empty"
        >
          {(users) => (
            <Stack gap={4} data-testid="candidate-list">
              {users.map((user) => {
                const name = user.nickname || user.login;
                const adding = add.isPending && add.variables === user.gitlinkUserId;
                return (
                  <Group key={user.userId} justify="space-between" wrap="nowrap" py={6}>
                    <Group gap="sm" wrap="nowrap" miw={0}>
                      <Avatar size={32} radius="xl" color="brand">
                        {initials(name)}
                      </Avatar>
                      <Stack gap={0} miw={0}>
                        <Text size="sm" fw={550} truncate>
                          {name}
                        </Text>
                        <Text size="xs" c="dimmed" truncate>
                          @{user.login}
                        </Text>
                      </Stack>
                    </Group>
                    <ActionButton
                      variant="light"
                      icon={IconUserPlus}
                      loading={adding}
                      disabled={add.isPending && !adding}
                      aria-label={`Add ${user.login}`}
                      onClick={() =>
                        add.mutate(user.gitlinkUserId, {
                          onSuccess: () =>
                            notifications.show({ color: 'green', message: `${name} is now a member` }),
                        })
                      }
                    >
                      Add
                    </ActionButton>
                  </Group>
                );
              })}
            </Stack>
          )}
        </PeopleSearch>
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Done
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
