import { Grid, Paper, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * An item's own page (a spec, a user requirement): the main card with its heading, texts and tabs
 * on two thirds of the width, its side cards (fields, trace) on the last third, stacked one above
 * the other on narrow screens. The page's dialogs come as children, after the columns.
 */
export function DetailLayout({
  testId,
  main,
  side,
  sideBelow,
  sideStickyTop,
  children,
}: {
  testId: string;
  /** The main card's content, one section under the other. */
  main: ReactNode;
  /** The side card: the item's fields. */
  side: ReactNode;
  /** A second side card under it (a spec's trace). */
  sideBelow?: ReactNode;
  /** The side cards stay in view this many px from the top while the main card scrolls past. */
  sideStickyTop?: number;
  /** The dialogs. */
  children?: ReactNode;
}) {
  return (
    <Grid gap="lg" data-testid={testId}>
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Paper withBorder p="lg">
          <Stack gap="lg">{main}</Stack>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Stack gap="md" pos={sideStickyTop === undefined ? undefined : 'sticky'} top={sideStickyTop}>
          <Paper withBorder p="lg">
            {side}
          </Paper>
          {sideBelow && (
            <Paper withBorder p="lg">
              {sideBelow}
            </Paper>
          )}
        </Stack>
      </Grid.Col>
      {children}
    </Grid>
  );
}
