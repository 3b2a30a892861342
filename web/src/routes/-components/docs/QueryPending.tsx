import { type MantineSpacing, Skeleton, Stack, Text } from '@mantine/core';
import { errorText } from '../../../api/errors';

/**
 * What a docs list (a folder, the trash, a page's revisions) shows before its rows: skeleton rows
 * while it loads, or why it failed, in red. The caller draws the rows once the query succeeded.
 */
export function QueryPending({
  query,
  what,
  rows = 2,
  rowHeight = 22,
  p,
}: {
  /** The list's query; its error is null while it loads. */
  query: { error: Error | null };
  /** "revisions": "Loading revisions", "The revisions could not be loaded: …". */
  what: string;
  rows?: number;
  rowHeight?: number;
  /** Inside a bordered paper: the padding the rows would have. */
  p?: MantineSpacing;
}) {
  if (query.error) {
    return (
      <Text p={p} size="sm" c="red">
        {`The ${what} could not be loaded: ${errorText(query.error)}`}
      </Text>
    );
  }
  return (
    <Stack p={p} gap={p ? 8 : 6} aria-busy aria-label={`Loading ${what}`}>
      {Array.from({ length: rows }, (_, row) => `row-${row}`).map((key) => (
        <Skeleton key={key} h={rowHeight} />
      ))}
    </Stack>
  );
}
