import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import type { UserProfile } from '@shared/schemas/auth';
import { IconChevronDown, IconKey, IconLogout, IconSwitchHorizontal } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useSignOut } from '../../queries/auth';

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters =
    parts.length > 1 ? `${parts[0]![0]}${parts[parts.length - 1]![0]}` : (parts[0] ?? '?').slice(0, 2);
  return letters.toUpperCase();
}

/** The signed-in user: change password, switch enterprise, sign out. */
export function UserMenu({ user }: { user: UserProfile }) {
  const navigate = useNavigate();
  const signOut = useSignOut();
  const name = user.nickname || user.login;

  return (
    <Menu position="bottom-end" width={240} shadow="md" withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label="User menu" data-testid="user-menu">
          <Group gap={8} wrap="nowrap">
            <Avatar size={32} radius="xl" color="brand" variant="filled">
              {initials(name)}
            </Avatar>
            <Text size="sm" fw={500} visibleFrom="sm" maw={160} truncate>
              {name}
            </Text>
            <IconChevronDown size={14} stroke={1.6} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate>
            {name}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {user.email || user.login}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item
          leftSection={<IconSwitchHorizontal size={16} />}
          onClick={() => navigate({ to: '/enterprises' })}
        >
          My enterprises
        </Menu.Item>
        <Menu.Item leftSection={<IconKey size={16} />} onClick={() => navigate({ to: '/account/password' })}>
          Password and sessions
        </Menu.Item>
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={16} />}
          onClick={() =>
            signOut.mutate(undefined, {
              // A full page load drops every cached query of the old session at once.
              onSettled: () => window.location.assign('/login'),
            })
          }
        >
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
