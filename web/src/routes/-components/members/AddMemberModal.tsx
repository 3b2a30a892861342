import {
  Avatar,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  ScrollArea,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconSearch, IconUserPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { initials } from '../../../components/UserMenu/UserMenu';
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
        <TextInput
          data-autofocus
          label="Search users"
          placeholder="Login, nickname or email"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          rightSection={candidates.isFetching ? <Loader size={14} /> : undefined}
        />
        <ScrollArea.Autosize mah={360} type="auto">
          {candidates.isPending ? (
            <Center py="lg">
              <Loader size="sm" />
            </Center>
          ) : candidates.isError ? (
            <Text c="red" size="sm" py="md" ta="center">
              The users could not be loaded.
            </Text>
          ) : candidates.data.length === 0 ? (
            <Text c="dimmed" size="sm" py="md" ta="center" data-testid="candidates-empty">
              {keyword
                ? `No registered user matching “${keyword}” is outside the enterprise.`
                : 'Everyone registered is already a member.'}
            </Text>
          ) : (
            <Stack gap={4} data-testid="candidate-list">
              {candidates.data.map((user) => {
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
                    <Button
                      size="xs"
                      variant="light"
                      leftSection={<IconUserPlus size={14} />}
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
                    </Button>
                  </Group>
                );
              })}
            </Stack>
          )}
        </ScrollArea.Autosize>
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Done
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
