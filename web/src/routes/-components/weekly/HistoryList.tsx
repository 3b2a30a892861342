import { Group, Stack, Text, Timeline, Title } from '@mantine/core';
import type { ReportDetail } from '@shared/schemas/weekly';
import { RelativeTime } from '../../../components/RelativeTime/RelativeTime';
import { DiffView } from '../docs/DiffView';
import { completionChanges, revisionChanges } from './report-text';

const ACTIONS = {
  created: 'began the report',
  edited: 'edited the report',
  submitted: 'submitted the report',
  completion: 'set a completion',
} as const;

/** Every write of the report, oldest first: who, when, and what each changed. */
export function HistoryList({ report }: { report: ReportDetail }) {
  const titles = new Map(
    report.items.map((item) => [item.issueId, item.issue ? `#${item.issue.issueNumber}` : 'A deleted item']),
  );
  return (
    <Timeline bulletSize={14} lineWidth={2} data-testid="report-history">
      {report.history.map((revision, index) => {
        const previous = report.history[index - 1];
        const sections = revisionChanges(report.sections, revision, previous);
        const completions = [...completionChanges(revision, previous)];
        return (
          <Timeline.Item
            key={revision.revision}
            data-testid={`revision-${revision.revision}`}
            title={
              <Group gap={6}>
                <Text size="sm" fw={600}>
                  {revision.user.nickname}
                </Text>
                <Text size="sm">{ACTIONS[revision.action]}</Text>
                <RelativeTime value={revision.at} />
              </Group>
            }
          >
            <Stack gap="xs" mt={4}>
              {sections.map((change) => (
                <Stack key={change.title} gap={2}>
                  <Title order={5} fz="xs" c="dimmed">
                    {change.title}
                  </Title>
                  <DiffView before={change.before} after={change.after} mode="inline" />
                </Stack>
              ))}
              {completions.map(([issueId, [before, after]]) => (
                <Text key={issueId} size="xs" c="dimmed">
                  {`${titles.get(issueId) ?? issueId}: ${before}% → ${after}%`}
                </Text>
              ))}
            </Stack>
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}
