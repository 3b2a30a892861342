import { Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import type { DeskStatistics } from '@shared/schemas/dashboard';
import { useQuery } from '@tanstack/react-query';
import { SectionLoadFailed } from '../../../kit/ListPage/ListPage';
import { deskStatisticsQueryOptions } from '../../../queries/dashboard';

const FIGURES: { key: keyof DeskStatistics; label: string; alert?: 'red' | 'orange' }[] = [
  { key: 'assigned', label: 'Assigned to me' },
  { key: 'overdue', label: 'Overdue', alert: 'red' },
  { key: 'dueSoon', label: 'Due soon', alert: 'orange' },
  { key: 'mentioned', label: 'Mentioning me' },
  { key: 'reviews', label: 'To review' },
  { key: 'todos', label: 'Open todos' },
];

/** The desk's headline numbers, each counted as its block counts it. */
export function Headline() {
  const query = useQuery(deskStatisticsQueryOptions());
  if (query.isPending) return <Skeleton h={64} aria-label="Loading your numbers" />;
  if (!query.data)
    return (
      <SectionLoadFailed message="Your numbers could not be loaded." onRetry={() => void query.refetch()} />
    );
  const stats = query.data;
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm" data-testid="desk-headline">
      {FIGURES.map(({ key, label, alert }) => (
        <Paper key={key} withBorder px="md" py="sm">
          <Stack gap={0}>
            <Text size="xs" c="dimmed" fw={600} tt="uppercase" truncate>
              {label}
            </Text>
            <Group gap={4}>
              <Text
                fw={650}
                size="xl"
                c={alert && stats[key] > 0 ? alert : undefined}
                data-testid={`desk-stat-${key}`}
              >
                {stats[key]}
              </Text>
            </Group>
          </Stack>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
