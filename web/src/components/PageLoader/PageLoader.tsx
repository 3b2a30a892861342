import { Center, Loader, Stack, Text } from '@mantine/core';

/** The pending state of a route: shown when loading takes longer than a blink. */
export function PageLoader({ label = 'Loading…' }: { label?: string }) {
  return (
    <Center mih={240} h="100%" py="xl" data-testid="page-loader" role="status" aria-live="polite">
      <Stack align="center" gap="xs">
        <Loader size="md" />
        <Text size="sm" c="dimmed">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}

/** The pending state of a whole screen (before any layout exists). */
export function FullPageLoader() {
  return (
    <Center mih="100vh">
      <PageLoader />
    </Center>
  );
}
