import { Alert, Group, Text } from '@mantine/core';
import { IconClockExclamation, IconRefresh } from '@tabler/icons-react';
import { type AnyRouter, useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { ActionButton } from '../../kit/ActionButton/ActionButton';
import { PAGE_LOAD_TIMEOUT_MS } from '../../lib/load-errors';

/**
 * Spec section 2: a page has 120 s to load. The router has no time-out of its own, so this watches
 * its loading state and, past the limit, offers to load the page again. It sits beside the router
 * (not inside a route), so it also watches the very first load, before any route has rendered.
 */
export function PageLoadWatchdog({
  router,
  timeoutMs = PAGE_LOAD_TIMEOUT_MS,
}: {
  router: AnyRouter;
  timeoutMs?: number;
}) {
  const loading = useRouterState({
    router,
    select: (state) => state.isLoading || state.status === 'pending',
  });
  const [timedOut, setTimedOut] = useState(false);

  useEffect(() => {
    if (!loading) {
      setTimedOut(false);
      return;
    }
    const timer = setTimeout(() => setTimedOut(true), timeoutMs);
    return () => clearTimeout(timer);
  }, [loading, timeoutMs]);

  if (!timedOut) return null;
  return (
    <Alert
      color="orange"
      icon={<IconClockExclamation size={18} />}
      title="The page is taking too long to load"
      pos="fixed"
      bottom={16}
      left="50%"
      style={{ transform: 'translateX(-50%)', zIndex: 400 }}
      maw={480}
      w="calc(100% - 32px)"
      data-testid="page-load-timeout"
    >
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm">It did not finish loading within {Math.round(timeoutMs / 1000)} seconds.</Text>
        <ActionButton icon={IconRefresh} variant="filled" onClick={() => window.location.reload()}>
          Retry
        </ActionButton>
      </Group>
    </Alert>
  );
}
