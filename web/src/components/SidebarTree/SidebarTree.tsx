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
import { TREE_ROW_HEIGHT, TreeRow } from './TreeRow';

/**
 * Who may add, edit and remove a tree's entries (`<prefix>:add`, `:edit`, `:remove`); none of them
 * where the tree is not `editable`.
 */
export function useTreeRights(prefix: string, editable = true): TreeRights {
  const { can } = useCurrentEnterprise();
  return {
    add: editable && can(`${prefix}:add`),
    edit: editable && can(`${prefix}:edit`),
    remove: editable && can(`${prefix}:remove`),
  };
}

/** What the user may do to a tree's entries. */
export interface TreeRights {
  add: boolean;
  edit: boolean;
  remove: boolean;
}

/** What a sidebar tree shows of a node: module and sheet trees both have it. */
export interface NamedNode {
  id: string;
  name: string;
  children: readonly NamedNode[];
}

/** The Mantine tree's data for `nodes`, each labelled by `labelOf`. */
export function toTreeData<N extends { id: string; children: readonly N[] }>(
  nodes: readonly N[],
  labelOf: (node: N) => string,
): TreeNodeData[] {
  return nodes.map((node) => ({
    value: node.id,
    label: labelOf(node),
    children: toTreeData(node.children, labelOf),
  }));
}

interface SidebarTreeOptions<N> {
  nodes: readonly N[] | undefined;
  selectedId: string | null;
  onSelect: (id: string | null) => void;
  ancestorsOf: (nodes: readonly N[], id: string) => string[];
  /** Prefix of the nodes' write permissions (`test:sheet`). */
  permission: string;
  /** Offers the writes at all (each also needs its permission). */
  editable?: boolean;
}

/**
 * The state of a sidebar tree over `nodes`: its data, the Mantine tree (the selected node's
 * ancestors expanded), the selected node, `pick`, which selects another node (picking the selected
 * one does nothing), and what the user may do to the nodes.
 */
export function useSidebarTree<N extends NamedNode>({
  nodes,
  selectedId,
  onSelect,
  ancestorsOf,
  permission,
  editable = true,
}: SidebarTreeOptions<N>) {
  const data = useMemo(() => toTreeData<NamedNode>(nodes ?? [], (node) => node.name), [nodes]);
  const tree = useTree();
  const rights = useTreeRights(permission, editable);
  useRevealSelected(tree, selectedId, nodes, ancestorsOf);
  function pick(id: string | null) {
    if (id !== selectedId) onSelect(id);
  }
  return { data, tree, selectedId, pick, rights };
}

export type SidebarTreeState = ReturnType<typeof useSidebarTree>;

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

/** An entry above the tree that is not a node of it: all nodes ("All modules", value null), or none. */
export interface SidebarTreeEntry {
  value: string | null;
  label: string;
  icon: ReactNode;
  testId: string;
}

interface FixedEntryProps extends Omit<SidebarTreeEntry, 'value'> {
  selected: boolean;
  onClick: () => void;
}

/** A fixed entry as a button, highlighted while picked. */
function TreeFixedEntry({ icon, label, selected, onClick, testId }: FixedEntryProps) {
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

type BodyOptions = Pick<
  SidebarTreeBodyProps,
  'loading' | 'failed' | 'label' | 'items' | 'emptyText' | 'levelOffset'
>;

interface SidebarTreeProps<E> extends BodyOptions {
  /** The tree's state, from `useSidebarTree`. */
  state: SidebarTreeState;
  /** Test id of the whole. */
  testId: string;
  /** The heading over the tree. */
  title: string;
  /** Right of the heading (add a module, a new sheet). */
  action?: ReactNode;
  /** Entries above the nodes ("All sheets"). */
  entries: readonly SidebarTreeEntry[];
  /** The node a row shows, by its id. */
  find: (id: string) => E | undefined;
  /** A node row's test id. */
  rowTestId: (id: string) => string;
  /** A node's menu at its level of the tree; a row without an allowed entry has no menu. */
  menu: (entry: E, level: number) => TreeNodeMenu;
  /** Before a node's name (a status dot). */
  leading?: (entry: E) => ReactNode;
  /** A line under a node's name (a sheet's pass rate). */
  detail?: (entry: E) => ReactNode;
  /** After a node's name (a module's case count). */
  trailing?: (entry: E) => ReactNode;
  /** Lines a node's name may take before it is cut off. */
  nameLines?: number;
  /** Under the tree (a footer, the dialogs its menus open). */
  children?: ReactNode;
}

/**
 * A sidebar tree: its heading, the fixed entries, then the nodes (arrow keys move, Enter picks),
 * each row with the menu of what the user may do to it.
 */
export function SidebarTree<E>({
  state: { data, tree, selectedId, pick, rights },
  testId,
  title,
  action,
  entries,
  find,
  rowTestId,
  menu,
  leading,
  detail,
  trailing,
  nameLines,
  children,
  ...body
}: SidebarTreeProps<E>) {
  function renderNode(payload: RenderTreeNodePayload) {
    const id = payload.node.value;
    const entry = find(id);
    const items = entry && menuEntries(menu(entry, payload.level), rights);
    return (
      <TreeRow
        payload={payload}
        selected={id === selectedId}
        onPick={pick}
        testId={rowTestId(id)}
        nameLines={nameLines}
        leading={entry && leading?.(entry)}
        detail={entry && detail?.(entry)}
        trailing={entry && trailing?.(entry)}
        menu={items?.some((item) => item.allowed) && <TreeMenuItems entries={items} />}
      />
    );
  }

  return (
    <Stack gap={4} data-testid={testId}>
      <SidebarTreeHeading title={title} action={action} />
      {entries.map((entry) => (
        <TreeFixedEntry
          key={entry.testId}
          icon={entry.icon}
          label={entry.label}
          selected={selectedId === entry.value}
          onClick={() => pick(entry.value)}
          testId={entry.testId}
        />
      ))}
      <SidebarTreeBody data={data} tree={tree} renderNode={renderNode} onPick={pick} {...body} />
      {children}
    </Stack>
  );
}

/** What a node's menu offers; each entry shows only with its right. */
export interface TreeNodeMenu {
  /** Add a child ("Add sub-module"), with the add right; disabled, saying why, where the depth allows none. */
  addChild: { label: string; canAdd: boolean; onClick: () => void };
  /** The edits (rename, move…), with the edit right. */
  edits: { label: string; icon: ReactNode; onClick: () => void }[];
  /** "Delete", last and in red, with the remove right. */
  onDelete: () => void;
}

/** One entry of a tree row's menu, shown only when `allowed`. */
interface TreeMenuEntry {
  label: string;
  icon: ReactNode;
  allowed: boolean;
  onClick: () => void;
  disabled?: boolean;
  /** Delete: red, and set apart below a divider. */
  danger?: boolean;
}

function menuEntries({ addChild, edits, onDelete }: TreeNodeMenu, rights: TreeRights): TreeMenuEntry[] {
  return [
    {
      label: addChild.canAdd ? addChild.label : `${addChild.label} (5 levels at most)`,
      icon: <IconSubtask size={16} />,
      allowed: rights.add,
      disabled: !addChild.canAdd,
      onClick: addChild.onClick,
    },
    ...edits.map((edit) => ({ ...edit, allowed: rights.edit })),
    {
      label: 'Delete',
      icon: <IconTrash size={16} />,
      allowed: rights.remove,
      danger: true,
      onClick: onDelete,
    },
  ];
}

/** A tree row's menu items (add a child, rename, move, delete): the allowed ones, in order. */
function TreeMenuItems({ entries }: { entries: TreeMenuEntry[] }) {
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
