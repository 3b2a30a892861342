import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Session } from '@shared/schemas/auth';
import { IconDevices } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/ConfirmModal/ConfirmModal';
import { RelativeTime } from '../../../components/RelativeTime/RelativeTime';
import { SectionList } from '../../../kit/SectionList/SectionList';
import { TitledCard } from '../../../kit/TitledCard/TitledCard';
import { fullDateTime } from '../../../lib/relative-time';
import { sessionsQueryOptions, useEndOtherSessions, useEndSession } from '../../../queries/auth';

function SessionRow({
  session,
  onSignOut,
  pending,
}: {
  session: Session;
  onSignOut: () => void;
  pending: boolean;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" data-testid={`session-row-${session.id}`}>
      <Stack gap={2} miw={0} style={{ flex: 1 }}>
        <Group gap="xs">
          <Text size="sm" fw={500} title={session.userAgent || undefined}>
            {session.device}
          </Text>
          {session.current && (
            <Badge size="sm" variant="light" color="green">
              This session
            </Badge>
          )}
        </Group>
        <Group gap={6}>
          <Text size="xs" c="dimmed">
            {session.sourceAddress || 'Address unknown'} · signed in {fullDateTime(session.createdAt)} · last
            seen
          </Text>
          <RelativeTime value={session.lastSeenAt} />
        </Group>
      </Stack>
      {!session.current && (
        <Button
          size="compact-sm"
          variant="default"
          loading={pending}
          style={{ flexShrink: 0 }}
          onClick={onSignOut}
          aria-label={`Sign out ${session.device}, signed in ${fullDateTime(session.createdAt)}`}
        >
          Sign out
        </Button>
      )}
    </Group>
  );
}

/**
 * Where the user is signed in: every live session (device, address, when), this one marked; any
 * other can be signed out, or all of them at once, each after a confirmation.
 */
export function SessionsSection() {
  const sessions = useQuery(sessionsQueryOptions());
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const [confirming, setConfirming] = useState(false);
  const [ending, setEnding] = useState<Session | null>(null);
  const others = sessions.data?.filter((s) => !s.current) ?? [];

  function signOut(session: Session) {
    endOne.mutate(session.id, {
      onSuccess: () => notifications.show({ color: 'green', message: `${session.device} signed out` }),
      onSettled: () => setEnding(null),
    });
  }

  function signOutOthers() {
    endOthers.mutate(undefined, {
      onSuccess: ({ ended }) =>
        notifications.show({
          color: 'green',
          message: `Signed out everywhere else (${ended} ${ended === 1 ? 'session' : 'sessions'})`,
        }),
      onSettled: () => setConfirming(false),
    });
  }

  return (
    <TitledCard
      title="Sessions"
      icon={<IconDevices size={18} />}
      action={
        others.length > 0 && (
          <Button size="compact-sm" variant="light" color="red" onClick={() => setConfirming(true)}>
            Sign out everywhere else
          </Button>
        )
      }
      withBorder
      testId="sessions"
    >
      <SectionList
        query={sessions}
        what="Your sessions"
        testId="sessions"
        skeletons={2}
        empty="No sessions to show."
      >
        {(rows) => (
          <>
            {rows.map((session) => (
              <SessionRow
                key={session.id}
                session={session}
                pending={endOne.isPending && endOne.variables === session.id}
                onSignOut={() => setEnding(session)}
              />
            ))}
            {others.length === 0 && (
              <Text size="sm" c="dimmed" data-testid="sessions-only-this">
                You are not signed in anywhere else.
              </Text>
            )}
          </>
        )}
      </SectionList>
      <ConfirmModal
        opened={ending !== null}
        onClose={() => setEnding(null)}
        title={`Sign out ${ending?.device ?? 'this device'}?`}
        confirmLabel="Sign out"
        loading={endOne.isPending}
        onConfirm={() => ending && signOut(ending)}
      >
        <Text size="sm">
          The session signed in {ending ? fullDateTime(ending.createdAt) : ''} from{' '}
          {ending?.sourceAddress || 'an unknown address'} will be signed out; whoever uses it will have to
          sign in again. This session stays signed in.
        </Text>
      </ConfirmModal>
      <ConfirmModal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title="Sign out everywhere else?"
        confirmLabel="Sign out everywhere else"
        loading={endOthers.isPending}
        onConfirm={signOutOthers}
      >
        <Text size="sm">
          {others.length === 1 ? 'Your other session' : `Your ${others.length} other sessions`} will be signed
          out. This session stays signed in.
        </Text>
      </ConfirmModal>
    </TitledCard>
  );
}
