import { Card, Group, Stack, Text, Title } from '@mantine/core';
import type { Sprint } from '@shared/schemas/sprints';
import { IconCalendar, IconClock } from '@tabler/icons-react';
import { Fact } from '../../../components/EntityHeader/EntityHeader';
import { localToday } from '../products/plan-dates';
import { SprintActions } from './SprintActions';
import { SprintStateBadge } from './SprintStateBadge';
import { formatHours, sprintDateRange, sprintTimeHint } from './sprint-format';

interface SprintHeaderProps {
  projectId: string;
  sprint: Sprint;
  onDeleted: () => void;
}

/** The sprint's name, goal, dates and state, with the actions the workflow allows. */
export function SprintHeader({ projectId, sprint, onDeleted }: SprintHeaderProps) {
  const hint = sprintTimeHint(sprint, localToday());
  return (
    <Card>
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={6} miw={0} style={{ flex: 1 }}>
          <Group gap="sm">
            <Title order={1} fz={24}>
              {sprint.name}
            </Title>
            <SprintStateBadge status={sprint.status} size="lg" />
          </Group>
          <Group gap="md">
            <Fact icon={IconCalendar}>
              {sprintDateRange(sprint)}
              {hint ? ` · ${hint}` : ''}
            </Fact>
            <Fact icon={IconClock}>
              {sprint.finishedCount} of {sprint.issueCount} finished · {formatHours(sprint.estimatedHours)}{' '}
              estimated
            </Fact>
          </Group>
          <Text size="sm" c={sprint.goal ? undefined : 'dimmed'} style={{ whiteSpace: 'pre-wrap' }}>
            {sprint.goal || 'No goal set.'}
          </Text>
        </Stack>
        <SprintActions projectId={projectId} sprint={sprint} size="sm" onDeleted={onDeleted} />
      </Group>
    </Card>
  );
}
