import { type MantineSpacing, Skeleton, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorText } from '../../api/errors';
import { SectionLoadFailed } from '../ListPage/ListPage';

/**
 * The rows of a card's short list (the sessions, the access tokens, the data exports): skeleton
 * rows while they load, the reason and another try when they could not be loaded, a dimmed line
 * when there are none, else the rows the caller draws.
 */
export function SectionList<Row>({
  query,
  what,
  testId,
  skeletons = 1,
  empty,
  gap = 'sm',
  children,
}: {
  query: UseQueryResult<Row[]>;
  /** Who has them, for the error: "Your sessions" makes "Your sessions could not be loaded: …". */
  what: string;
  /** "sessions" names the states "sessions-loading" and "sessions-empty". */
  testId: string;
  skeletons?: number;
  /** The line shown when there are none. */
  empty: ReactNode;
  /** The room between the rows. */
  gap?: MantineSpacing;
  children: (rows: Row[]) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <Stack gap="xs" aria-busy data-testid={`${testId}-loading`}>
        {Array.from({ length: skeletons }, (_, row) => `row-${row}`).map((key) => (
          <Skeleton key={key} h={36} />
        ))}
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <SectionLoadFailed
        message={`${what} could not be loaded: ${errorText(query.error)}`}
        onRetry={() => query.refetch()}
      />
    );
  }
  if (query.data.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid={`${testId}-empty`}>
        {empty}
      </Text>
    );
  }
  return <Stack gap={gap}>{children(query.data)}</Stack>;
}
