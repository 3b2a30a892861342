import { Group, Progress, Text, Tooltip } from '@mantine/core';
import type { SheetNode } from '@shared/schemas/testruns';
import { IconLayoutList, IconPencil, IconPlus } from '@tabler/icons-react';
import {
  SidebarTree,
  type SidebarTreeEntry,
  useSidebarTree,
} from '../../../components/SidebarTree/SidebarTree';
import { ActionButton } from '../../../kit/ActionButton/ActionButton';
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

const ALL_SHEETS: readonly SidebarTreeEntry[] = [
  { value: null, label: 'All sheets', icon: <IconLayoutList size={16} />, testId: 'sheet-all' },
];

/**
 * The project's test sheets as a sidebar: "All sheets" first, then the tree with each sheet's
 * state and pass rate (arrow keys move, Enter opens). New sheet, and per sheet New sub-sheet, Edit
 * and Delete, each with its permission.
 */
export function SheetTree({ nodes, loading, failed, selectedId, onSelect, onDialog }: SheetTreeProps) {
  const state = useSidebarTree({
    nodes,
    selectedId,
    onSelect,
    ancestorsOf: sheetAncestorIds,
    permission: 'test:sheet',
  });
  return (
    <SidebarTree
      state={state}
      testId="sheet-tree"
      title="Test sheets"
      action={
        state.rights.add && (
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
      entries={ALL_SHEETS}
      loading={loading}
      failed={failed}
      label="Test sheets"
      items="test sheets"
      emptyText="No sheets yet."
      levelOffset={14}
      find={(id) => findSheet(nodes, id)}
      rowTestId={(id) => `sheet-node-${id}`}
      nameLines={2}
      leading={(entry) => <StatusDot status={entry.sheet.status} />}
      detail={(entry) => <PassRateLine sheet={entry.sheet} />}
      menu={({ sheet }, level) => ({
        addChild: {
          label: 'New sub-sheet',
          canAdd: canAddSubSheet(level),
          onClick: () => onDialog({ kind: 'create', parentId: sheet.id }),
        },
        edits: [
          { label: 'Edit', icon: <IconPencil size={16} />, onClick: () => onDialog({ kind: 'edit', sheet }) },
        ],
        onDelete: () => onDialog({ kind: 'delete', sheet }),
      })}
    />
  );
}
