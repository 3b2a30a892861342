import { Alert, Center, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { isApiClientError, requestIdOf } from '../../api/errors';
import { withRequestId } from '../../api/feedback';
import { ActionButton } from '../../kit/ActionButton/ActionButton';
import { classifyLoadError } from '../../lib/load-errors';

/**
 * The error state of a route. A chunk that failed to download cannot be imported again from the
 * same page (browsers remember the failed module), so its retry reloads the page; other failures
 * retry by loading the route again.
 */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const loadError = classifyLoadError(error);

  if (loadError) {
    return (
      <Center mih={320} p="md">
        <Stack align="center" maw={480} ta="center" gap="sm" data-testid="load-error">
          <IconAlertTriangle size={40} color="var(--mantine-color-orange-6)" aria-hidden />
          <Title order={2} fz="xl">
            This page could not be loaded
          </Title>
          <Text c="dimmed">
            {loadError === 'style'
              ? 'A style file of the page failed to download (style load error).'
              : 'A script file of the page failed to download (load error).'}{' '}
            Check your connection and try again.
          </Text>
          <ActionButton
            icon={IconRefresh}
            size="sm"
            variant="filled"
            onClick={() => window.location.reload()}
          >
            Retry
          </ActionButton>
        </Stack>
      </Center>
    );
  }

  const message = error instanceof Error && error.message ? error.message : 'Something went wrong.';
  return (
    <Center mih={320} p="md">
      <Alert
        color="red"
        variant="light"
        title={isApiClientError(error) ? 'The data of this page could not be loaded' : 'Something went wrong'}
        icon={<IconAlertTriangle size={18} />}
        maw={560}
        w="100%"
        data-testid="route-error"
      >
        <Stack gap="sm">
          <Text size="sm" component="div">
            {withRequestId(message, requestIdOf(error))}
          </Text>
          <Group>
            <ActionButton
              icon={IconRefresh}
              variant="light"
              color="red"
              onClick={() => {
                reset();
                void router.invalidate();
              }}
            >
              Try again
            </ActionButton>
          </Group>
        </Stack>
      </Alert>
    </Center>
  );
}
