import { Group, Progress, Stack, Text } from '@mantine/core';
import { formatShortDate } from '@shared/format';
import type { DeskSprint } from '@shared/schemas/dashboard';
import { IconRun, IconTimeline } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { LinkAnchor } from '../../../components/Links/Links';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import { mySprintsQueryOptions } from '../../../queries/dashboard';
import { DeskBlock, DeskLink, RowLabel } from './DeskBlock';

function daysLeftText(daysLeft: number): string {
  if (daysLeft <= 0) return 'past its end date';
  return daysLeft === 1 ? 'last day' : `${daysLeft} days left`;
}

function SprintRow({ sprint }: { sprint: DeskSprint }) {
  const { enterprise } = useCurrentEnterprise();
  const percent = Math.round(sprint.progress * 100);
  return (
    <Stack gap={4} data-testid="desk-sprint">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <RowLabel
          detail={`${sprint.project.name} · ends ${formatShortDate(sprint.endDate)}, ${daysLeftText(sprint.daysLeft)}`}
        >
          <LinkAnchor
            to="/$identifier/projects/$projectId/iteration/$iterationId"
            params={{
              identifier: enterprise.enterpriseIdentifier,
              projectId: sprint.project.id,
              iterationId: sprint.id,
            }}
            fw={500}
            size="sm"
            truncate
          >
            {sprint.name}
          </LinkAnchor>
        </RowLabel>
        <Text size="sm" fw={600} style={{ flexShrink: 0 }}>
          {percent}%
        </Text>
      </Group>
      <Progress
        value={percent}
        color={sprint.daysLeft <= 0 ? 'red' : 'teal'}
        size="md"
        aria-label={`${sprint.name}: ${sprint.finished} of ${sprint.total} items finished`}
      />
      <Text size="xs" c="dimmed">
        {sprint.finished} of {sprint.total} items finished · mine {sprint.mine.finished} of{' '}
        {sprint.mine.total}
      </Text>
    </Stack>
  );
}

/** The running sprints of my projects, with their progress. */
export function SprintsBlock() {
  const query = useQuery(mySprintsQueryOptions());
  const rows = query.data?.rows ?? [];
  return (
    <DeskBlock
      title="Running sprints"
      what="your sprints"
      icon={IconRun}
      query={query}
      isEmpty={rows.length === 0}
      testId="desk-sprints"
      empty={{
        icon: IconTimeline,
        title: 'No sprint is running in your projects',
        description: "Plan a sprint from a project's backlog and start it; its progress shows here.",
        action: <DeskLink to="/$identifier/projects">Open a project</DeskLink>,
      }}
    >
      <Stack gap="md">
        {rows.map((sprint) => (
          <SprintRow key={sprint.id} sprint={sprint} />
        ))}
      </Stack>
    </DeskBlock>
  );
}
