import { Badge, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import type { Notification } from '@shared/schemas/notifications';
import { useNavigate } from '@tanstack/react-router';
import { useMarkRead } from '../../../queries/notifications';
import { describeNotification, notificationHref } from './notification-text';

interface NotificationListProps {
  identifier: string;
  rows: Notification[];
  /** Called after a row is opened (the popover closes). */
  onOpen?: () => void;
}

/** Inbox rows: unread ones bold with their count; a click marks it read and opens the item. */
export function NotificationList({ identifier, rows, onOpen }: NotificationListProps) {
  const navigate = useNavigate();
  const markRead = useMarkRead(identifier);
  if (rows.length === 0) {
    return (
      <Text c="dimmed" size="sm" p="md" ta="center" data-testid="inbox-empty">
        Nothing here. You hear of work assigned to you, mentions and items you watch.
      </Text>
    );
  }
  const open = (n: Notification) => {
    if (!n.read) markRead.mutate(n.id);
    onOpen?.();
    void navigate({ href: notificationHref(identifier, n) });
  };
  return (
    <Stack gap={0} data-testid="inbox-list">
      {rows.map((n) => (
        <UnstyledButton
          key={n.id}
          onClick={() => open(n)}
          p="sm"
          style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
          data-testid="inbox-row"
          data-unread={n.read ? undefined : 'true'}
        >
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm" fw={n.read ? 400 : 600} lineClamp={2}>
              {describeNotification(n)}
            </Text>
            {!n.read && n.count > 1 ? (
              <Badge size="sm" variant="light" aria-label={`${n.count} updates`}>
                {n.count}
              </Badge>
            ) : null}
          </Group>
          {n.excerpt ? (
            <Text size="xs" c="dimmed" lineClamp={1}>
              {n.excerpt}
            </Text>
          ) : null}
          <Text size="xs" c="dimmed">
            {new Date(n.updatedAt).toLocaleString()}
          </Text>
        </UnstyledButton>
      ))}
    </Stack>
  );
}
