import { Badge, Button, Checkbox, Group, Input, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { MenuNode } from '@shared/permissions/catalogue';
import { WILDCARD_PERMISSION } from '@shared/permissions/catalogue';
import { type ReactNode, useMemo } from 'react';
import { groupState, leafKey, leavesOf, toggleNode } from './tree-state';

interface PermissionTreeProps {
  /** The role-to-menu tree (roleMenuTreeSelect `menus`). */
  menus: MenuNode[];
  /** Checked leaf permissions. */
  value: string[];
  onChange: (value: string[]) => void;
  /** Read-only: shown, not changeable (the admin role; users who may not edit roles). */
  disabled?: boolean;
  label?: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
}

/**
 * The permission tree of the role editor: one panel per group with a group checkbox (checked when
 * every permission in it is, indeterminate when some are; clicking it checks or clears the group)
 * and a checkbox per permission.
 */
export function PermissionTree({
  menus,
  value,
  onChange,
  disabled = false,
  label = 'Permissions',
  description,
  error,
}: PermissionTreeProps) {
  const all = useMemo(() => leavesOf(menus), [menus]);
  // The wildcard holds every permission, so every box shows checked.
  const selected = useMemo(() => new Set(value.includes(WILDCARD_PERMISSION) ? all : value), [value, all]);
  const count = all.filter((leaf) => selected.has(leaf)).length;

  function renderGroup(node: MenuNode, depth: number): ReactNode {
    const leaves = (node.children ?? []).filter((child) => !child.children?.length);
    const groups = (node.children ?? []).filter((child) => child.children?.length);
    const state = groupState(node, selected);
    const held = leavesOf([node]).filter((leaf) => selected.has(leaf)).length;
    return (
      <Paper key={node.id} withBorder={depth === 0} p={depth === 0 ? 'md' : 0} pl={depth === 0 ? 'md' : 'lg'}>
        <Stack gap="sm">
          <Group justify="space-between" wrap="nowrap">
            <Checkbox
              label={
                <Text fw={600} size="sm">
                  {node.label}
                </Text>
              }
              checked={state === 'all'}
              indeterminate={state === 'some'}
              disabled={disabled}
              onChange={(event) => onChange(toggleNode(menus, value, node, event.currentTarget.checked))}
              aria-label={`All of ${node.label}`}
              data-testid={`perm-group-${node.id}`}
            />
            <Badge variant="light" color={held ? 'brand' : 'gray'} size="sm">
              {held} / {leavesOf([node]).length}
            </Badge>
          </Group>
          {leaves.length > 0 && (
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="xs" verticalSpacing="xs" pl="lg">
              {leaves.map((leaf) => (
                <Checkbox
                  key={leaf.id}
                  size="sm"
                  label={leaf.label}
                  value={leafKey(leaf)}
                  checked={selected.has(leafKey(leaf))}
                  disabled={disabled}
                  onChange={(event) => onChange(toggleNode(menus, value, leaf, event.currentTarget.checked))}
                  title={leafKey(leaf)}
                />
              ))}
            </SimpleGrid>
          )}
          {groups.map((child) => renderGroup(child, depth + 1))}
        </Stack>
      </Paper>
    );
  }

  return (
    <Input.Wrapper label={label} description={description} error={error} data-testid="permission-tree">
      <Stack gap="sm" mt={6}>
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {count} of {all.length} permissions
          </Text>
          {!disabled && (
            <Group gap="xs">
              <Button size="compact-sm" variant="subtle" onClick={() => onChange([...all])}>
                Select all
              </Button>
              <Button size="compact-sm" variant="subtle" color="gray" onClick={() => onChange([])}>
                Clear
              </Button>
            </Group>
          )}
        </Group>
        {menus.map((node) => renderGroup(node, 0))}
      </Stack>
    </Input.Wrapper>
  );
}
