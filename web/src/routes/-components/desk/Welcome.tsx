import { Badge, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { formatShortDate } from '@shared/format';
import type { AccessName } from '@shared/permissions/access';
import {
  IconCalendar,
  IconChevronRight,
  IconLayoutKanban,
  IconSettings,
  IconShieldLock,
  IconUsers,
} from '@tabler/icons-react';
import type { ComponentType, ReactNode } from 'react';
import { LinkCard } from '../../../components/Links/Links';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import { useGreeting } from '../../../lib/greeting';

const IDENTITY_LABEL = { owner: 'Owner', admin: 'Administrator', member: 'Member', user: 'Guest' } as const;

interface QuickLink {
  access: AccessName;
  to: '/$identifier/projects' | '/$identifier/members' | '/$identifier/admin/roles' | '/$identifier/admin';
  title: string;
  description: string;
  icon: ComponentType<{ size?: number }>;
}

const QUICK_LINKS: QuickLink[] = [
  {
    access: 'projects',
    to: '/$identifier/projects',
    title: 'Projects',
    description: 'Plan and track demands, tasks and bugs with your team.',
    icon: IconLayoutKanban,
  },
  {
    access: 'members',
    to: '/$identifier/members',
    title: 'Members',
    description: 'See who is in the enterprise, add people and change their roles.',
    icon: IconUsers,
  },
  {
    access: 'adminRoles',
    to: '/$identifier/admin/roles',
    title: 'Roles',
    description: 'Decide what each role may see and do.',
    icon: IconShieldLock,
  },
  {
    access: 'adminSettings',
    to: '/$identifier/admin',
    title: 'Organization settings',
    description: 'Name, description and hosting address of the enterprise.',
    icon: IconSettings,
  },
];

function Stat({ label, value, icon }: { label: string; value: ReactNode; icon: ReactNode }) {
  return (
    <Paper withBorder p="md">
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon variant="light" size={38} radius="md">
          {icon}
        </ThemeIcon>
        <Stack gap={0}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {label}
          </Text>
          <Text fw={650} size="lg">
            {value}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}

/** The enterprise home without the work desk: who you are here and where to go next. */
export function Welcome() {
  const { enterprise, me, access } = useCurrentEnterprise();
  const links = QUICK_LINKS.filter((link) => access[link.access]);
  const name = me.user.nickname || me.user.login;
  const greeting = useGreeting(me.userId, name);

  return (
    <Stack gap="xl" maw={1100}>
      <Stack gap={6}>
        <Text c="dimmed" size="sm">
          {greeting}
        </Text>
        <Title order={1} fz={30}>
          {enterprise.name}
        </Title>
        <Text c={enterprise.description ? undefined : 'dimmed'} maw={720}>
          {enterprise.description || 'This enterprise has no description yet.'}
        </Text>
      </Stack>

      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Stat label="Members" value={enterprise.memberCount} icon={<IconUsers size={20} />} />
        <Stat label="You are" value={IDENTITY_LABEL[me.userIdentity]} icon={<IconShieldLock size={20} />} />
        <Stat
          label="Created"
          value={formatShortDate(enterprise.createdAt)}
          icon={<IconCalendar size={20} />}
        />
      </SimpleGrid>

      <Paper withBorder p="lg">
        <Stack gap="xs">
          <Title order={2} fz="lg">
            Your roles
          </Title>
          <Group gap="xs" data-testid="home-roles">
            {me.roles.length === 0 && <Text c="dimmed">You hold no role in this enterprise.</Text>}
            {me.roles.map((role) => (
              <Badge key={role.roleId} size="lg" variant="light">
                {role.roleName}
              </Badge>
            ))}
            {me.userIdentity === 'owner' && (
              <Badge size="lg" color="yellow" variant="light">
                Owner
              </Badge>
            )}
          </Group>
        </Stack>
      </Paper>

      {links.length > 0 && (
        <Stack gap="sm">
          <Title order={2} fz="lg">
            Quick links
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            {links.map((link) => (
              <LinkCard
                key={link.to}
                to={link.to}
                params={{ identifier: enterprise.enterpriseIdentifier }}
                style={{ textDecoration: 'none' }}
                data-testid={`quick-link-${link.access}`}
              >
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Group gap="sm" wrap="nowrap" align="flex-start">
                    <ThemeIcon variant="light" size={36} radius="md">
                      <link.icon size={20} />
                    </ThemeIcon>
                    <Stack gap={2}>
                      <Text fw={600}>{link.title}</Text>
                      <Text size="sm" c="dimmed">
                        {link.description}
                      </Text>
                    </Stack>
                  </Group>
                  <IconChevronRight size={18} color="var(--mantine-color-dimmed)" />
                </Group>
              </LinkCard>
            ))}
          </SimpleGrid>
        </Stack>
      )}
    </Stack>
  );
}
