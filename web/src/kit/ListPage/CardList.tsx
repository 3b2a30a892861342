import { Card, ScrollArea, SegmentedControl, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Dimmable } from './ListPage';

const COLS = { base: 1, md: 2, xl: 3 } as const;

/**
 * A list shown as cards (plans, sprints, projects): skeleton cards while loading, the empty state
 * in a card, else a line that says how many and the grid of cards, dimmed while the next page
 * loads.
 */
export function CardList({
  what,
  loading,
  dimmed,
  isEmpty,
  empty,
  summary,
  cols = COLS,
  testId,
  footer,
  children,
}: {
  /** "plans": the skeleton's "Loading plans". */
  what: string;
  loading: boolean;
  dimmed: boolean;
  isEmpty: boolean;
  empty: ReactNode;
  /** "3 plans, by end date". */
  summary?: ReactNode;
  cols?: Record<string, number>;
  testId: string;
  /** The pager. */
  footer?: ReactNode;
  children: ReactNode;
}) {
  if (loading) {
    return (
      <SimpleGrid cols={cols} spacing="md" aria-busy aria-label={`Loading ${what}`}>
        {[0, 1, 2].map((key) => (
          <Card key={key} h={200}>
            <Stack gap="sm">
              <Skeleton h={22} w="60%" />
              <Skeleton h={14} w="40%" />
              <Skeleton h={14} />
              <Skeleton h={8} mt="lg" />
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    );
  }
  if (isEmpty) return <Card py={0}>{empty}</Card>;
  return (
    <Stack gap="sm">
      {summary && (
        <Text size="sm" c="dimmed">
          {summary}
        </Text>
      )}
      <Dimmable dimmed={dimmed}>
        <SimpleGrid cols={cols} spacing="md" data-testid={testId}>
          {children}
        </SimpleGrid>
      </Dimmable>
      {footer}
    </Stack>
  );
}

/** A status filter as segments; many statuses scroll sideways on a phone instead of overflowing. */
export function StatusSegments<S extends string>({
  label,
  data,
  value,
  onChange,
}: {
  label: string;
  data: { value: S | 'all'; label: string }[];
  value: S | undefined;
  onChange: (value: S | undefined) => void;
}) {
  return (
    <ScrollArea type="never" maw="100%">
      <SegmentedControl
        aria-label={label}
        data={data}
        value={value ?? 'all'}
        onChange={(next) => onChange(next === 'all' ? undefined : (next as S))}
      />
    </ScrollArea>
  );
}
