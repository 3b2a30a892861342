import { Group, Progress, type RenderTreeNodePayload, Stack, Text, Tooltip } from '@mantine/core';
import type { SheetNode } from '@shared/schemas/testruns';
import { IconLayoutList, IconPencil, IconPlus } from '@tabler/icons-react';
import {
  addChildEntry,
  deleteEntry,
  SidebarTreeBody,
  SidebarTreeHeading,
  TreeFixedEntry,
  TreeMenuItems,
  useSidebarTree,
  useTreeRights,
} from '../../../components/SidebarTree/SidebarTree';
import { TreeRow } from '../../../components/SidebarTree/TreeRow';
import { ActionButton } from '../../../kit/ActionButton/ActionButton';
import { StatusDot } from './ResultBadges';
import { executedCount, formatPassRate, resultSummary } from './result-counts';
import type { SheetDialog } from './SheetDialogs';
import { canAddSubSheet, type FlatSheet, findSheet, sheetAncestorIds } from './sheet-tree';

interface SheetTreeProps {
  nodes: readonly SheetNode[];
  loading: boolean;
  failed: boolean;
  /** The sheet shown; null for the overview of all sheets. */
  selectedId: string | null;
  onSelect: (sheetId: string | null) => void;
  onDialog: (dialog: SheetDialog) => void;
}

interface SheetRights {
  add: boolean;
  edit: boolean;
  remove: boolean;
}

/**
 * The pass rate as a green bar (empty while nothing ran) with its figure, the counts on hover.
 * It sits under the sheet's name so that the name has the row's width.
 */
function PassRateLine({ sheet }: { sheet: SheetNode }) {
  const ran = executedCount(sheet.counts) > 0;
  return (
    <Tooltip label={resultSummary(sheet.counts)} withinPortal>
      <Group gap={6} wrap="nowrap" mt={2}>
        <Progress
          value={ran ? sheet.counts.passRate * 100 : 0}
          color="green"
          size={4}
          style={{ flex: 1 }}
          aria-label={`Pass rate ${formatPassRate(sheet.counts)}`}
        />
        <Text size="10px" c="dimmed" w={26} ta="right" style={{ flexShrink: 0 }}>
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
  const rights = useTreeRights('test:sheet');
  const withMenu = rights.add || rights.edit || rights.remove;
  const { data, tree, pick } = useSidebarTree(nodes, selectedId, onSelect, sheetAncestorIds);

  function renderNode(payload: RenderTreeNodePayload) {
    const entry = findSheet(nodes, payload.node.value);
    return (
      <TreeRow
        payload={payload}
        selected={payload.node.value === selectedId}
        onPick={pick}
        testId={`sheet-node-${payload.node.value}`}
        nameLines={2}
        leading={entry && <StatusDot status={entry.sheet.status} />}
        detail={entry && <PassRateLine sheet={entry.sheet} />}
        menu={
          withMenu &&
          entry && <SheetMenuItems entry={entry} level={payload.level} rights={rights} onDialog={onDialog} />
        }
      />
    );
  }

  return (
    <Stack gap={4} data-testid="sheet-tree">
      <SidebarTreeHeading
        title="Test sheets"
        action={
          rights.add && (
            <ActionButton
              variant="subtle"
              size="compact-xs"
              icon={IconPlus}
              onClick={() => onDialog({ kind: 'create', parentId: null })}
            >
              New sheet
            </ActionButton>
          )
        }
      />
      <TreeFixedEntry
        icon={<IconLayoutList size={16} />}
        label="All sheets"
        selected={selectedId === null}
        onClick={() => pick(null)}
        testId="sheet-all"
      />
      <SidebarTreeBody
        data={data}
        tree={tree}
        loading={loading}
        failed={failed}
        label="Test sheets"
        items="test sheets"
        emptyText="No sheets yet."
        levelOffset={14}
        renderNode={renderNode}
        onPick={pick}
      />
    </Stack>
  );
}

/** A sheet's menu: a new sub-sheet (while the depth allows), edit and delete. */
function SheetMenuItems({
  entry,
  level,
  rights,
  onDialog,
}: {
  entry: FlatSheet;
  level: number;
  rights: SheetRights;
  onDialog: (dialog: SheetDialog) => void;
}) {
  return (
    <TreeMenuItems
      entries={[
        addChildEntry('New sub-sheet', canAddSubSheet(level), rights.add, () =>
          onDialog({ kind: 'create', parentId: entry.sheet.id }),
        ),
        {
          label: 'Edit',
          icon: <IconPencil size={16} />,
          allowed: rights.edit,
          onClick: () => onDialog({ kind: 'edit', sheet: entry.sheet }),
        },
        deleteEntry(rights.remove, () => onDialog({ kind: 'delete', sheet: entry.sheet })),
      ]}
    />
  );
}
