import { Badge, Button, type ButtonProps, type ElementProps, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A row of an account card's list (a session, an access token): the name and its badge over a
 * dimmed line of details, and the row's button at the right.
 */
export function AccountRow({
  testId,
  name,
  nameTitle,
  badge,
  details,
  action,
}: {
  testId: string;
  name: string;
  /** The name's hover text (a session's browser). */
  nameTitle?: string;
  /** Beside the name: "This session", a token's scope. */
  badge?: { label: string; color: string };
  /** The dimmed line under the name, with its times. */
  details: ReactNode;
  /** At the right: a `RowButton`, "Sign out", "Revoke". */
  action?: ReactNode;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" data-testid={testId}>
      <Stack gap={2} miw={0} style={{ flex: 1 }}>
        <Group gap="xs">
          <Text size="sm" fw={500} title={nameTitle}>
            {name}
          </Text>
          {badge && (
            <Badge size="sm" variant="light" color={badge.color}>
              {badge.label}
            </Badge>
          )}
        </Group>
        <Group gap={6}>{details}</Group>
      </Stack>
      {action}
    </Group>
  );
}

/** The button of an `AccountRow`; its `aria-label` says which row it acts on. */
export function RowButton(
  props: ButtonProps & ElementProps<'button', keyof ButtonProps> & { 'aria-label': string },
) {
  return <Button size="compact-sm" variant="default" style={{ flexShrink: 0 }} {...props} />;
}
