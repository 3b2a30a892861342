import { Badge, Group, Stack } from '@mantine/core';
import type { MyProject } from '@shared/schemas/dashboard';
import { IconLayoutKanban } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { EChart } from '../../../components/Chart/EChart';
import { LinkAnchor } from '../../../components/Links/Links';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import { myProjectsQueryOptions, myProjectsStatisticsQueryOptions } from '../../../queries/dashboard';
import { BlockCount, DeskBlock, DeskLink, RowLabel } from './DeskBlock';
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

/** Under a project's name: its running sprint, and whether it is paused. */
function projectDetail(project: MyProject) {
  const sprint = project.runningSprint ? `Sprint: ${project.runningSprint.name}` : 'No running sprint';
  return project.status === 2 ? `${sprint} · paused` : sprint;
}

/** My projects: their load and running sprint. */
export function ProjectsBlock() {
  const identifier = useCurrentEnterprise().enterprise.enterpriseIdentifier;
  const query = useQuery(myProjectsQueryOptions());
  const rows = query.data?.rows ?? [];
  return (
    <DeskBlock
      title="My projects"
      what="your projects"
      icon={IconLayoutKanban}
      aside={query.data && <BlockCount>{query.data.total}</BlockCount>}
      query={query}
      isEmpty={rows.length === 0}
      testId="desk-projects"
      empty={{
        title: 'You are not in any open project',
        description:
          'Create a project or ask a project manager to add you; your projects and their load show here.',
        action: <DeskLink to="/$identifier/projects">Go to projects</DeskLink>,
      }}
    >
      <Stack gap="sm">
        <WorkloadChart />
        {rows.map((project) => (
          <Group key={project.id} justify="space-between" gap="xs" wrap="nowrap" data-testid="desk-project">
            <RowLabel detail={projectDetail(project)}>
              <LinkAnchor
                to="/$identifier/projects/$projectId"
                params={{ identifier, projectId: project.id }}
                size="sm"
                fw={500}
                truncate
              >
                {project.name}
              </LinkAnchor>
            </RowLabel>
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
