import { ActionIcon, Anchor, Breadcrumbs, Button, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import type { Project } from '@shared/schemas/projects';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { LinkAnchor } from '../../../components/Links/Links';
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
      <Breadcrumbs separatorMargin={6}>
        <LinkAnchor to="/$identifier/projects" params={{ identifier }} size="sm">
          Projects
        </LinkAnchor>
        <Anchor component="span" size="sm" c="dimmed" underline="never">
          {project.name}
        </Anchor>
      </Breadcrumbs>
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
        <Group gap="xs" wrap="nowrap">
          {canEdit && (
            <Button variant="default" leftSection={<IconPencil size={16} />} onClick={() => setEditing(true)}>
              Edit project
            </Button>
          )}
          {canRemove && (
            <Tooltip label="Delete project">
              <ActionIcon
                variant="default"
                color="red"
                size={36}
                aria-label="Delete project"
                onClick={() => setDeleting(true)}
              >
                <IconTrash size={18} color="var(--mantine-color-red-7)" />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
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
