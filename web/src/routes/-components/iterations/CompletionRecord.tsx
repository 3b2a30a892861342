import { Anchor, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { COMPLETION_CHOICES } from '@shared/domain/sprint-workflow';
import { isIssueKind } from '@shared/domain/work-item-workflow';
import type { IssueRef } from '@shared/schemas/issues';
import type { SprintCompletion } from '@shared/schemas/sprints';
import { IconArrowRight } from '@tabler/icons-react';
import { LinkAnchor } from '../../../components/Links/Links';
import { RelativeTime } from '../../../components/RelativeTime/RelativeTime';
import { displayName, StatusBadge } from '../work-items/WorkItemBadges';

interface CompletionRecordProps {
  identifier: string;
  projectId: string;
  completion: SprintCompletion;
  onOpen: (issue: IssueRef) => void;
}

function ItemLine({ issue, onOpen }: { issue: IssueRef; onOpen: (issue: IssueRef) => void }) {
  return (
    <Group gap="xs" wrap="nowrap" miw={0}>
      <Anchor
        size="sm"
        c="var(--mantine-color-text)"
        truncate
        href="#"
        onClick={(event) => {
          event.preventDefault();
          onOpen(issue);
        }}
      >
        <Text span c="dimmed" size="sm">
          #{issue.issueNumber}
        </Text>{' '}
        {issue.title}
      </Anchor>
      {isIssueKind(issue.pmIssueType) && (
        <StatusBadge kind={issue.pmIssueType} status={issue.status} size="xs" style={{ flexShrink: 0 }} />
      )}
    </Group>
  );
}

/** What the completion recorded: finished items, and where each unfinished item went. */
export function CompletionRecord({ identifier, projectId, completion, onOpen }: CompletionRecordProps) {
  const choice = COMPLETION_CHOICES.find((c) => c.id === completion.choice)?.name;
  return (
    <Card data-testid="completion-record">
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Title order={2} fz="md">
            Completion record
          </Title>
          <Group gap={4}>
            <Text size="xs" c="dimmed">
              Completed by {displayName(completion.completedBy)}
            </Text>
            <RelativeTime value={completion.completedAt} />
          </Group>
        </Group>
        {choice && completion.carriedOver.length > 0 && (
          <Text size="sm" c="dimmed">
            Unfinished items: {choice.toLowerCase()}.
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Stack gap={6}>
            <Text size="sm" fw={600}>
              Finished ({completion.finished.length})
            </Text>
            {completion.finished.length === 0 ? (
              <Text size="sm" c="dimmed">
                Nothing was finished.
              </Text>
            ) : (
              completion.finished.map((issue) => <ItemLine key={issue.id} issue={issue} onOpen={onOpen} />)
            )}
          </Stack>
          <Stack gap={6}>
            <Text size="sm" fw={600}>
              Carried over ({completion.carriedOver.length})
            </Text>
            {completion.carriedOver.length === 0 ? (
              <Text size="sm" c="dimmed">
                Nothing was carried over.
              </Text>
            ) : (
              completion.carriedOver.map(({ issue, toSprintId, toSprintName }) => (
                <Group key={issue.id} gap="xs" wrap="nowrap" justify="space-between">
                  <ItemLine issue={issue} onOpen={onOpen} />
                  <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
                    <IconArrowRight size={14} color="var(--mantine-color-dimmed)" />
                    {toSprintId ? (
                      <LinkAnchor
                        to="/$identifier/projects/$projectId/iteration/$iterationId"
                        params={{ identifier, projectId, iterationId: toSprintId }}
                        size="sm"
                      >
                        {toSprintName ?? 'Another sprint'}
                      </LinkAnchor>
                    ) : (
                      <Text size="sm" c="dimmed">
                        Backlog
                      </Text>
                    )}
                  </Group>
                </Group>
              ))
            )}
          </Stack>
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
