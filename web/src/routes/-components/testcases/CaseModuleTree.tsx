import {
  ActionIcon,
  Alert,
  Box,
  Button,
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
import type { CaseModuleNode, ModuleSyncResult } from '@shared/schemas/testcases';
import {
  IconArrowsMove,
  IconChevronRight,
  IconDots,
  IconFolderOff,
  IconFolders,
  IconPencil,
  IconPlus,
  IconRefresh,
  IconSubtask,
  IconTrash,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, type ReactNode, type SyntheticEvent, useEffect, useMemo, useState } from 'react';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import { caseModuleTreeQueryOptions, useSyncCaseModules } from '../../../queries/testcases';
import { type CaseModuleDialog, CaseModuleDialogs } from './CaseModuleDialogs';
import {
  ancestorIds,
  canAddChild,
  type FlatCaseModule,
  findCaseModule,
  NO_MODULE,
  totalCases,
} from './case-module-tree';

export interface CaseModuleTreeProps {
  projectId: string;
  /** The module whose cases are shown (with its sub-modules'); null for all, NO_MODULE for none. */
  selectedId: string | null;
  onSelect: (moduleId: string | null) => void;
  /** Offers adding, renaming, moving and deleting modules (each also needs its permission). */
  editable?: boolean;
  /** The project has a product: offers copying its module tree ("Sync from product"). */
  hasProduct?: boolean;
}

function toTreeData(nodes: readonly CaseModuleNode[]): TreeNodeData[] {
  return nodes.map((node) => ({ value: node.id, label: node.name, children: toTreeData(node.children) }));
}

/** Clicks and keys inside a row's menu (its dropdown is in a portal) must not reach the row. */
const stop = (event: SyntheticEvent) => event.stopPropagation();

const ROW_HEIGHT = 32;

const syncSummary = (result: ModuleSyncResult) =>
  `${result.created} created, ${result.updated} updated, ${result.unchanged} unchanged`;

/**
 * The project's case modules as a sidebar: "All cases" and "No module" first, then the modules
 * with their case counts (sub-modules included). Arrow keys move, Enter picks. When editable: add
 * a top-level module, per module add a sub-module, rename, move and delete, and copy the
 * product's modules when the project has a product.
 */
export function CaseModuleTree({
  projectId,
  selectedId,
  onSelect,
  editable = false,
  hasProduct = false,
}: CaseModuleTreeProps) {
  const { can } = useCurrentEnterprise();
  const rights = {
    add: editable && can('test:case:add'),
    edit: editable && can('test:case:edit'),
    remove: editable && can('test:case:remove'),
  };
  const withMenu = rights.add || rights.edit || rights.remove;
  const modules = useQuery(caseModuleTreeQueryOptions(projectId));
  const nodes = modules.data ?? [];
  const data = useMemo(() => toTreeData(modules.data ?? []), [modules.data]);
  const tree = useTree();
  const [dialog, setDialog] = useState<CaseModuleDialog | null>(null);
  const sync = useSyncCaseModules(projectId);
  const [synced, setSynced] = useState<ModuleSyncResult | null>(null);

  // The chosen module shows even when it sits deep in the tree (say, after a reload).
  // biome-ignore lint/correctness/useExhaustiveDependencies: expand once the tree or the choice arrives
  useEffect(() => {
    if (!selectedId || !modules.data) return;
    const ancestors = ancestorIds(modules.data, selectedId);
    // One update: the tree's expand() writes from the state it last rendered.
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
    const entry = findCaseModule(nodes, node.value);
    const count = entry ? totalCases(entry.module) : 0;
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
        data-testid={`case-module-${node.value}`}
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
        <Text size="xs" c="dimmed" aria-label={`${count} cases`}>
          {count}
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

  function runSync() {
    setSynced(null);
    sync.mutate(undefined, { onSuccess: setSynced });
  }

  return (
    <Stack gap={4} data-testid="case-module-tree">
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
      <FixedEntry
        icon={<IconFolders size={16} />}
        label="All cases"
        selected={selectedId === null}
        onClick={() => pick(null)}
        testId="case-module-all"
      />
      <FixedEntry
        icon={<IconFolderOff size={16} />}
        label="No module"
        selected={selectedId === NO_MODULE}
        onClick={() => pick(NO_MODULE)}
        testId="case-module-none"
      />
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
          {rights.add ? 'No modules yet. Add one to group cases.' : 'No modules yet.'}
        </Text>
      ) : (
        <Tree
          data={data}
          tree={tree}
          expandOnClick={false}
          levelOffset={18}
          renderNode={renderNode}
          onKeyDown={onTreeKeyDown}
          aria-label="Case modules"
        />
      )}
      {hasProduct && rights.add && (
        <Stack gap={6} mt="xs">
          <Button
            variant="light"
            size="xs"
            leftSection={<IconRefresh size={14} />}
            onClick={runSync}
            loading={sync.isPending}
          >
            Sync from product
          </Button>
          {synced && (
            <Alert
              variant="light"
              color="green"
              p="xs"
              withCloseButton
              onClose={() => setSynced(null)}
              data-testid="module-sync-result"
            >
              <Text size="xs">Modules synced from the product: {syncSummary(synced)}.</Text>
            </Alert>
          )}
        </Stack>
      )}
      <CaseModuleDialogs
        projectId={projectId}
        nodes={nodes}
        dialog={dialog}
        onClose={() => setDialog(null)}
        onAdded={(parent: FlatCaseModule | null) => parent && tree.expand(parent.module.id)}
        onDeleted={(id) => {
          // The list cannot keep showing a module that is gone.
          if (selectedId === id || (selectedId && ancestorIds(nodes, selectedId).includes(id)))
            onSelect(null);
        }}
      />
    </Stack>
  );
}

function FixedEntry({
  icon,
  label,
  selected,
  onClick,
  testId,
}: {
  icon: ReactNode;
  label: string;
  selected: boolean;
  onClick: () => void;
  testId: string;
}) {
  return (
    <UnstyledButton
      onClick={onClick}
      h={ROW_HEIGHT}
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
