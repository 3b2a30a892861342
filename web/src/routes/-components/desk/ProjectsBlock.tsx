import { Badge, Group, Stack, Text } from '@mantine/core';
import { IconLayoutKanban } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { EChart } from '../../../components/Chart/EChart';
import { LinkAnchor, LinkButton } from '../../../components/Links/Links';
import { NothingYet } from '../../../kit/ListPage/ListPage';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import { myProjectsQueryOptions, myProjectsStatisticsQueryOptions } from '../../../queries/dashboard';
import { DeskBlock } from './DeskBlock';
import { workloadBars } from './desk-charts';

/** The open work of each of my projects by kind, as stacked bars. */
function WorkloadChart() {
  const { data } = useQuery(myProjectsStatisticsQueryOptions());
  const option = useMemo(() => (data && data.projects.length > 0 ? workloadBars(data) : null), [data]);
  if (!option || !data) return null;
  return (
    <EChart
      option={option}
      ariaLabel="Unfinished work items of my projects by kind"
      height={Math.min(260, 64 + data.projects.length * 30)}
    />
  );
}

/** My projects: their load and running sprint. */
export function ProjectsBlock() {
  const { enterprise } = useCurrentEnterprise();
  const query = useQuery(myProjectsQueryOptions());
  const rows = query.data?.rows ?? [];
  const identifier = enterprise.enterpriseIdentifier;
  return (
    <DeskBlock
      title="My projects"
      what="your projects"
      icon={<IconLayoutKanban size={20} />}
      aside={
        query.data && (
          <Text size="sm" c="dimmed">
            {query.data.total}
          </Text>
        )
      }
      query={query}
      isEmpty={rows.length === 0}
      testId="desk-projects"
      empty={
        <NothingYet
          icon={<IconLayoutKanban size={28} />}
          title="You are not in any open project"
          description="Create a project or ask a project manager to add you; your projects and their load show here."
          action={
            <LinkButton variant="default" to="/$identifier/projects" params={{ identifier }}>
              Go to projects
            </LinkButton>
          }
        />
      }
    >
      <Stack gap="sm">
        <WorkloadChart />
        {rows.map((project) => (
          <Group key={project.id} justify="space-between" gap="xs" wrap="nowrap" data-testid="desk-project">
            <Stack gap={0} miw={0}>
              <LinkAnchor
                to="/$identifier/projects/$projectId"
                params={{ identifier, projectId: project.id }}
                size="sm"
                fw={500}
                truncate
              >
                {project.name}
              </LinkAnchor>
              <Text size="xs" c="dimmed" truncate>
                {project.runningSprint ? `Sprint: ${project.runningSprint.name}` : 'No running sprint'}
                {project.status === 2 ? ' · paused' : ''}
              </Text>
            </Stack>
            <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
              {project.overdue > 0 && (
                <Badge size="sm" color="red" variant="light">
                  {project.overdue} overdue
                </Badge>
              )}
              <Badge size="sm" variant="default" title="Mine of the unfinished items">
                {project.mine} / {project.unfinished}
              </Badge>
            </Group>
          </Group>
        ))}
      </Stack>
    </DeskBlock>
  );
}
