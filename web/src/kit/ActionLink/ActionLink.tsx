import { Button, type ButtonProps, type MantineSize } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { createLink, type LinkComponent } from '@tanstack/react-router';
import type { ComponentPropsWithRef } from 'react';

type ButtonSize = MantineSize | `compact-${MantineSize}`;

type ActionAnchorProps = Omit<ButtonProps, 'leftSection' | 'size'> &
  Omit<ComponentPropsWithRef<'a'>, keyof ButtonProps | 'color' | 'style'> & {
    /** The icon drawn before the label, sized to suit the button. */
    icon: Icon;
    size?: ButtonSize;
  };

/** The icon's size for a button's size, as `ActionButton` sizes it: 14 px for the small ones. */
function iconSize(size: ButtonSize) {
  return size === 'xs' || size.startsWith('compact') ? 14 : 16;
}

function ActionAnchor({ icon: ActionIcon, size = 'xs', variant = 'default', ...props }: ActionAnchorProps) {
  return (
    <Button
      component="a"
      size={size}
      variant={variant}
      leftSection={<ActionIcon size={iconSize(size)} />}
      {...props}
    />
  );
}

// Marked pure so a chunk that does not use it does not carry it.
const CreatedActionLink = /* @__PURE__ */ createLink(ActionAnchor);

/**
 * `ActionButton` as a type-safe router link: a small button with its icon that goes to a page
 * ("Run records", "Edit definition") instead of doing something. Same defaults (size "xs",
 * variant "default"); it preloads its route on intent like the other links.
 */
export const ActionLink: LinkComponent<typeof ActionAnchor> = (props) => (
  <CreatedActionLink preload="intent" {...props} />
);
