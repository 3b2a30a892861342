import { Group, Stack, Text, Title } from '@mantine/core';
import type { Project } from '@shared/schemas/projects';
import { useState } from 'react';
import { DirectoryBreadcrumbs, EditDeleteButtons } from '../../../components/EntityHeader/EntityHeader';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import { DeleteProjectModal } from './DeleteProjectModal';
import { ProjectFormModal } from './ProjectFormModal';
import { ProjectStatusBadge } from './ProjectStatusBadge';

/** Name, status and description of the project, with edit and delete for those allowed. */
export function ProjectHeader({ project }: { project: Project }) {
  const { enterprise, can } = useCurrentEnterprise();
  const identifier = enterprise.enterpriseIdentifier;
  const canEdit = can('project:project:edit');
  const canRemove = can('project:project:remove');
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);

  return (
    <Stack gap={6}>
      <DirectoryBreadcrumbs directory="projects" identifier={identifier} name={project.name} />
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={4} miw={0}>
          <Group gap="sm" wrap="nowrap">
            <Title order={1} fz={26} style={{ overflowWrap: 'anywhere' }}>
              {project.name}
            </Title>
            <ProjectStatusBadge status={project.status} size="lg" />
          </Group>
          <Text c="dimmed" lineClamp={2} maw={860}>
            {project.description || 'No description.'}
          </Text>
        </Stack>
        <EditDeleteButtons
          what="project"
          onEdit={canEdit ? () => setEditing(true) : undefined}
          onDelete={canRemove ? () => setDeleting(true) : undefined}
          deleteColor="red"
        />
      </Group>
      {canEdit && <ProjectFormModal opened={editing} onClose={() => setEditing(false)} project={project} />}
      {canRemove && (
        <DeleteProjectModal
          project={project}
          identifier={identifier}
          opened={deleting}
          onClose={() => setDeleting(false)}
        />
      )}
    </Stack>
  );
}
