import { Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { SectionLoadFailed } from '../../../kit/ListPage/ListPage';

/** What a block's query says (TanStack Query's fields). */
export interface BlockQuery {
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

export interface DeskBlockProps {
  title: string;
  /** Lower-case, for the loading and error lines: "your work items". */
  what: string;
  icon: ReactNode;
  /** Beside the title: a count, a picker. */
  aside?: ReactNode;
  query: BlockQuery;
  isEmpty: boolean;
  /** What to do when there is nothing: the kit's `NothingYet` with a link. */
  empty: ReactNode;
  /** Rows of the skeleton while loading. */
  skeletonRows?: number;
  testId: string;
  children: ReactNode;
}

/**
 * One block of the desk in its card: it loads on its own (a skeleton meanwhile), says so when its
 * query failed and offers another try, and says what to do when there is nothing in it.
 */
export function DeskBlock({
  title,
  what,
  icon,
  aside,
  query,
  isEmpty,
  empty,
  skeletonRows = 3,
  testId,
  children,
}: DeskBlockProps) {
  return (
    <Card component="section" aria-label={title} data-testid={testId} padding="lg">
      <Stack gap="md">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Group gap={8} wrap="nowrap">
            {icon}
            <Title order={2} fz="md">
              {title}
            </Title>
          </Group>
          {aside}
        </Group>
        <BlockBody what={what} query={query} isEmpty={isEmpty} empty={empty} rows={skeletonRows}>
          {children}
        </BlockBody>
      </Stack>
    </Card>
  );
}

function BlockBody({
  what,
  query,
  isEmpty,
  empty,
  rows,
  children,
}: {
  what: string;
  query: BlockQuery;
  isEmpty: boolean;
  empty: ReactNode;
  rows: number;
  children: ReactNode;
}) {
  if (query.isPending) {
    return (
      <Stack gap="xs" aria-busy aria-label={`Loading ${what}`}>
        {Array.from({ length: rows }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell apart
          <Skeleton key={i} h={28} />
        ))}
      </Stack>
    );
  }
  if (query.isError && isEmpty) {
    return (
      <SectionLoadFailed
        message={`${capitalize(what)} could not be loaded.`}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (isEmpty) return <>{empty}</>;
  return <>{children}</>;
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A small dimmed line under a block's rows ("3 more in the list"). */
export function BlockNote({ children }: { children: ReactNode }) {
  return (
    <Text size="xs" c="dimmed">
      {children}
    </Text>
  );
}
