import {
  Group,
  Menu,
  type RenderTreeNodePayload,
  Skeleton,
  Stack,
  Text,
  Tree,
  type TreeNodeData,
  UnstyledButton,
  type UseTreeReturnType,
  useTree,
} from '@mantine/core';
import { IconSubtask, IconTrash } from '@tabler/icons-react';
import { Fragment, type KeyboardEvent, type ReactNode, useEffect, useMemo } from 'react';
import { useCurrentEnterprise } from '../../lib/current-enterprise';
import { TREE_ROW_HEIGHT } from './TreeRow';

/**
 * Who may add, edit and remove a tree's entries (`<prefix>:add`, `:edit`, `:remove`); none of them
 * where the tree is not `editable`.
 */
export function useTreeRights(prefix: string, editable = true) {
  const { can } = useCurrentEnterprise();
  return {
    add: editable && can(`${prefix}:add`),
    edit: editable && can(`${prefix}:edit`),
    remove: editable && can(`${prefix}:remove`),
  };
}

/** What a sidebar tree shows of a node: module and sheet trees both have it. */
export interface NamedNode {
  id: string;
  name: string;
  children: readonly NamedNode[];
}

export function toTreeData(nodes: readonly NamedNode[]): TreeNodeData[] {
  return nodes.map((node) => ({ value: node.id, label: node.name, children: toTreeData(node.children) }));
}

/**
 * The state of a sidebar tree over `nodes`: its data, the Mantine tree (the selected node's
 * ancestors expanded), and `pick`, which selects another node (picking the selected one does
 * nothing).
 */
export function useSidebarTree<N extends NamedNode>(
  nodes: readonly N[] | undefined,
  selectedId: string | null,
  onSelect: (id: string | null) => void,
  ancestorsOf: (nodes: readonly N[], id: string) => string[],
) {
  const data = useMemo(() => toTreeData(nodes ?? []), [nodes]);
  const tree = useTree();
  useRevealSelected(tree, selectedId, nodes, ancestorsOf);
  function pick(id: string | null) {
    if (id !== selectedId) onSelect(id);
  }
  return { data, tree, pick };
}

/**
 * Expands the ancestors of the selected node so that it shows even when it sits deep in the tree
 * (say, after a reload). Runs once the nodes or the choice arrive.
 */
export function useRevealSelected<N>(
  tree: UseTreeReturnType,
  selectedId: string | null,
  nodes: readonly N[] | undefined,
  ancestorsOf: (nodes: readonly N[], id: string) => string[],
) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: expand once the tree or the choice arrives
  useEffect(() => {
    if (!selectedId || !nodes?.length) return;
    const ancestors = ancestorsOf(nodes, selectedId);
    // One update: the tree's expand() writes from the state it last rendered, so calls in a row
    // would each undo the one before.
    if (ancestors.some((id) => !tree.expandedState[id])) {
      tree.setExpandedState({
        ...tree.expandedState,
        ...Object.fromEntries(ancestors.map((id) => [id, true])),
      });
    }
  }, [selectedId, nodes]);
}

/** The title over a sidebar tree, with its action (add a module, a new sheet) on the right. */
export function SidebarTreeHeading({ title, action }: { title: string; action?: ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap" pl={4}>
      <Text size="xs" fw={700} c="dimmed" tt="uppercase">
        {title}
      </Text>
      {action}
    </Group>
  );
}

export interface FixedEntryProps {
  icon: ReactNode;
  label: string;
  selected: boolean;
  onClick: () => void;
  testId: string;
}

/** An entry above the tree that is not a node of it ("All modules", "No module"). */
export function TreeFixedEntry({ icon, label, selected, onClick, testId }: FixedEntryProps) {
  return (
    <UnstyledButton
      onClick={onClick}
      h={TREE_ROW_HEIGHT}
      px={6}
      aria-pressed={selected}
      data-testid={testId}
      style={{
        borderRadius: 'var(--mantine-radius-sm)',
        background: selected ? 'var(--mantine-color-brand-light)' : undefined,
        color: selected ? 'var(--mantine-color-brand-light-color)' : undefined,
      }}
    >
      <Group gap={6} wrap="nowrap">
        {icon}
        <Text size="sm" fw={selected ? 600 : 400}>
          {label}
        </Text>
      </Group>
    </UnstyledButton>
  );
}

interface SidebarTreeBodyProps {
  data: TreeNodeData[];
  tree: UseTreeReturnType;
  loading: boolean;
  failed: boolean;
  /** The tree's accessible name ("Case modules"). */
  label: string;
  /** What the nodes are, in the loading and failure texts ("modules", "test sheets"). */
  items: string;
  /** Shown when the tree is empty. */
  emptyText: string;
  levelOffset?: number;
  renderNode: (payload: RenderTreeNodePayload) => ReactNode;
  /** Enter on a focused node picks it. */
  onPick: (id: string) => void;
}

/** The tree, or while there is none to show, its loading, failed or empty state. */
export function SidebarTreeBody({
  data,
  tree,
  loading,
  failed,
  label,
  items,
  emptyText,
  levelOffset = 18,
  renderNode,
  onPick,
}: SidebarTreeBodyProps) {
  // The tree's own keys move and expand; Enter picks the focused node.
  function onKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const target = event.target as HTMLElement;
    if (event.key !== 'Enter' || target.getAttribute('role') !== 'treeitem') return;
    const id = target.dataset.value;
    if (id) onPick(id);
  }

  if (loading) {
    return (
      <Stack gap={6} aria-busy aria-label={`Loading ${items}`} px={6} pt={4}>
        <Skeleton h={18} w="80%" />
        <Skeleton h={18} w="60%" />
        <Skeleton h={18} w="70%" />
      </Stack>
    );
  }
  if (failed) {
    return (
      <Text size="sm" c="red" px={6}>
        {`The ${items} could not be loaded.`}
      </Text>
    );
  }
  if (data.length === 0) {
    return (
      <Text size="sm" c="dimmed" px={6} py={4}>
        {emptyText}
      </Text>
    );
  }
  return (
    <Tree
      data={data}
      tree={tree}
      expandOnClick={false}
      levelOffset={levelOffset}
      renderNode={renderNode}
      onKeyDown={onKeyDown}
      aria-label={label}
    />
  );
}

/** One entry of a tree row's menu, shown only when `allowed`. */
export interface TreeMenuEntry {
  label: string;
  icon: ReactNode;
  allowed: boolean;
  onClick: () => void;
  disabled?: boolean;
  /** Delete: red, and set apart below a divider. */
  danger?: boolean;
}

/** A tree row's menu items (add a child, rename, move, delete): the allowed ones, in order. */
export function TreeMenuItems({ entries }: { entries: TreeMenuEntry[] }) {
  return (
    <>
      {entries
        .filter((entry) => entry.allowed)
        .map((entry) => (
          <Fragment key={entry.label}>
            {entry.danger && <Menu.Divider />}
            <Menu.Item
              color={entry.danger ? 'red' : undefined}
              leftSection={entry.icon}
              disabled={entry.disabled}
              onClick={entry.onClick}
            >
              {entry.label}
            </Menu.Item>
          </Fragment>
        ))}
    </>
  );
}

/** "Add sub-module", "New sub-sheet": disabled, saying why, on a row at the deepest level a tree allows. */
export function addChildEntry(
  label: string,
  canAdd: boolean,
  allowed: boolean,
  onClick: () => void,
): TreeMenuEntry {
  return {
    label: canAdd ? label : `${label} (5 levels at most)`,
    icon: <IconSubtask size={16} />,
    allowed,
    disabled: !canAdd,
    onClick,
  };
}

/** "Delete", last and in red. */
export function deleteEntry(allowed: boolean, onClick: () => void): TreeMenuEntry {
  return { label: 'Delete', icon: <IconTrash size={16} />, allowed, danger: true, onClick };
}
