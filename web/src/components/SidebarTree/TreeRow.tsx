import { ActionIcon, Box, Group, Menu, type RenderTreeNodePayload, Text } from '@mantine/core';
import { IconChevronRight, IconDots } from '@tabler/icons-react';
import type { ReactNode, SyntheticEvent } from 'react';

/** Height of a one-line row, and of the fixed entries above a tree. */
export const TREE_ROW_HEIGHT = 32;

const CHEVRON_SIZE = 20;

/** Clicks and keys inside a row's menu (its dropdown is in a portal) must not reach the row. */
const stop = (event: SyntheticEvent) => event.stopPropagation();

interface TreeRowProps {
  /** What the Tree hands its `renderNode`. */
  payload: RenderTreeNodePayload;
  selected: boolean;
  /** Picks the node; a click also opens a collapsed node with children. */
  onPick: (id: string) => void;
  testId: string;
  /** Before the name (a status dot). */
  leading?: ReactNode;
  /** A line under the name (a sheet's state and pass rate). */
  detail?: ReactNode;
  /** After the name (a module's case count). */
  trailing?: ReactNode;
  /** The items of the row's actions menu; without them the row has no menu. */
  menu?: ReactNode;
  /** Lines the name may take before it is cut off. */
  nameLines?: number;
}

/**
 * One row of a sidebar tree: the expand chevron (or its room), the name, what goes with it and
 * the actions menu. The Tree's own props bring the indentation and the keyboard handling.
 */
export function TreeRow({
  payload,
  selected,
  onPick,
  testId,
  leading,
  detail,
  trailing,
  menu,
  nameLines = 1,
}: TreeRowProps) {
  const { node, expanded, hasChildren, elementProps, tree } = payload;
  const name = String(node.label);
  return (
    <Group
      gap={2}
      wrap="nowrap"
      {...elementProps}
      onClick={() => {
        onPick(node.value);
        if (hasChildren && !expanded) tree.expand(node.value);
      }}
      mih={TREE_ROW_HEIGHT}
      py={detail ? 4 : undefined}
      pr={4}
      data-testid={testId}
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
          size={CHEVRON_SIZE}
          tabIndex={-1}
          aria-label={expanded ? `Collapse ${name}` : `Expand ${name}`}
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
        <Box w={CHEVRON_SIZE} style={{ flexShrink: 0 }} />
      )}
      <Box style={{ flex: 1, minWidth: 0 }}>
        <Group gap={6} wrap="nowrap">
          {leading}
          <Text
            size="sm"
            fw={selected ? 600 : 400}
            title={name}
            style={{ flex: 1, minWidth: 0 }}
            {...(nameLines > 1 ? { lineClamp: nameLines } : { truncate: true })}
          >
            {name}
          </Text>
        </Group>
        {detail}
      </Box>
      {trailing}
      {menu && <RowMenu name={name}>{menu}</RowMenu>}
    </Group>
  );
}

function RowMenu({ name, children }: { name: string; children: ReactNode }) {
  return (
    <Box onClick={stop} onKeyDown={stop}>
      <Menu position="bottom-end" withinPortal shadow="md">
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" size={24} aria-label={`Actions for ${name}`}>
            <IconDots size={16} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>{children}</Menu.Dropdown>
      </Menu>
    </Box>
  );
}
