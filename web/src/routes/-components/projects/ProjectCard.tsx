import { Badge, Card, Group, Progress, Stack, Text, Tooltip } from '@mantine/core';
import type { Project } from '@shared/schemas/projects';
import { IconListCheck, IconUsers } from '@tabler/icons-react';
import { CardTitleLink, Fact } from '../../../components/EntityHeader/EntityHeader';
import { RelativeTime } from '../../../components/RelativeTime/RelativeTime';
import { ProjectStatusBadge } from './ProjectStatusBadge';

/** A project in the list: name (the link), status, description, members and item progress. */
export function ProjectCard({ project, identifier }: { project: Project; identifier: string }) {
  const closed = project.issueCount - project.openIssueCount;
  const done = project.issueCount === 0 ? 0 : Math.round((closed / project.issueCount) * 100);
  return (
    <Card data-testid={`project-card-${project.id}`} h="100%">
      <Stack gap="sm" h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <CardTitleLink
            to="/$identifier/projects/$projectId"
            params={{ identifier, projectId: project.id }}
            lineClamp={1}
          >
            {project.name}
          </CardTitleLink>
          <Group gap={6} wrap="nowrap">
            {project.isMember && (
              <Badge size="sm" variant="outline" color="gray">
                Member
              </Badge>
            )}
            <ProjectStatusBadge status={project.status} />
          </Group>
        </Group>
        <Text size="sm" c={project.description ? undefined : 'dimmed'} lineClamp={2} mih={40}>
          {project.description || 'No description.'}
        </Text>
        <Stack gap={6} mt="auto">
          <Tooltip label={`${done}% of the work items are closed`}>
            <Progress value={done} size="sm" aria-label={`${done}% of the work items closed`} />
          </Tooltip>
          <Group justify="space-between" gap="xs">
            <Group gap="md">
              <Fact icon={IconUsers}>
                {project.memberCount} {project.memberCount === 1 ? 'member' : 'members'}
              </Fact>
              <Fact icon={IconListCheck}>
                {project.openIssueCount} open / {project.issueCount} items
              </Fact>
            </Group>
            <Text size="xs" c="dimmed" component="span">
              Updated <RelativeTime value={project.updatedAt} inherit />
            </Text>
          </Group>
        </Stack>
      </Stack>
    </Card>
  );
}
