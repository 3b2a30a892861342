import { Badge, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { Enterprise } from '@shared/schemas/enterprise';
import { IconChevronRight, IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { LinkCard } from '../../components/Links/Links';
import { enterpriseUserInfoQueryOptions } from '../../queries/enterprise';

/** Your roles in one enterprise (myList does not carry them; getInfo does, and is cached for entering). */
function YourRole({ enterprise, userId }: { enterprise: Enterprise; userId: string }) {
  const info = useQuery(enterpriseUserInfoQueryOptions(enterprise.deptId));
  const owner = enterprise.ownerId === userId;
  if (info.isPending) return <Skeleton h={20} w={90} radius="sm" />;
  const roles = info.data?.roles ?? [];
  return (
    <Group gap={6} aria-label="Your role">
      {owner && (
        <Badge color="yellow" variant="light">
          Owner
        </Badge>
      )}
      {roles.map((role) => (
        <Badge key={role.roleId} variant="light">
          {role.roleName}
        </Badge>
      ))}
      {!owner && roles.length === 0 && (
        <Badge color="gray" variant="light">
          Member
        </Badge>
      )}
    </Group>
  );
}

export function EnterpriseCard({ enterprise, userId }: { enterprise: Enterprise; userId: string }) {
  return (
    <LinkCard
      to="/$identifier"
      params={{ identifier: enterprise.enterpriseIdentifier }}
      shadow="xs"
      data-testid={`enterprise-card-${enterprise.enterpriseIdentifier}`}
      style={{ textDecoration: 'none' }}
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2} miw={0}>
            <Title order={3} fz="lg" lineClamp={1}>
              {enterprise.name}
            </Title>
            <Text size="sm" c="dimmed" ff="monospace" truncate>
              {enterprise.enterpriseIdentifier}
            </Text>
          </Stack>
          <IconChevronRight size={18} color="var(--mantine-color-dimmed)" />
        </Group>
        <Text
          size="sm"
          c={enterprise.description ? undefined : 'dimmed'}
          lineClamp={2}
          style={{ flexGrow: 1 }}
        >
          {enterprise.description || 'No description'}
        </Text>
        <Group justify="space-between" wrap="nowrap">
          <YourRole enterprise={enterprise} userId={userId} />
          <Group gap={4} c="dimmed" wrap="nowrap">
            <IconUsers size={16} />
            <Text size="sm">
              {enterprise.memberCount} {enterprise.memberCount === 1 ? 'member' : 'members'}
            </Text>
          </Group>
        </Group>
      </Stack>
    </LinkCard>
  );
}
