import { Box, Group, Paper } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A tree beside the page it picks for (modules beside a requirement list or the case library,
 * sheets beside a sheet): the tree in a bordered panel on the left, above the page on a phone.
 */
export function TreeSideLayout({
  treeLabel,
  treeWidth,
  tree,
  children,
}: {
  /** The panel's accessible name: "Modules", "Test sheets". */
  treeLabel: string;
  /** The panel's width from the `md` breakpoint up. */
  treeWidth: number;
  tree: ReactNode;
  children: ReactNode;
}) {
  return (
    <Group align="flex-start" gap="md" wrap="wrap">
      <Paper
        withBorder
        p="xs"
        w={{ base: '100%', md: treeWidth }}
        style={{ flexShrink: 0 }}
        aria-label={treeLabel}
      >
        {tree}
      </Paper>
      <Box style={{ flex: 1, minWidth: 0 }} miw={{ base: '100%', md: 0 }}>
        {children}
      </Box>
    </Group>
  );
}
