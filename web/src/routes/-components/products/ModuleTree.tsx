import {
  ActionIcon,
  Box,
  Group,
  Menu,
  type RenderTreeNodePayload,
  Skeleton,
  Stack,
  Text,
  Tooltip,
  Tree,
  type TreeNodeData,
  UnstyledButton,
  useTree,
} from '@mantine/core';
import type { ProductModuleNode } from '@shared/schemas/products';
import {
  IconArrowsMove,
  IconChevronRight,
  IconDots,
  IconFolders,
  IconPencil,
  IconPlus,
  IconSubtask,
  IconTrash,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, type SyntheticEvent, useEffect, useMemo, useState } from 'react';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import { moduleTreeQueryOptions } from '../../../queries/products';
import { type ModuleDialog, ModuleDialogs } from './ModuleDialogs';
import { ancestorIds, canAddChild, type FlatModule, findModule } from './module-tree';

export interface ModuleTreeProps {
  productId: string;
  /** The module whose items are shown; null for all modules. */
  selectedId: string | null;
  onSelect: (moduleId: string | null) => void;
  /** Offers adding, renaming, moving and deleting modules (each also needs its permission). */
  editable?: boolean;
}

function toTreeData(nodes: readonly ProductModuleNode[]): TreeNodeData[] {
  return nodes.map((node) => ({ value: node.id, label: node.name, children: toTreeData(node.children) }));
}

/** Clicks and keys inside a row's menu (its dropdown is in a portal) must not reach the row. */
const stop = (event: SyntheticEvent) => event.stopPropagation();

const ROW_HEIGHT = 32;

/**
 * The product's module tree as a sidebar: "All modules" first, then the modules (arrow keys move,
 * Enter picks). When editable: add a top-level module, and per module add a sub-module, rename,
 * move and delete.
 */
export function ModuleTree({ productId, selectedId, onSelect, editable = false }: ModuleTreeProps) {
  const { can } = useCurrentEnterprise();
  const rights = {
    add: editable && can('product:module:add'),
    edit: editable && can('product:module:edit'),
    remove: editable && can('product:module:remove'),
  };
  const withMenu = rights.add || rights.edit || rights.remove;
  const modules = useQuery(moduleTreeQueryOptions(productId));
  const nodes = modules.data ?? [];
  const data = useMemo(() => toTreeData(modules.data ?? []), [modules.data]);
  const tree = useTree();
  const [dialog, setDialog] = useState<ModuleDialog | null>(null);

  // The chosen module shows even when it sits deep in the tree (say, after a reload).
  // biome-ignore lint/correctness/useExhaustiveDependencies: expand once the tree or the choice arrives
  useEffect(() => {
    if (!selectedId || !modules.data) return;
    const ancestors = ancestorIds(modules.data, selectedId);
    // One update: the tree's expand() writes from the state it last rendered, so calls in a row
    // would each undo the one before.
    if (ancestors.some((id) => !tree.expandedState[id])) {
      tree.setExpandedState({
        ...tree.expandedState,
        ...Object.fromEntries(ancestors.map((id) => [id, true])),
      });
    }
  }, [selectedId, modules.data]);

  function pick(id: string | null) {
    if (id !== selectedId) onSelect(id);
  }

  function renderNode({ node, level, expanded, hasChildren, elementProps }: RenderTreeNodePayload) {
    const selected = node.value === selectedId;
    const entry = findModule(nodes, node.value);
    return (
      <Group
        gap={2}
        wrap="nowrap"
        {...elementProps}
        onClick={() => {
          pick(node.value);
          if (hasChildren && !expanded) tree.expand(node.value);
        }}
        h={ROW_HEIGHT}
        pr={4}
        data-testid={`module-${node.value}`}
        data-active={selected || undefined}
        style={{
          ...elementProps.style,
          borderRadius: 'var(--mantine-radius-sm)',
          cursor: 'pointer',
          background: selected ? 'var(--mantine-color-brand-light)' : undefined,
          color: selected ? 'var(--mantine-color-brand-light-color)' : undefined,
        }}
      >
        {hasChildren ? (
          <ActionIcon
            variant="transparent"
            color="gray"
            size={20}
            tabIndex={-1}
            aria-label={expanded ? `Collapse ${node.label}` : `Expand ${node.label}`}
            onClick={(event) => {
              event.stopPropagation();
              tree.toggleExpanded(node.value);
            }}
          >
            <IconChevronRight
              size={14}
              style={{ transform: expanded ? 'rotate(90deg)' : undefined, transition: 'transform 120ms' }}
            />
          </ActionIcon>
        ) : (
          <Box w={20} style={{ flexShrink: 0 }} />
        )}
        <Text size="sm" fw={selected ? 600 : 400} truncate style={{ flex: 1 }} title={String(node.label)}>
          {node.label}
        </Text>
        {withMenu && entry && (
          <Box onClick={stop} onKeyDown={stop}>
            <Menu position="bottom-end" withinPortal shadow="md">
              <Menu.Target>
                <ActionIcon variant="subtle" color="gray" size={24} aria-label={`Actions for ${node.label}`}>
                  <IconDots size={16} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                {rights.add && (
                  <Menu.Item
                    leftSection={<IconSubtask size={16} />}
                    disabled={!canAddChild(level)}
                    onClick={() => setDialog({ kind: 'add', parent: entry })}
                  >
                    {canAddChild(level) ? 'Add sub-module' : 'Add sub-module (5 levels at most)'}
                  </Menu.Item>
                )}
                {rights.edit && (
                  <Menu.Item
                    leftSection={<IconPencil size={16} />}
                    onClick={() => setDialog({ kind: 'rename', module: entry })}
                  >
                    Rename
                  </Menu.Item>
                )}
                {rights.edit && (
                  <Menu.Item
                    leftSection={<IconArrowsMove size={16} />}
                    onClick={() => setDialog({ kind: 'move', module: entry })}
                  >
                    Move to…
                  </Menu.Item>
                )}
                {rights.remove && (
                  <>
                    <Menu.Divider />
                    <Menu.Item
                      color="red"
                      leftSection={<IconTrash size={16} />}
                      onClick={() => setDialog({ kind: 'delete', module: entry })}
                    >
                      Delete
                    </Menu.Item>
                  </>
                )}
              </Menu.Dropdown>
            </Menu>
          </Box>
        )}
      </Group>
    );
  }

  // The tree's own keys move and expand; Enter picks the focused module.
  function onTreeKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const target = event.target as HTMLElement;
    if (event.key !== 'Enter' || target.getAttribute('role') !== 'treeitem') return;
    const id = target.dataset.value;
    if (id) pick(id);
  }

  return (
    <Stack gap={4} data-testid="module-tree">
      <Group justify="space-between" wrap="nowrap" pl={4}>
        <Text size="xs" fw={700} c="dimmed" tt="uppercase">
          Modules
        </Text>
        {rights.add && (
          <Tooltip label="Add a top-level module">
            <ActionIcon
              variant="subtle"
              color="gray"
              size={26}
              aria-label="Add module"
              onClick={() => setDialog({ kind: 'add', parent: null })}
            >
              <IconPlus size={16} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
      <UnstyledButton
        onClick={() => pick(null)}
        h={ROW_HEIGHT}
        px={6}
        aria-pressed={selectedId === null}
        data-testid="module-all"
        style={{
          borderRadius: 'var(--mantine-radius-sm)',
          background: selectedId === null ? 'var(--mantine-color-brand-light)' : undefined,
          color: selectedId === null ? 'var(--mantine-color-brand-light-color)' : undefined,
        }}
      >
        <Group gap={6} wrap="nowrap">
          <IconFolders size={16} />
          <Text size="sm" fw={selectedId === null ? 600 : 400}>
            All modules
          </Text>
        </Group>
      </UnstyledButton>
      {modules.isPending ? (
        <Stack gap={6} aria-busy aria-label="Loading modules" px={6} pt={4}>
          <Skeleton h={18} w="80%" />
          <Skeleton h={18} w="60%" />
          <Skeleton h={18} w="70%" />
        </Stack>
      ) : modules.isError ? (
        <Text size="sm" c="red" px={6}>
          The modules could not be loaded.
        </Text>
      ) : data.length === 0 ? (
        <Text size="sm" c="dimmed" px={6} py={4}>
          {rights.add ? 'No modules yet. Add one to group requirements.' : 'No modules yet.'}
        </Text>
      ) : (
        <Tree
          data={data}
          tree={tree}
          expandOnClick={false}
          levelOffset={18}
          renderNode={renderNode}
          onKeyDown={onTreeKeyDown}
          aria-label="Modules"
        />
      )}
      <ModuleDialogs
        productId={productId}
        nodes={nodes}
        dialog={dialog}
        onClose={() => setDialog(null)}
        onAdded={(parent: FlatModule | null) => parent && tree.expand(parent.module.id)}
        onDeleted={(id) => {
          // The list cannot keep showing a module that is gone.
          if (selectedId === id || (selectedId && ancestorIds(nodes, selectedId).includes(id)))
            onSelect(null);
        }}
      />
    </Stack>
  );
}
