import { Button, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Session } from '@shared/schemas/auth';
import { IconDevices } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmRemoveModal } from '../../../components/ConfirmModal/ConfirmModal';
import { RelativeTime } from '../../../components/RelativeTime/RelativeTime';
import { ConfirmedAction } from '../../../kit/ConfirmedAction/ConfirmedAction';
import { SectionList } from '../../../kit/SectionList/SectionList';
import { TitledCard } from '../../../kit/TitledCard/TitledCard';
import { fullDateTime } from '../../../lib/relative-time';
import { sessionsQueryOptions, useEndOtherSessions, useEndSession } from '../../../queries/auth';
import { AccountRow, RowButton } from './AccountRow';

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
    <AccountRow
      testId={`session-row-${session.id}`}
      name={session.device}
      nameTitle={session.userAgent || undefined}
      badge={session.current ? { label: 'This session', color: 'green' } : undefined}
      details={
        <>
          <Text size="xs" c="dimmed">
            {session.sourceAddress || 'Address unknown'} · signed in {fullDateTime(session.createdAt)} · last
            seen
          </Text>
          <RelativeTime value={session.lastSeenAt} />
        </>
      }
      action={
        !session.current && (
          <RowButton
            loading={pending}
            onClick={onSignOut}
            aria-label={`Sign out ${session.device}, signed in ${fullDateTime(session.createdAt)}`}
          >
            Sign out
          </RowButton>
        )
      }
    />
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
  const [ending, setEnding] = useState<Session | null>(null);
  const others = sessions.data?.filter((s) => !s.current) ?? [];

  function signOutOthers(close: () => void) {
    endOthers.mutate(undefined, {
      onSuccess: ({ ended }) =>
        notifications.show({
          color: 'green',
          message: `Signed out everywhere else (${ended} ${ended === 1 ? 'session' : 'sessions'})`,
        }),
      onSettled: close,
    });
  }

  return (
    <TitledCard
      title="Sessions"
      icon={<IconDevices size={18} />}
      action={
        <ConfirmedAction
          trigger={(open) =>
            others.length > 0 && (
              <Button size="compact-sm" variant="light" color="red" onClick={open}>
                Sign out everywhere else
              </Button>
            )
          }
          title="Sign out everywhere else?"
          confirmLabel="Sign out everywhere else"
          loading={endOthers.isPending}
          onConfirm={signOutOthers}
        >
          <Text size="sm">
            {others.length === 1 ? 'Your other session' : `Your ${others.length} other sessions`} will be
            signed out. This session stays signed in.
          </Text>
        </ConfirmedAction>
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
      <ConfirmRemoveModal
        target={ending}
        idOf={(session) => session.id}
        remove={endOne}
        removed={(session) => `${session.device} signed out`}
        closeWhenRefused
        onClose={() => setEnding(null)}
        title={`Sign out ${ending?.device ?? 'this device'}?`}
        confirmLabel="Sign out"
      >
        {(session) => (
          <Text size="sm">
            The session signed in {fullDateTime(session.createdAt)} from{' '}
            {session.sourceAddress || 'an unknown address'} will be signed out; whoever uses it will have to
            sign in again. This session stays signed in.
          </Text>
        )}
      </ConfirmRemoveModal>
    </TitledCard>
  );
}
