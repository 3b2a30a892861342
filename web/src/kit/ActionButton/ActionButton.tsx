import { Button, type ButtonProps, type ElementProps, type MantineSize } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';

type ButtonSize = MantineSize | `compact-${MantineSize}`;

export type ActionButtonProps = Omit<ButtonProps, 'leftSection' | 'size'> &
  ElementProps<'button', keyof ButtonProps> & {
    /** The icon drawn before the label, sized to suit the button. */
    icon: Icon;
    size?: ButtonSize;
  };

/** The icon's size for a button's size: the small buttons of toolbars and headings take 14 px. */
function iconSize(size: ButtonSize) {
  return size === 'xs' || size.startsWith('compact') ? 14 : 16;
}

/**
 * A secondary action beside a heading, in a toolbar or in a batch bar: a small button with its
 * icon. Every page's actions look alike this way (same sizes, same icon scale) and a page names
 * only what differs: the icon, the label, a variant or colour.
 */
export function ActionButton({
  icon: ActionIcon,
  size = 'xs',
  variant = 'default',
  ...props
}: ActionButtonProps) {
  return (
    <Button size={size} variant={variant} leftSection={<ActionIcon size={iconSize(size)} />} {...props} />
  );
}
