import { Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { SpecDetail } from '@shared/schemas/requirements';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { BusyModal, ModalActions } from '../../../kit/FormModal/FormModal';
import { projectListQueryOptions, projectUsersQueryOptions } from '../../../queries/projects';
import { usePushSpec } from '../../../queries/requirements';
import { COMBOBOX_PROPS } from '../work-items/fields';
import { displayName } from '../work-items/WorkItemBadges';

const OPEN_PROJECT = 1;
const PROJECT_PICKER_SIZE = 100;

/**
 * "Send to project": a new demand in the chosen project carries the spec (its title, description
 * and priority), optionally with an assignee from the project's members.
 */
export function SendToProjectModal({
  productId,
  spec,
  onClose,
}: {
  productId: string;
  spec: SpecDetail;
  onClose: () => void;
}) {
  const push = usePushSpec(productId);
  const projects = useQuery(
    projectListQueryOptions({ pageNum: 1, pageSize: PROJECT_PICKER_SIZE, status: OPEN_PROJECT }),
  );
  const [projectId, setProjectId] = useState<string | null>(null);
  const [assigneeId, setAssigneeId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const users = useQuery({ ...projectUsersQueryOptions(projectId ?? ''), enabled: projectId !== null });
  const projectOptions = (projects.data?.rows ?? []).map((project) => ({
    value: project.id,
    label: project.name,
  }));
  const userOptions = (users.data ?? []).map((user) => ({ value: user.userId, label: displayName(user) }));

  function submit() {
    if (!projectId) return setError('Please enter project');
    push.mutate(
      { specId: spec.id, pmsProjectId: projectId, assigneeId },
      {
        onSuccess: (demand) => {
          notifications.show({
            color: 'green',
            message: `SR-${spec.number} is now demand #${demand.issueNumber} in ${demand.projectName}`,
          });
          onClose();
        },
      },
    );
  }

  return (
    <BusyModal
      opened
      busy={push.isPending}
      onClose={onClose}
      title={`Send SR-${spec.number} to a project`}
      size="lg"
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          A new demand is created in the project with the spec's title, description and priority, and stays
          linked to it.
        </Text>
        <Select
          label="Project"
          withAsterisk
          placeholder={projects.isPending ? 'Loading projects…' : 'Choose an open project'}
          data={projectOptions}
          searchable
          nothingFoundMessage="No open project matches"
          comboboxProps={COMBOBOX_PROPS}
          value={projectId}
          error={error}
          onChange={(value) => {
            setProjectId(value);
            setAssigneeId(null);
            setError(null);
          }}
        />
        <Select
          label="Assignee"
          description="A member of the project; optional."
          placeholder={
            projectId ? (users.isPending ? 'Loading members…' : 'Unassigned') : 'Choose a project first'
          }
          disabled={!projectId}
          data={userOptions}
          searchable
          clearable
          nothingFoundMessage="No project member matches"
          comboboxProps={COMBOBOX_PROPS}
          value={assigneeId}
          onChange={setAssigneeId}
        />
        <ModalActions
          onCancel={onClose}
          pending={push.isPending}
          label="Send to project"
          onConfirm={submit}
        />
      </Stack>
    </BusyModal>
  );
}
