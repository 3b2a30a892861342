import { Avatar, Badge, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { RelativeTime } from '../../components/RelativeTime/RelativeTime';
import { initials } from '../../components/UserMenu/UserMenu';
import type { ColumnRole, ListColumn } from './ListTable';

/** A text cell, or a dimmed dash when there is nothing. */
export function TextCell({ value, dimmed }: { value: ReactNode | null | undefined; dimmed?: boolean }) {
  const empty = value === null || value === undefined || value === '';
  return (
    <Text size="sm" c={empty || dimmed ? 'dimmed' : undefined}>
      {empty ? '—' : value}
    </Text>
  );
}

/** A column of `TextCell`s: `textColumn<Spec>('plan', 'Plan', (row) => row.planTitle, 'secondary')`. */
export function textColumn<T>(
  key: string,
  title: string,
  value: (row: T) => ReactNode | null | undefined,
  role?: ColumnRole,
): ListColumn<T> {
  return { key, title, role, render: (row) => <TextCell value={value(row)} /> };
}

/** The "Updated" column of a list: when the row last changed ("3 days ago", the full time on hover). */
export function updatedColumn<T extends { updatedAt: string }>(): ListColumn<T> {
  return {
    key: 'updated',
    title: 'Updated',
    role: 'secondary',
    render: (row) => <RelativeTime value={row.updatedAt} size="sm" />,
  };
}

/** A count, dimmed at zero. */
export function CountCell({ value }: { value: number }) {
  return (
    <Text size="sm" c={value === 0 ? 'dimmed' : undefined}>
      {value}
    </Text>
  );
}

/** The title of a row: its number dimmed in front, the title after it. */
export function NumberedTitle({ number, title }: { number: string; title: string }) {
  return (
    <>
      <Text span c="dimmed" size="sm">
        {number}
      </Text>{' '}
      {title}
    </>
  );
}

/** A person: initials, name with its badges ("Owner", "You"), and @login under it. */
export function PersonCell({
  name,
  login,
  size = 34,
  children,
}: {
  name: string;
  login: string;
  size?: number;
  /** Badges after the name. */
  children?: ReactNode;
}) {
  return (
    <Group gap="sm" wrap="nowrap" miw={0}>
      <Avatar size={size} radius="xl" color="brand">
        {initials(name)}
      </Avatar>
      <Stack gap={0} miw={0}>
        <Group gap={6} wrap="nowrap">
          <Text fw={550} size="sm" truncate>
            {name}
          </Text>
          {children}
        </Group>
        <Text size="xs" c="dimmed" truncate>
          @{login}
        </Text>
      </Stack>
    </Group>
  );
}

/** The "You" badge beside the signed-in person. */
export function YouBadge() {
  return (
    <Badge size="xs" color="gray" variant="outline">
      You
    </Badge>
  );
}

/** A row's name as a link that opens it in place (a drawer, a panel) rather than a page. */
export function OpenLink({ onOpen, children }: { onOpen: () => void; children: ReactNode }) {
  return (
    <Text
      span
      size="sm"
      fw={600}
      component="a"
      href="#"
      c="var(--mantine-color-text)"
      onClick={(event) => {
        event.preventDefault();
        onOpen();
      }}
    >
      {children}
    </Text>
  );
}
