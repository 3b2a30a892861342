import { AppShell, Container, Group } from '@mantine/core';
import type { UserProfile } from '@shared/schemas/auth';
import type { ReactNode } from 'react';
import { Brand } from '../EnterpriseShell/Brand';
import { UserMenu } from '../UserMenu/UserMenu';

/** The frame of the signed-in pages outside any enterprise (switcher, account). */
export function PlainShell({ user, children }: { user: UserProfile; children: ReactNode }) {
  return (
    <AppShell header={{ height: 56 }} padding="lg">
      <AppShell.Header>
        <Container size="lg" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Brand />
            <UserMenu user={user} />
          </Group>
        </Container>
      </AppShell.Header>
      <AppShell.Main bg="var(--mantine-color-gray-0)">
        <Container size="lg" py="md">
          {children}
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
