import { Badge, Group, Skeleton, Stack, Text } from '@mantine/core';
import type { ProjectMember } from '@shared/schemas/projects';
import { IconTrash, IconUserPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmRemoveModal } from '../../../components/ConfirmModal/ConfirmModal';
import { ActionButton } from '../../../kit/ActionButton/ActionButton';
import { PersonCell, YouBadge } from '../../../kit/ListTable/cells';
import { RowAction } from '../../../kit/ListTable/RowActions';
import { TitledCard } from '../../../kit/TitledCard/TitledCard';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import { projectMembersQueryOptions, useRemoveProjectMember } from '../../../queries/projects';
import { AddProjectMembersModal } from './AddProjectMembersModal';

/** Who works in the project; those allowed (project:member:edit) add and remove people. */
export function ProjectMembersPanel({ projectId, projectName }: { projectId: string; projectName: string }) {
  const { me, can } = useCurrentEnterprise();
  const { data: members, isPending } = useQuery(projectMembersQueryOptions(projectId));
  const remove = useRemoveProjectMember(projectId);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<ProjectMember | null>(null);
  const canEdit = can('project:member:edit');

  return (
    <TitledCard
      title={`Members${members ? ` (${members.length})` : ''}`}
      action={
        canEdit && (
          <ActionButton
            size="compact-sm"
            variant="subtle"
            icon={IconUserPlus}
            onClick={() => setAdding(true)}
          >
            Add members
          </ActionButton>
        )
      }
    >
      {isPending ? (
        <Stack gap="xs" aria-busy>
          {[0, 1, 2].map((key) => (
            <Group key={key} gap="sm">
              <Skeleton h={30} w={30} circle />
              <Skeleton h={12} w="50%" />
            </Group>
          ))}
        </Stack>
      ) : !members || members.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nobody works in this project yet.
        </Text>
      ) : (
        <Stack gap={6} data-testid="project-members">
          {members.map((member) => {
            const name = member.nickname || member.login;
            const manager = member.projectMemberInfo.role === 'manager';
            return (
              <Group
                key={member.userId}
                justify="space-between"
                wrap="nowrap"
                data-testid={`project-member-${member.login}`}
              >
                <PersonCell name={name} login={member.login} size={30}>
                  {member.userId === me.userId && <YouBadge />}
                </PersonCell>
                <Group gap={4} wrap="nowrap">
                  {manager && (
                    <Badge size="sm" variant="light" color="grape">
                      Manager
                    </Badge>
                  )}
                  {canEdit && (
                    <RowAction
                      tooltip="Remove from the project"
                      color="red"
                      label={`Remove ${member.login} from the project`}
                      icon={<IconTrash size={14} />}
                      onClick={() => setRemoving(member)}
                    />
                  )}
                </Group>
              </Group>
            );
          })}
        </Stack>
      )}
      {canEdit && (
        <AddProjectMembersModal
          opened={adding}
          onClose={() => setAdding(false)}
          projectId={projectId}
          current={members ?? []}
        />
      )}
      <ConfirmRemoveModal
        target={removing}
        idOf={(member) => member.userId}
        remove={remove}
        removed={(member) => `${member.nickname || member.login} left ${projectName}`}
        // On failure (the last manager) the client has said why.
        closeWhenRefused
        onClose={() => setRemoving(null)}
        title="Remove from the project"
        confirmLabel="Remove"
      >
        {(member) => (
          <Text size="sm">
            Remove <b>{member.nickname || member.login}</b> (@{member.login}) from {projectName}? Items
            assigned to them keep their assignee.
          </Text>
        )}
      </ConfirmRemoveModal>
    </TitledCard>
  );
}
