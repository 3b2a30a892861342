import { Badge, Group, Paper, SimpleGrid, Text, Title, Tooltip } from '@mantine/core';
import type { WeeklyCounts } from '@shared/schemas/weekly';

type CountField = Exclude<keyof WeeklyCounts, 'project_info'>;

/** Section 3's counts, labelled; definitions in docs/weekly-reports.md. */
export const COUNT_TILES: { field: CountField; label: string }[] = [
  { field: 'this_week_requirement_issues_count', label: 'Demands created' },
  { field: 'this_week_task_issues_count', label: 'Tasks created' },
  { field: 'this_week_bug_issues_count', label: 'Bugs created' },
  { field: 'close_requirement_issues_count', label: 'Demands closed' },
  { field: 'close_task_issues_count', label: 'Tasks closed' },
  { field: 'close_bug_issues_count', label: 'Bugs closed' },
  { field: 'this_week_complete_sprint_count', label: 'Iterations completed' },
  { field: 'this_week_complete_test_sheet_count', label: 'Test sheets completed' },
];

/** The counts of a project's week; `frozen` when they are a submitted report's snapshot. */
export function CountsGrid({ counts, frozen = false }: { counts: WeeklyCounts; frozen?: boolean }) {
  return (
    <Paper withBorder p="md" data-testid="weekly-counts">
      <Group justify="space-between" mb="sm">
        <Title order={3} fz="md">
          {counts.project_info.projectName}: the week in numbers
        </Title>
        {frozen && (
          <Tooltip label="Taken when the report was submitted: later changes to items do not alter it">
            <Badge variant="light" color="green">
              As submitted
            </Badge>
          </Tooltip>
        )}
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        {COUNT_TILES.map(({ field, label }) => (
          <div key={field} data-testid={`count-${field}`}>
            <Text fz={24} fw={650} lh={1.1}>
              {counts[field]}
            </Text>
            <Text size="xs" c="dimmed">
              {label}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
