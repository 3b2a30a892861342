import {
  ActionIcon,
  Box,
  Button,
  Group,
  Menu,
  Progress,
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
import type { SheetNode } from '@shared/schemas/testruns';
import {
  IconChevronRight,
  IconDots,
  IconLayoutList,
  IconPencil,
  IconPlus,
  IconSubtask,
  IconTrash,
} from '@tabler/icons-react';
import { type KeyboardEvent, type SyntheticEvent, useEffect, useMemo } from 'react';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import { StatusDot } from './ResultBadges';
import { executedCount, formatPassRate, resultSummary } from './result-counts';
import type { SheetDialog } from './SheetDialogs';
import { canAddSubSheet, findSheet, sheetAncestorIds } from './sheet-tree';

interface SheetTreeProps {
  nodes: readonly SheetNode[];
  loading: boolean;
  failed: boolean;
  /** The sheet shown; null for the overview of all sheets. */
  selectedId: string | null;
  onSelect: (sheetId: string | null) => void;
  onDialog: (dialog: SheetDialog) => void;
}

function toTreeData(nodes: readonly SheetNode[]): TreeNodeData[] {
  return nodes.map((node) => ({ value: node.id, label: node.name, children: toTreeData(node.children) }));
}

/** Clicks and keys inside a row's menu (its dropdown is in a portal) must not reach the row. */
const stop = (event: SyntheticEvent) => event.stopPropagation();

const ROW_HEIGHT = 34;

/** The pass rate as a short green bar (empty while nothing ran), the figures on hover. */
function PassRateMini({ sheet }: { sheet: SheetNode }) {
  const ran = executedCount(sheet.counts) > 0;
  return (
    <Tooltip label={resultSummary(sheet.counts)} withinPortal>
      <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
        <Progress
          value={ran ? sheet.counts.passRate * 100 : 0}
          color="green"
          size={4}
          w={32}
          aria-label={`Pass rate ${formatPassRate(sheet.counts)}`}
        />
        <Text size="10px" c="dimmed" w={26} ta="right">
          {formatPassRate(sheet.counts)}
        </Text>
      </Group>
    </Tooltip>
  );
}

/**
 * The project's test sheets as a sidebar: "All sheets" first, then the tree with each sheet's
 * state and pass rate (arrow keys move, Enter opens). New sheet, and per sheet New sub-sheet, Edit
 * and Delete, each with its permission.
 */
export function SheetTree({ nodes, loading, failed, selectedId, onSelect, onDialog }: SheetTreeProps) {
  const { can } = useCurrentEnterprise();
  const rights = {
    add: can('test:sheet:add'),
    edit: can('test:sheet:edit'),
    remove: can('test:sheet:remove'),
  };
  const withMenu = rights.add || rights.edit || rights.remove;
  const data = useMemo(() => toTreeData(nodes), [nodes]);
  const tree = useTree();

  // The open sheet shows even when it sits deep in the tree (say, after a reload).
  // biome-ignore lint/correctness/useExhaustiveDependencies: expand once the tree or the choice arrives
  useEffect(() => {
    if (!selectedId || nodes.length === 0) return;
    const ancestors = sheetAncestorIds(nodes, selectedId);
    if (ancestors.some((id) => !tree.expandedState[id])) {
      tree.setExpandedState({
        ...tree.expandedState,
        ...Object.fromEntries(ancestors.map((id) => [id, true])),
      });
    }
  }, [selectedId, nodes]);

  function pick(id: string | null) {
    if (id !== selectedId) onSelect(id);
  }

  function renderNode({ node, level, expanded, hasChildren, elementProps }: RenderTreeNodePayload) {
    const selected = node.value === selectedId;
    const entry = findSheet(nodes, node.value);
    return (
      <Group
        gap={4}
        wrap="nowrap"
        {...elementProps}
        onClick={() => {
          pick(node.value);
          if (hasChildren && !expanded) tree.expand(node.value);
        }}
        h={ROW_HEIGHT}
        pr={2}
        data-testid={`sheet-node-${node.value}`}
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
            size={18}
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
          <Box w={18} style={{ flexShrink: 0 }} />
        )}
        {entry && <StatusDot status={entry.sheet.status} />}
        <Text size="sm" fw={selected ? 600 : 400} truncate style={{ flex: 1 }} title={String(node.label)}>
          {node.label}
        </Text>
        {entry && <PassRateMini sheet={entry.sheet} />}
        {withMenu && entry && (
          <Box onClick={stop} onKeyDown={stop}>
            <Menu position="bottom-end" withinPortal shadow="md">
              <Menu.Target>
                <ActionIcon variant="subtle" color="gray" size={22} aria-label={`Actions for ${node.label}`}>
                  <IconDots size={15} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                {rights.add && (
                  <Menu.Item
                    leftSection={<IconSubtask size={16} />}
                    disabled={!canAddSubSheet(level)}
                    onClick={() => onDialog({ kind: 'create', parentId: entry.sheet.id })}
                  >
                    {canAddSubSheet(level) ? 'New sub-sheet' : 'New sub-sheet (5 levels at most)'}
                  </Menu.Item>
                )}
                {rights.edit && (
                  <Menu.Item
                    leftSection={<IconPencil size={16} />}
                    onClick={() => onDialog({ kind: 'edit', sheet: entry.sheet })}
                  >
                    Edit
                  </Menu.Item>
                )}
                {rights.remove && (
                  <>
                    <Menu.Divider />
                    <Menu.Item
                      color="red"
                      leftSection={<IconTrash size={16} />}
                      onClick={() => onDialog({ kind: 'delete', sheet: entry.sheet })}
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

  // The tree's own keys move and expand; Enter opens the focused sheet.
  function onTreeKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const target = event.target as HTMLElement;
    if (event.key !== 'Enter' || target.getAttribute('role') !== 'treeitem') return;
    const id = target.dataset.value;
    if (id) pick(id);
  }

  return (
    <Stack gap={4} data-testid="sheet-tree">
      <Group justify="space-between" wrap="nowrap" pl={4}>
        <Text size="xs" fw={700} c="dimmed" tt="uppercase">
          Test sheets
        </Text>
        {rights.add && (
          <Button
            variant="subtle"
            size="compact-xs"
            leftSection={<IconPlus size={14} />}
            onClick={() => onDialog({ kind: 'create', parentId: null })}
          >
            New sheet
          </Button>
        )}
      </Group>
      <UnstyledButton
        onClick={() => pick(null)}
        h={ROW_HEIGHT}
        px={6}
        aria-pressed={selectedId === null}
        data-testid="sheet-all"
        style={{
          borderRadius: 'var(--mantine-radius-sm)',
          background: selectedId === null ? 'var(--mantine-color-brand-light)' : undefined,
          color: selectedId === null ? 'var(--mantine-color-brand-light-color)' : undefined,
        }}
      >
        <Group gap={6} wrap="nowrap">
          <IconLayoutList size={16} />
          <Text size="sm" fw={selectedId === null ? 600 : 400}>
            All sheets
          </Text>
        </Group>
      </UnstyledButton>
      {loading ? (
        <Stack gap={6} aria-busy aria-label="Loading test sheets" px={6} pt={4}>
          <Skeleton h={18} w="80%" />
          <Skeleton h={18} w="60%" />
          <Skeleton h={18} w="70%" />
        </Stack>
      ) : failed ? (
        <Text size="sm" c="red" px={6}>
          The test sheets could not be loaded.
        </Text>
      ) : data.length === 0 ? (
        <Text size="sm" c="dimmed" px={6} py={4}>
          No sheets yet.
        </Text>
      ) : (
        <Tree
          data={data}
          tree={tree}
          expandOnClick={false}
          levelOffset={14}
          renderNode={renderNode}
          onKeyDown={onTreeKeyDown}
          aria-label="Test sheets"
        />
      )}
    </Stack>
  );
}
