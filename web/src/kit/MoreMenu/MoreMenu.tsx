import { ActionIcon, type ActionIconProps, Menu } from '@mantine/core';
import { type Icon, IconDots } from '@tabler/icons-react';

/** One entry of a "⋯" menu. */
export interface MoreMenuItem {
  label: string;
  icon: Icon;
  onClick: () => void;
  /** Red: the entry removes or disconnects something. */
  danger?: boolean;
  /** Left out, as when the user may not do it. */
  hidden?: boolean;
}

/**
 * The "⋯" button of a row, a card or a heading, with the actions that do not earn a button of their
 * own. Entries are data, so every such menu draws alike (icon size, red for removal, placement);
 * with every entry hidden there is no button at all.
 */
export function MoreMenu({
  label,
  items,
  size,
}: {
  /** The button's accessible name: "Actions of api-gateway". */
  label: string;
  items: MoreMenuItem[];
  size?: ActionIconProps['size'];
}) {
  const shown = items.filter((item) => !item.hidden);
  if (shown.length === 0) return null;
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size={size} aria-label={label}>
          <IconDots size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {shown.map(({ label: itemLabel, icon: ItemIcon, onClick, danger }) => (
          <Menu.Item
            key={itemLabel}
            color={danger ? 'red' : undefined}
            leftSection={<ItemIcon size={16} />}
            onClick={onClick}
          >
            {itemLabel}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
