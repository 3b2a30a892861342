import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';

let shown = 0;

/**
 * The green "… created" notification; with `open`, an "Open" button in it that goes to what was
 * just made (a list page stays where it is, and the new row may be on another page or filtered
 * out), and it stays a little longer so there is time to press it.
 */
export function showCreated(message: string, open?: () => void): void {
  if (!open) {
    notifications.show({ color: 'green', message });
    return;
  }
  shown += 1;
  const id = `created-${shown}`;
  notifications.show({
    id,
    color: 'green',
    autoClose: 8000,
    message: (
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm">{message}</Text>
        <Button
          size="compact-sm"
          variant="light"
          onClick={() => {
            notifications.hide(id);
            open();
          }}
        >
          Open
        </Button>
      </Group>
    ),
  });
}
