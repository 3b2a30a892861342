import { ActionIcon, Button, Group, Menu, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { SPRINT_ACTION_LABELS, type SprintAction, sprintActions } from '@shared/domain/sprint-workflow';
import type { Sprint } from '@shared/schemas/sprints';
import {
  IconCheck,
  IconDots,
  IconPencil,
  IconPlayerPlay,
  IconRotateClockwise,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/ConfirmModal/ConfirmModal';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import { useDeleteSprint, useUpdateSprint } from '../../../queries/sprints';
import { CompleteSprintModal } from './CompleteSprintModal';
import { SprintFormModal } from './SprintFormModal';
import { itemCount } from './sprint-format';

interface SprintActionsProps {
  projectId: string;
  sprint: Sprint;
  size?: 'xs' | 'sm';
  /** After a delete (the sprint page leaves for the list). */
  onDeleted?: () => void;
}

const ICONS = { start: IconPlayerPlay, complete: IconCheck, reopen: IconRotateClockwise } as const;

/** Which workflow buttons the user may press: starting and reopening need edit and complete. */
function usePermittedActions(status: number): SprintAction[] {
  const { can } = useCurrentEnterprise();
  const mayComplete = can('project:sprint:complete');
  const mayEdit = can('project:sprint:edit');
  return sprintActions(status).filter((action) =>
    action === 'complete' ? mayComplete : mayComplete && mayEdit,
  );
}

/** Start / Complete / Reopen as the workflow allows, and Edit and Delete in a menu. */
export function SprintActions({ projectId, sprint, size = 'xs', onDeleted }: SprintActionsProps) {
  const { can } = useCurrentEnterprise();
  const actions = usePermittedActions(sprint.status);
  const update = useUpdateSprint(projectId);
  const remove = useDeleteSprint(projectId);
  const [completing, setCompleting] = useState(false);
  const [reopening, setReopening] = useState(false);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const canEdit = can('project:sprint:edit');
  const canRemove = can('project:sprint:remove');

  function startOrReopen(action: 'start' | 'reopen') {
    update.mutate(
      { id: sprint.id, body: { version: sprint.version, status: 1 } },
      {
        onSuccess: (saved) => {
          notifications.show({
            color: 'green',
            message: `“${saved.name}” ${action === 'start' ? 'started' : 'reopened'}`,
          });
          setReopening(false);
        },
      },
    );
  }

  function press(action: SprintAction) {
    if (action === 'complete') setCompleting(true);
    else if (action === 'reopen') setReopening(true);
    else startOrReopen('start');
  }

  return (
    <Group gap={6} wrap="nowrap">
      {actions.map((action) => {
        const Icon = ICONS[action];
        return (
          <Button
            key={action}
            size={size}
            variant={action === 'reopen' ? 'default' : 'light'}
            leftSection={<Icon size={14} />}
            loading={action === 'start' && update.isPending}
            onClick={() => press(action)}
          >
            {SPRINT_ACTION_LABELS[action]}
          </Button>
        );
      })}
      {(canEdit || canRemove) && (
        <Menu position="bottom-end" withinPortal shadow="md">
          <Menu.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              size={size === 'xs' ? 'md' : 'lg'}
              aria-label={`More actions for ${sprint.name}`}
            >
              <IconDots size={16} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {canEdit && (
              <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => setEditing(true)}>
                Edit
              </Menu.Item>
            )}
            {canRemove && (
              <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => setDeleting(true)}>
                Delete
              </Menu.Item>
            )}
          </Menu.Dropdown>
        </Menu>
      )}

      <CompleteSprintModal
        projectId={projectId}
        sprint={completing ? sprint : null}
        onClose={() => setCompleting(false)}
      />
      {canEdit && (
        <SprintFormModal
          opened={editing}
          onClose={() => setEditing(false)}
          projectId={projectId}
          sprint={sprint}
        />
      )}
      <ConfirmModal
        opened={reopening}
        onClose={() => setReopening(false)}
        title={`Reopen ${sprint.name}?`}
        confirmLabel="Reopen"
        confirmColor="blue"
        loading={update.isPending}
        onConfirm={() => startOrReopen('reopen')}
      >
        <Text size="sm">
          The sprint goes back in progress and its burn-down is live again. Completing it later takes a new
          snapshot.
        </Text>
      </ConfirmModal>
      <ConfirmModal
        opened={deleting}
        onClose={() => setDeleting(false)}
        title={`Delete ${sprint.name}?`}
        loading={remove.isPending}
        onConfirm={() =>
          remove.mutate(sprint.id, {
            onSuccess: () => {
              notifications.show({ color: 'green', message: `“${sprint.name}” deleted` });
              setDeleting(false);
              onDeleted?.();
            },
          })
        }
      >
        <Text size="sm">
          {sprint.issueCount === 0
            ? 'The sprint has no items. This cannot be undone.'
            : `Its ${itemCount(sprint.issueCount)} go back to the backlog. This cannot be undone.`}
        </Text>
      </ConfirmModal>
    </Group>
  );
}
