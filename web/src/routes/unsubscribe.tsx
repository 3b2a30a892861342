import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { Unsubscribe } from '@shared/schemas/notifications';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { api } from '../api/client';
import { AuthCard, LinkProblem, WorkspaceLink } from '../components/AuthCard/AuthCard';
import { linkProblem, validateTokenSearch } from '../lib/link-token';

const UNSUBSCRIBE_PATH = '/api/notifications/unsubscribe';
/** The page presents link failures itself, not as a toast. */
const QUIET = { skipErrorHandler: true };

const unsubscribeQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['notification-unsubscribe', token] as const,
    queryFn: () => api.get<Unsubscribe>(UNSUBSCRIBE_PATH, { token }, QUIET),
    retry: false,
  });

/**
 * The page of the unsubscribe link in notification mail: shows whose email it stops, and a
 * button that turns it off. No sign-in: the link is the proof (docs/email.md).
 */
export const Route = createFileRoute('/unsubscribe')({
  validateSearch: validateTokenSearch,
  component: UnsubscribePage,
});

function UnsubscribePage() {
  useDocumentTitle('Stop notification email · Workspace');
  const { token } = Route.useSearch();
  const lookup = useQuery({ ...unsubscribeQueryOptions(token ?? ''), enabled: Boolean(token) });
  const stop = useMutation({
    mutationFn: () => api.post<Unsubscribe>(UNSUBSCRIBE_PATH, { token }, QUIET),
  });
  const target = stop.data ?? lookup.data;

  return (
    <AuthCard title="Stop notification email">
      {(!token || lookup.isError) && (
        <LinkProblem token={token} error={lookup.error} testId="unsubscribe-problem" />
      )}
      {lookup.isPending && token && <Loader size="sm" />}
      {target && (
        <Stack>
          <Text>
            Notification email of {target.enterpriseName} to <b>{target.email}</b>
          </Text>
          {target.emailMode === 'off' ? (
            <Alert color="green" data-testid="unsubscribe-done">
              Notification email is off. Your inbox still shows them; turn email back on in its preferences.
            </Alert>
          ) : (
            <Button loading={stop.isPending} onClick={() => stop.mutate()} data-testid="unsubscribe-confirm">
              Stop these mails
            </Button>
          )}
          {stop.isError && <Alert color="red">{linkProblem(stop.error)}</Alert>}
        </Stack>
      )}
      <WorkspaceLink />
    </AuthCard>
  );
}
