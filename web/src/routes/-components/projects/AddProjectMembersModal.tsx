import { Avatar, Checkbox, Group, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { ProjectMember } from '@shared/schemas/projects';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PeopleSearch } from '../../../components/PeopleSearch/PeopleSearch';
import { initials } from '../../../components/UserMenu/UserMenu';
import { BusyModal, ModalActions } from '../../../kit/FormModal/FormModal';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import { memberListQueryOptions } from '../../../queries/members';
import { useAddProjectMembers } from '../../../queries/projects';

/** At most this many people in one request (AddProjectMembersBodySchema). */
const MAX_AT_ONCE = 50;

interface AddProjectMembersModalProps {
  opened: boolean;
  onClose: () => void;
  projectId: string;
  current: readonly ProjectMember[];
}

/** Picks enterprise members (searched by name) and adds them to the project: `POST {userIds}`. */
export function AddProjectMembersModal({ opened, onClose, projectId, current }: AddProjectMembersModalProps) {
  const { enterprise, can } = useCurrentEnterprise();
  const [search, setSearch] = useState('');
  const [keyword] = useDebouncedValue(search.trim(), 250);
  const [picked, setPicked] = useState<Map<string, string>>(new Map());
  // Choosing people means seeing the enterprise's member list.
  const canList = can('enterprise:member:list');
  const people = useQuery({
    ...memberListQueryOptions(enterprise.enterpriseIdentifier, { keyword, pageSize: 20 }),
    placeholderData: keepPreviousData,
    enabled: opened && canList,
  });
  const add = useAddProjectMembers(projectId);
  const inProject = new Set(current.map((member) => member.userId));

  function close() {
    setSearch('');
    setPicked(new Map());
    onClose();
  }

  function toggle(userId: string, name: string) {
    setPicked((prev) => {
      const next = new Map(prev);
      if (next.has(userId)) next.delete(userId);
      else if (next.size < MAX_AT_ONCE) next.set(userId, name);
      return next;
    });
  }

  function submit() {
    if (picked.size === 0) return;
    add.mutate(
      { userIds: [...picked.keys()] },
      {
        onSuccess: (added) => {
          notifications.show({
            color: 'green',
            message: `${added.length} ${added.length === 1 ? 'member' : 'members'} added to the project`,
          });
          close();
        },
      },
    );
  }

  return (
    <BusyModal opened={opened} onClose={close} busy={add.isPending} title="Add members" size="md">
      <Stack gap="md">
        {!canList ? (
          <Text size="sm" c="dimmed">
            Picking people needs the “View members” permission of the enterprise.
          </Text>
        ) : (
          <PeopleSearch
            label="Search enterprise members"
            search={search}
            onSearch={setSearch}
            query={people}
            rows={people.data?.rows}
            maxHeight={340}
            failed="The members could not be loaded."
            empty={keyword ? `No member matches “${keyword}”.` : 'The enterprise has no members yet.'}
          >
            {(rows) => (
              <Stack gap={2} data-testid="project-member-candidates">
                {rows.map((person) => {
                  const name = person.nickname || person.login;
                  const already = inProject.has(person.userId);
                  return (
                    <Group key={person.userId} gap="sm" wrap="nowrap" py={6} px={4}>
                      <Checkbox
                        aria-label={`${name} (@${person.login})`}
                        checked={already || picked.has(person.userId)}
                        disabled={already || add.isPending}
                        onChange={() => toggle(person.userId, name)}
                      />
                      <Avatar size={28} radius="xl" color="brand">
                        {initials(name)}
                      </Avatar>
                      <Stack gap={0} miw={0} style={{ flex: 1 }}>
                        <Text size="sm" fw={550} truncate>
                          {name}
                        </Text>
                        <Text size="xs" c="dimmed" truncate>
                          @{person.login}
                          {already ? ' · already in the project' : ''}
                        </Text>
                      </Stack>
                    </Group>
                  );
                })}
              </Stack>
            )}
          </PeopleSearch>
        )}
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {picked.size === 0
              ? 'Nobody chosen'
              : `${picked.size} chosen: ${[...picked.values()].join(', ')}`}
          </Text>
          <ModalActions
            onCancel={close}
            pending={add.isPending}
            label="Add members"
            onConfirm={submit}
            disabled={picked.size === 0}
          />
        </Group>
      </Stack>
    </BusyModal>
  );
}
