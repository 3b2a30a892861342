import { ActionIcon, type ActionIconProps, Group, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { ListColumn } from './ListTable';

/** A row's icon button with its tooltip; the aria-label names the row ("Delete label backend"). */
export function RowAction({
  tooltip,
  label,
  icon,
  color = 'gray',
  size,
  disabled,
  onClick,
}: {
  tooltip: string;
  label: string;
  icon: ReactNode;
  color?: string;
  /** Larger beside a heading ("lg"), smaller in a dense line ("sm"). */
  size?: ActionIconProps['size'];
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <Tooltip label={tooltip}>
      <ActionIcon
        variant="subtle"
        color={color}
        size={size}
        disabled={disabled}
        aria-label={label}
        onClick={onClick}
      >
        {icon}
      </ActionIcon>
    </Tooltip>
  );
}

/** "Edit" and "Delete" of a row, the common pair. */
export function EditAction({ label, onClick }: { label: string; onClick: () => void }) {
  return <RowAction tooltip="Edit" label={label} icon={<IconPencil size={18} />} onClick={onClick} />;
}

export function DeleteAction({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <RowAction tooltip="Delete" color="red" label={label} icon={<IconTrash size={18} />} onClick={onClick} />
  );
}

/** The last column: the row's actions at its right end. */
export function actionsColumn<T>(render: (row: T) => ReactNode, width = 110): ListColumn<T> {
  return {
    key: 'actions',
    title: 'Actions',
    align: 'right',
    width,
    render: (row) => (
      <Group gap={4} justify="flex-end" wrap="nowrap">
        {render(row)}
      </Group>
    ),
  };
}
