import { ActionIcon, type ActionIconProps, Menu } from '@mantine/core';
import { type Icon, IconDots, IconTrash } from '@tabler/icons-react';

/** One entry of a "⋯" menu. */
export interface MoreMenuItem {
  label: string;
  icon: Icon;
  onClick: () => void;
  /** Left out, as when the user may not do it. */
  hidden?: boolean;
}

/**
 * The "⋯" button of a row, a card or a heading, with the actions that do not earn a button of their
 * own. Entries are data, so every such menu draws alike (icon size, the removal last and red,
 * placement); with every entry hidden there is no button at all.
 */
export function MoreMenu({
  label,
  items,
  remove,
  size,
}: {
  /** The button's accessible name: "Actions of api-gateway". */
  label: string;
  items: MoreMenuItem[];
  /** Last and red, the entry that removes the thing (Delete, Disconnect); false when not allowed. */
  remove?: { label: string; onClick: () => void } | false;
  size?: ActionIconProps['size'];
}) {
  const shown = items.filter((item) => !item.hidden);
  if (shown.length === 0 && !remove) return null;
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size={size} aria-label={label}>
          <IconDots size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {shown.map(({ label: itemLabel, icon: ItemIcon, onClick }) => (
          <Menu.Item key={itemLabel} leftSection={<ItemIcon size={16} />} onClick={onClick}>
            {itemLabel}
          </Menu.Item>
        ))}
        {remove && (
          <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={remove.onClick}>
            {remove.label}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
