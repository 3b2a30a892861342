import { Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

interface RefListProps<T> {
  items: readonly T[];
  /** What an empty list says. */
  empty: string;
  keyOf: (item: T) => string;
  testIdOf: (item: T) => string;
  /** The row's start: what it refers to, usually a link. */
  start: (item: T) => ReactNode;
  /** The row's end: badges and actions. */
  end?: (item: T) => ReactNode;
}

/**
 * A bordered list of references to other things (work items, specs, cases), a row each, the thing
 * at the start and its state and actions at the end.
 */
export function RefList<T>({ items, empty, keyOf, testIdOf, start, end }: RefListProps<T>) {
  if (items.length === 0) {
    return (
      <Text size="sm" c="dimmed" py="sm">
        {empty}
      </Text>
    );
  }
  return (
    <Paper withBorder>
      <Stack gap={0}>
        {items.map((item, index) => (
          <Group
            key={keyOf(item)}
            justify="space-between"
            wrap="nowrap"
            px="sm"
            py={8}
            style={index > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
            data-testid={testIdOf(item)}
          >
            {start(item)}
            {end && (
              <Group gap="xs" wrap="nowrap">
                {end(item)}
              </Group>
            )}
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
