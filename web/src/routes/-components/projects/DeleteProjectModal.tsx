import { Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Project } from '@shared/schemas/projects';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { TypeToConfirmModal } from '../../../components/ConfirmModal/ConfirmModal';
import { issueKeys } from '../../../queries/issues';
import { projectKeys, useDeleteProject } from '../../../queries/projects';

interface DeleteProjectModalProps {
  project: Project;
  identifier: string;
  opened: boolean;
  onClose: () => void;
}

/** Deleting a project (and every item in it), confirmed by typing its name. */
export function DeleteProjectModal({ project, identifier, opened, onClose }: DeleteProjectModalProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const remove = useDeleteProject(project.id);
  function confirm() {
    remove.mutate(undefined, {
      onSuccess: async () => {
        notifications.show({ color: 'green', message: `Project ${project.name} was deleted` });
        await navigate({ to: '/$identifier/projects', params: { identifier } });
        // Only now, with the project's pages gone, may its cached data go.
        queryClient.removeQueries({ queryKey: projectKeys.project(project.id) });
        queryClient.removeQueries({ queryKey: issueKeys.project(project.id) });
      },
    });
  }

  return (
    <TypeToConfirmModal
      opened={opened}
      onClose={onClose}
      title="Delete project"
      confirmLabel="Delete project"
      loading={remove.isPending}
      expected={project.name}
      inputLabel="Type the project name to confirm"
      placeholder={project.name}
      onConfirm={confirm}
    >
      <Text size="sm">
        This deletes <b>{project.name}</b> with its {project.issueCount}{' '}
        {project.issueCount === 1 ? 'work item' : 'work items'}, their comments and history, its notice and
        its members list. This cannot be undone. To confirm, type the project name below.
      </Text>
    </TypeToConfirmModal>
  );
}
