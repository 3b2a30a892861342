import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconLayoutGrid } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';

/** The product mark; leads to the enterprise switcher. */
export function Brand({ compact = false }: { compact?: boolean }) {
  return (
    <Link to="/enterprises" style={{ textDecoration: 'none', color: 'inherit' }} aria-label="Workspace home">
      <Group gap={8} wrap="nowrap">
        <ThemeIcon size={30} radius="md" variant="filled">
          <IconLayoutGrid size={18} />
        </ThemeIcon>
        {!compact && (
          <Text fw={700} size="md">
            Workspace
          </Text>
        )}
      </Group>
    </Link>
  );
}
