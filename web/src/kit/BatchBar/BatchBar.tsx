import { Button, Group, Menu, Paper, Popover, Text } from '@mantine/core';
import { IconChevronDown, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * The bar over a list while rows are selected: how many, the batch actions (`BatchMenu`,
 * `BatchPopover`, buttons) and "Clear selection".
 */
export function BatchBar({
  count,
  noun,
  onClear,
  testId = 'batch-bar',
  children,
}: {
  count: number;
  /** Singular and plural: ['item', 'items']. */
  noun: readonly [string, string];
  onClear: () => void;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="xs" px="sm" bg="var(--mantine-color-brand-light)" data-testid={testId}>
      <Group justify="space-between" gap="xs">
        <Group gap="xs">
          <Text size="sm" fw={600} mr="xs">
            {count} {count === 1 ? noun[0] : noun[1]} selected
          </Text>
          {children}
        </Group>
        <Button variant="subtle" size="xs" color="gray" leftSection={<IconX size={14} />} onClick={onClear}>
          Clear selection
        </Button>
      </Group>
    </Paper>
  );
}

/** A batch action's button: small, with a chevron when it opens a menu or a popover. */
export function BatchButton({
  children,
  disabled,
  onClick,
  menu = true,
}: {
  children: ReactNode;
  disabled?: boolean;
  onClick?: () => void;
  menu?: boolean;
}) {
  return (
    <Button
      variant="default"
      size="xs"
      rightSection={menu ? <IconChevronDown size={14} /> : undefined}
      disabled={disabled}
      onClick={onClick}
    >
      {children}
    </Button>
  );
}

export interface BatchOption {
  value: string;
  label: string;
  color?: string;
}

/** "Set status" and the like: one pick applies to every selected row. */
export function BatchMenu({
  label,
  options,
  onPick,
  disabled,
  emptyLabel = 'Nothing fits every selected row',
  before,
}: {
  label: string;
  options: BatchOption[];
  onPick: (value: string) => void;
  disabled?: boolean;
  /** Shown when no option fits; empty for none. */
  emptyLabel?: string;
  /** Items above the options ("Unassigned"). */
  before?: ReactNode;
}) {
  return (
    <Menu withinPortal position="bottom-start">
      <Menu.Target>
        <BatchButton disabled={disabled}>{label}</BatchButton>
      </Menu.Target>
      <Menu.Dropdown mah={320} style={{ overflowY: 'auto' }}>
        {before}
        {options.length === 0
          ? emptyLabel && <Menu.Label>{emptyLabel}</Menu.Label>
          : options.map((option) => (
              <Menu.Item key={option.value} color={option.color} onClick={() => onPick(option.value)}>
                {option.label}
              </Menu.Item>
            ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** A batch action that needs more than one pick (tags, a module): a button and a small form. */
export function BatchPopover({
  label,
  opened,
  onChange,
  disabled,
  width = 300,
  children,
}: {
  label: string;
  opened: boolean;
  onChange: (opened: boolean) => void;
  disabled?: boolean;
  width?: number;
  children: ReactNode;
}) {
  return (
    <Popover opened={opened} onChange={onChange} withinPortal position="bottom-start" trapFocus>
      <Popover.Target>
        <BatchButton disabled={disabled} onClick={() => onChange(!opened)}>
          {label}
        </BatchButton>
      </Popover.Target>
      <Popover.Dropdown w={width}>{children}</Popover.Dropdown>
    </Popover>
  );
}
