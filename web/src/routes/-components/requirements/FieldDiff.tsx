import { Box, Group, Paper, Text } from '@mantine/core';
import type { FieldChange } from '@shared/schemas/requirements';
import { useMemo } from 'react';
import { type DiffSegment, diffSegments, diffStats, isLongChange, shortValue } from './field-diff';

const REMOVED = {
  color: 'var(--mantine-color-red-8)',
  background: 'var(--mantine-color-red-light)',
  textDecoration: 'line-through',
} as const;
const ADDED = {
  color: 'var(--mantine-color-green-9)',
  background: 'var(--mantine-color-green-light)',
  textDecoration: 'none',
} as const;

/** One changed field: "Priority: High → Urgent", or a word diff of a long text. */
export function FieldDiff({ change }: { change: FieldChange }) {
  const label = change.label || change.field;
  if (!isLongChange(change)) {
    return (
      <Text size="sm" data-testid={`field-diff-${change.field}`}>
        <Text span fw={600} inherit>
          {label}:
        </Text>{' '}
        <Text span inherit c="dimmed" td={change.before ? 'line-through' : undefined}>
          {shortValue(change.before)}
        </Text>{' '}
        →{' '}
        <Text span inherit fw={500}>
          {shortValue(change.after)}
        </Text>
      </Text>
    );
  }
  return <TextDiff label={label} change={change} />;
}

function Segment({ segment }: { segment: DiffSegment }) {
  if (segment.kind === 'removed') {
    return <del style={REMOVED}>{segment.text}</del>;
  }
  if (segment.kind === 'added') {
    return <ins style={ADDED}>{segment.text}</ins>;
  }
  return <span>{segment.text}</span>;
}

function TextDiff({ label, change }: { label: string; change: FieldChange }) {
  const segments = useMemo(() => diffSegments(change.before, change.after), [change.before, change.after]);
  const stats = diffStats(segments);
  return (
    <Box data-testid={`field-diff-${change.field}`}>
      <Group gap="xs" mb={4}>
        <Text size="sm" fw={600}>
          {label}
        </Text>
        {stats.added > 0 && (
          <Text size="xs" c="green.8">
            +{stats.added} {stats.added === 1 ? 'word' : 'words'}
          </Text>
        )}
        {stats.removed > 0 && (
          <Text size="xs" c="red.8">
            −{stats.removed} {stats.removed === 1 ? 'word' : 'words'}
          </Text>
        )}
      </Group>
      <Paper
        withBorder
        p="xs"
        fz="sm"
        mah={280}
        style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', overflowY: 'auto', lineHeight: 1.55 }}
      >
        {segments.length === 0 ? (
          <Text span c="dimmed" inherit>
            Both empty.
          </Text>
        ) : (
          segments.map((segment, index) => (
            // Segments are rendered once per text and never move: their position is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <Segment key={index} segment={segment} />
          ))
        )}
      </Paper>
    </Box>
  );
}
