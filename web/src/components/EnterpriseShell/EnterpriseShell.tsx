import { AppShell, Burger, Divider, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useCurrentEnterprise } from '../../lib/current-enterprise';
import { NotificationBell } from '../../routes/-components/notifications/NotificationBell';
import { AppNavbar } from '../AppNavbar/AppNavbar';
import { EnterpriseSwitcher } from '../EnterpriseSwitcher/EnterpriseSwitcher';
import { UserMenu } from '../UserMenu/UserMenu';
import { Brand } from './Brand';

/** The frame of every enterprise page: header (switcher, user menu), navigation, content. */
export function EnterpriseShell({ children }: { children: ReactNode }) {
  const { enterprise, me, access } = useCurrentEnterprise();
  const [opened, { toggle, close }] = useDisclosure(false);

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 264, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding={{ base: 'md', sm: 'lg' }}
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label="Toggle navigation"
            />
            <Brand compact />
            <Divider orientation="vertical" visibleFrom="xs" />
            <EnterpriseSwitcher current={enterprise} />
          </Group>
          <Group gap="xs" wrap="nowrap">
            <NotificationBell identifier={enterprise.enterpriseIdentifier} />
            <UserMenu user={me.user} />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm">
        <AppNavbar identifier={enterprise.enterpriseIdentifier} access={access} onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main bg="var(--mantine-color-gray-0)">{children}</AppShell.Main>
    </AppShell>
  );
}
