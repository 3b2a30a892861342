import { Box, Group, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Outlet } from '@tanstack/react-router';
import { errorText } from '../../../api/errors';
import { spacesQueryOptions } from '../../../queries/docs';
import { DocsSidebar } from './DocsSidebar';
import { DocsStateProvider } from './docs-state';
import { useDocsPlace } from './paths';

/**
 * A library's frame: its menu on the left, the folder, page, history or preview on the right, and
 * the document state (docs-state.tsx) both share.
 */
export function DocsShell() {
  const place = useDocsPlace();
  const spaces = useQuery(spacesQueryOptions());
  const spaceName =
    spaces.data?.find((space) => space.id === place.space)?.name ??
    (place.projectId ? 'Project documents' : 'Knowledge base');
  useDocumentTitle(spaceName);
  return (
    <DocsStateProvider>
      <Group align="flex-start" gap="md" wrap="nowrap">
        <Box w={290} style={{ flexShrink: 0 }}>
          <DocsSidebar spaceName={spaceName} />
        </Box>
        <Box style={{ flex: 1, minWidth: 0 }}>
          <Outlet />
        </Box>
      </Group>
    </DocsStateProvider>
  );
}

/** Shown while a docs page loads its data. */
export function DocsLoading({ what }: { what: string }) {
  return (
    <Text size="sm" c="dimmed" aria-busy>
      {`Loading ${what}…`}
    </Text>
  );
}

/** A docs page whose document could not be read: what and why, in red. */
export function DocsLoadFailed({ what, error }: { what: string; error: unknown }) {
  return (
    <Text c="red" size="sm" role="alert">
      {`The ${what} could not be opened: ${errorText(error)}`}
    </Text>
  );
}
