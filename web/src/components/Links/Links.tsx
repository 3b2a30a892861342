import {
  ActionIcon,
  type ActionIconProps,
  Anchor,
  type AnchorProps,
  Button,
  type ButtonProps,
  Card,
  type CardProps,
  NavLink,
  type NavLinkProps,
} from '@mantine/core';
import { createLink, type LinkComponent } from '@tanstack/react-router';
import type { ComponentPropsWithRef } from 'react';

/**
 * Mantine components as type-safe router links (TanStack Router's createLink): `to` and `params`
 * are checked against the route tree, and the link preloads its route on intent.
 */
type AnchorLikeProps<P> = P & Omit<ComponentPropsWithRef<'a'>, keyof P | 'color' | 'style'>;

function ButtonAnchor(props: AnchorLikeProps<ButtonProps>) {
  return <Button component="a" {...props} />;
}
function AnchorAnchor(props: AnchorLikeProps<AnchorProps>) {
  return <Anchor {...props} />;
}
function CardAnchor(props: AnchorLikeProps<CardProps>) {
  return <Card component="a" {...props} />;
}
function ActionIconAnchor(props: AnchorLikeProps<ActionIconProps>) {
  return <ActionIcon component="a" {...props} />;
}
function NavLinkAnchor(props: AnchorLikeProps<NavLinkProps>) {
  return <NavLink component="a" {...props} />;
}

// Marked pure so a chunk that uses one link kind does not carry the others.
const CreatedButton = /* @__PURE__ */ createLink(ButtonAnchor);
const CreatedAnchor = /* @__PURE__ */ createLink(AnchorAnchor);
const CreatedNavLink = /* @__PURE__ */ createLink(NavLinkAnchor);
const CreatedCard = /* @__PURE__ */ createLink(CardAnchor);
const CreatedActionIcon = /* @__PURE__ */ createLink(ActionIconAnchor);

export const LinkButton: LinkComponent<typeof ButtonAnchor> = (props) => (
  <CreatedButton preload="intent" {...props} />
);
export const LinkAnchor: LinkComponent<typeof AnchorAnchor> = (props) => (
  <CreatedAnchor preload="intent" {...props} />
);
export const LinkNavLink: LinkComponent<typeof NavLinkAnchor> = (props) => (
  <CreatedNavLink preload="intent" {...props} />
);
export const LinkCard: LinkComponent<typeof CardAnchor> = (props) => (
  <CreatedCard preload="intent" {...props} />
);
export const LinkActionIcon: LinkComponent<typeof ActionIconAnchor> = (props) => (
  <CreatedActionIcon preload="intent" {...props} />
);
