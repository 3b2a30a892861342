import { ActionIcon, Button, Group, Indicator, Popover, ScrollArea, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBell } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { LinkAnchor } from '../../../components/Links/Links';
import { inboxQueryOptions, unreadCountQueryOptions, useMarkAllRead } from '../../../queries/notifications';
import { NotificationList } from './NotificationList';

const POPOVER_ROWS = 10;

/**
 * The header's bell: my unread count (polled every 30 s and on window focus), and a popover with
 * my latest notifications, mark all read, and the way to the inbox page.
 */
export function NotificationBell({ identifier }: { identifier: string }) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const count = useQuery(unreadCountQueryOptions(identifier)).data?.count ?? 0;
  const latest = useQuery({
    ...inboxQueryOptions(identifier, { pageNum: 1, pageSize: POPOVER_ROWS }),
    enabled: opened,
  });
  const markAll = useMarkAllRead(identifier);
  return (
    <Popover
      opened={opened}
      onChange={(next) => (next ? undefined : close())}
      width={360}
      position="bottom-end"
      shadow="md"
    >
      <Popover.Target>
        <Indicator label={count > 99 ? '99+' : count} size={18} disabled={count === 0} offset={4}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            onClick={toggle}
            aria-label={count > 0 ? `Notifications, ${count} unread` : 'Notifications'}
            data-testid="notification-bell"
            data-count={count}
          >
            <IconBell size={20} />
          </ActionIcon>
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown p={0}>
        <Group justify="space-between" p="sm">
          <Text fw={600}>Notifications</Text>
          <Button
            size="compact-xs"
            variant="subtle"
            disabled={count === 0}
            loading={markAll.isPending}
            onClick={() => markAll.mutate(undefined)}
          >
            Mark all read
          </Button>
        </Group>
        <ScrollArea.Autosize mah={420}>
          <NotificationList identifier={identifier} rows={latest.data?.rows ?? []} onOpen={close} />
        </ScrollArea.Autosize>
        <Group justify="center" p="xs">
          <LinkAnchor to="/$identifier/notifications" params={{ identifier }} size="sm" onClick={close}>
            Open the inbox
          </LinkAnchor>
        </Group>
      </Popover.Dropdown>
    </Popover>
  );
}
