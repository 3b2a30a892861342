import { Card, Group, Progress, Stack, Text } from '@mantine/core';
import { ITERATION_STATE } from '@shared/domain/sprint-workflow';
import type { Sprint } from '@shared/schemas/sprints';
import { IconCalendar, IconClock } from '@tabler/icons-react';
import { CardTitleLink, Fact } from '../../../components/EntityHeader/EntityHeader';
import { SprintActions } from './SprintActions';
import { SprintStateBadge } from './SprintStateBadge';
import { formatHours, progressPercent, sprintDateRange, sprintTimeHint } from './sprint-format';

interface SprintCardProps {
  identifier: string;
  projectId: string;
  sprint: Sprint;
  today: string;
}

/** A sprint in the list: name (the link), state, dates, goal, progress, hours and its actions. */
export function SprintCard({ identifier, projectId, sprint, today }: SprintCardProps) {
  const percent = progressPercent(sprint);
  const hint = sprintTimeHint(sprint, today);
  const overdue = sprint.status === ITERATION_STATE.inProgress && sprint.endDate < today;
  return (
    <Card h="100%" data-testid={`sprint-card-${sprint.id}`}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <Stack gap={4} miw={0}>
            <CardTitleLink
              to="/$identifier/projects/$projectId/iteration/$iterationId"
              params={{ identifier, projectId, iterationId: sprint.id }}
              lineClamp={2}
            >
              {sprint.name}
            </CardTitleLink>
            <Fact icon={IconCalendar}>{sprintDateRange(sprint)}</Fact>
          </Stack>
          <SprintStateBadge status={sprint.status} style={{ flexShrink: 0 }} />
        </Group>
        {hint && (
          <Text size="xs" c={overdue ? 'red' : 'dimmed'} fw={overdue ? 600 : undefined} mt={-6}>
            {hint}
          </Text>
        )}
        <Text size="sm" c={sprint.goal ? undefined : 'dimmed'} lineClamp={2} mih={40}>
          {sprint.goal || 'No goal set.'}
        </Text>
        <Stack gap={4} mt="auto">
          <Group justify="space-between" gap="xs">
            <Text size="xs" c="dimmed">
              {sprint.issueCount === 0
                ? 'No items planned yet'
                : `${sprint.finishedCount} of ${sprint.issueCount} finished`}
            </Text>
            <Group gap={4} wrap="nowrap">
              <IconClock size={13} color="var(--mantine-color-dimmed)" />
              <Text size="xs" c="dimmed" title="Estimated hours of its items">
                {formatHours(sprint.estimatedHours)}
              </Text>
            </Group>
          </Group>
          <Progress
            value={percent}
            size="sm"
            color={sprint.status === ITERATION_STATE.closed ? 'green' : 'blue'}
            aria-label={`${sprint.name}: ${percent}% finished`}
          />
        </Stack>
        <Group justify="flex-end">
          <SprintActions projectId={projectId} sprint={sprint} />
        </Group>
      </Stack>
    </Card>
  );
}
