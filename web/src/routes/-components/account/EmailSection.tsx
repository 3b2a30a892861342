import { Badge, Button, Group, Skeleton, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { TitledCard } from '../../../kit/TitledCard/TitledCard';
import { emailStatusQueryOptions, useResendVerification } from '../../../queries/email';

/** The account's address: verified or not, and "send the link again" (docs/email.md). */
export function EmailSection() {
  const status = useQuery(emailStatusQueryOptions());
  const resend = useResendVerification();
  return (
    <TitledCard title="Email address" withBorder testId="email-section">
      {!status.data ? (
        <Skeleton h={24} />
      ) : (
        <Group justify="space-between">
          <Group gap="xs">
            <Text size="sm">{status.data.email}</Text>
            <Badge color={status.data.verified ? 'green' : 'yellow'} variant="light">
              {status.data.verified ? 'verified' : 'not verified'}
            </Badge>
          </Group>
          {!status.data.verified && (
            <Button
              size="xs"
              variant="light"
              loading={resend.isPending}
              onClick={() =>
                resend.mutate(undefined, {
                  onSuccess: () =>
                    notifications.show({ color: 'green', message: 'A new link is on its way' }),
                })
              }
            >
              Send the link again
            </Button>
          )}
        </Group>
      )}
    </TitledCard>
  );
}
