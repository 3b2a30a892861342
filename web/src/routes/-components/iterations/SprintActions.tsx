import { Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  ITERATION_STATE,
  SPRINT_ACTION_LABELS,
  type SprintAction,
  sprintActions,
  startWarnings,
} from '@shared/domain/sprint-workflow';
import type { Sprint } from '@shared/schemas/sprints';
import { IconCheck, IconPlayerPlay, IconRotateClockwise } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmModal, ConfirmRemoveModal } from '../../../components/ConfirmModal/ConfirmModal';
import { EditDeleteMenu } from '../../../components/EntityHeader/EntityHeader';
import { ActionButton } from '../../../kit/ActionButton/ActionButton';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import { openSprintsQueryOptions, useDeleteSprint, useUpdateSprint } from '../../../queries/sprints';
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
  const [starting, setStarting] = useState<string[] | null>(null);
  const open = useQuery({ ...openSprintsQueryOptions(projectId), enabled: actions.includes('start') });
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const canEdit = can('project:sprint:edit');
  const canRemove = can('project:sprint:remove');

  /** `confirmed`: the user saw the warnings and chose to start (the server asks for that flag). */
  function startOrReopen(action: 'start' | 'reopen', confirmed = false) {
    const body = { version: sprint.version, status: 1 as const, ...(confirmed && { confirmStart: true }) };
    update.mutate(
      { id: sprint.id, body },
      {
        onSuccess: (saved) => {
          notifications.show({
            color: 'green',
            message: `“${saved.name}” ${action === 'start' ? 'started' : 'reopened'}`,
          });
          setReopening(false);
          setStarting(null);
        },
      },
    );
  }

  function press(action: SprintAction) {
    if (action === 'complete') setCompleting(true);
    else if (action === 'reopen') setReopening(true);
    else startAfterAsking();
  }

  /** Starts at once, or first says what starting does when it is more than it seems. */
  function startAfterAsking() {
    const running = (open.data ?? []).filter(
      (other) => other.id !== sprint.id && other.status === ITERATION_STATE.inProgress,
    );
    const warnings = startWarnings(sprint, running, new Date().toLocaleDateString('en-CA'));
    if (warnings.length === 0) startOrReopen('start');
    else setStarting(warnings);
  }

  return (
    <Group gap={6} wrap="nowrap">
      {actions.map((action) => {
        const Icon = ICONS[action];
        return (
          <ActionButton
            key={action}
            size={size}
            variant={action === 'reopen' ? 'default' : 'light'}
            icon={Icon}
            loading={action === 'start' && update.isPending}
            onClick={() => press(action)}
          >
            {SPRINT_ACTION_LABELS[action]}
          </ActionButton>
        );
      })}
      <EditDeleteMenu
        label={`More actions for ${sprint.name}`}
        size={size === 'xs' ? 'md' : 'lg'}
        onEdit={canEdit ? () => setEditing(true) : undefined}
        onDelete={canRemove ? () => setDeleting(true) : undefined}
      />

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
        opened={starting !== null}
        onClose={() => setStarting(null)}
        title={`Start ${sprint.name}?`}
        confirmLabel="Start anyway"
        confirmColor="blue"
        loading={update.isPending}
        onConfirm={() => startOrReopen('start', true)}
      >
        <div data-testid="start-warnings">
          {(starting ?? []).map((warning) => (
            <Text key={warning} size="sm" mb="xs">
              {warning}
            </Text>
          ))}
        </div>
      </ConfirmModal>
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
      <ConfirmRemoveModal
        target={deleting ? sprint : null}
        idOf={(target) => target.id}
        remove={remove}
        removed={(target) => `“${target.name}” deleted`}
        onRemoved={onDeleted}
        onClose={() => setDeleting(false)}
        title={`Delete ${sprint.name}?`}
      >
        {(target) => (
          <Text size="sm">
            {target.issueCount === 0
              ? 'The sprint has no items. This cannot be undone.'
              : `Its ${itemCount(target.issueCount)} go back to the backlog. This cannot be undone.`}
          </Text>
        )}
      </ConfirmRemoveModal>
    </Group>
  );
}
