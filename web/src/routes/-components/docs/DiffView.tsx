import { Box, Grid, Text } from '@mantine/core';
import { type Change, diffSentences, diffWordsWithSpace } from 'diff';
import { useMemo } from 'react';
import './doc-markdown.css';

export type DiffMode = 'inline' | 'side';
export type DiffGranularity = 'words' | 'sentences';

/** A readable diff of two texts: by words (or sentences), so prose shows what changed in a line. */
export function diffTexts(before: string, after: string, granularity: DiffGranularity = 'words'): Change[] {
  return granularity === 'sentences' ? diffSentences(before, after) : diffWordsWithSpace(before, after);
}

const textStyle = {
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  fontSize: 13,
  lineHeight: 1.6,
} as const;

function Part({ change, index }: { change: Change; index: number }) {
  if (change.added) return <ins key={index}>{change.value}</ins>;
  if (change.removed) return <del key={index}>{change.value}</del>;
  return <span key={index}>{change.value}</span>;
}

/**
 * Two texts compared. Inline: one text with removals struck through and additions marked.
 * Side by side: the earlier text with its removals, the later one with its additions.
 */
export function DiffView({
  before,
  after,
  mode,
  granularity = 'words',
}: {
  before: string;
  after: string;
  mode: DiffMode;
  granularity?: DiffGranularity;
}) {
  const changes = useMemo(() => diffTexts(before, after, granularity), [before, after, granularity]);
  if (!changes.some((change) => change.added || change.removed)) {
    return (
      <Text size="sm" c="dimmed">
        The two texts are the same.
      </Text>
    );
  }
  if (mode === 'inline') {
    return (
      <Box className="doc-diff" style={textStyle} data-testid="diff-inline">
        {changes.map((change, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts never reorder
          <Part key={index} change={change} index={index} />
        ))}
      </Box>
    );
  }
  return (
    <Grid gap="sm" className="doc-diff" data-testid="diff-side">
      <Grid.Col span={6}>
        <Box style={textStyle}>
          {changes.map((change, index) =>
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts never reorder
            change.added ? null : <Part key={index} change={change} index={index} />,
          )}
        </Box>
      </Grid.Col>
      <Grid.Col span={6} style={{ borderLeft: '1px solid var(--mantine-color-gray-3)' }}>
        <Box style={textStyle}>
          {changes.map((change, index) =>
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts never reorder
            change.removed ? null : <Part key={index} change={change} index={index} />,
          )}
        </Box>
      </Grid.Col>
    </Grid>
  );
}
