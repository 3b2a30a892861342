import { Button, Loader, Menu, Text } from '@mantine/core';
import type { Enterprise } from '@shared/schemas/enterprise';
import { IconBuilding, IconCheck, IconPlus, IconSelector } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { myEnterprisesQueryOptions } from '../../queries/enterprise';

/** Header menu: the user's enterprises (myList) and 'Create enterprise'. */
export function EnterpriseSwitcher({
  current,
}: {
  current: Pick<Enterprise, 'enterpriseIdentifier' | 'name'>;
}) {
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  // Loaded when the menu first opens; the switcher page and the header share the cache entry.
  const mine = useQuery({ ...myEnterprisesQueryOptions(), enabled: opened });

  return (
    <Menu opened={opened} onChange={setOpened} position="bottom-start" width={280} shadow="md">
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          leftSection={<IconBuilding size={16} />}
          rightSection={<IconSelector size={14} />}
          aria-label={`Enterprise: ${current.name}. Switch enterprise`}
          data-testid="enterprise-switcher"
          maw={260}
          styles={{ label: { overflow: 'hidden', textOverflow: 'ellipsis' } }}
        >
          {current.name}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Your enterprises</Menu.Label>
        {mine.isPending && (
          <Menu.Item disabled leftSection={<Loader size={14} />}>
            Loading…
          </Menu.Item>
        )}
        {mine.data?.map((enterprise) => (
          <Menu.Item
            key={enterprise.id}
            leftSection={
              enterprise.enterpriseIdentifier === current.enterpriseIdentifier ? (
                <IconCheck size={16} />
              ) : (
                <span style={{ display: 'inline-block', width: 16 }} />
              )
            }
            onClick={() =>
              navigate({ to: '/$identifier', params: { identifier: enterprise.enterpriseIdentifier } })
            }
          >
            <Text size="sm" truncate>
              {enterprise.name}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {enterprise.enterpriseIdentifier}
            </Text>
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item leftSection={<IconPlus size={16} />} onClick={() => navigate({ to: '/enterprises/new' })}>
          Create enterprise
        </Menu.Item>
        <Menu.Item leftSection={<IconBuilding size={16} />} onClick={() => navigate({ to: '/enterprises' })}>
          All my enterprises
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
