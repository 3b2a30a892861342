import { Badge, NavLink, ScrollArea, Stack, Tooltip } from '@mantine/core';
import type { AccessMap } from '@shared/permissions/access';
import { useLocation } from '@tanstack/react-router';
import { useMemo } from 'react';
import { LinkNavLink } from '../Links/Links';
import { isNavActive, NAV_ITEMS, type NavItem, visibleNavItems } from './nav-items';

interface AppNavbarProps {
  identifier: string;
  access: AccessMap;
  /** Called when a page link is followed (closes the navbar on small screens). */
  onNavigate?: () => void;
  items?: readonly NavItem[];
}

/** The enterprise navigation: every area, links for built pages, disabled entries for the rest. */
export function AppNavbar({ identifier, access, onNavigate, items = NAV_ITEMS }: AppNavbarProps) {
  const pathname = useLocation({ select: (location) => location.pathname });
  const visible = useMemo(() => visibleNavItems(items, access), [items, access]);

  function renderItem(item: NavItem, nested: boolean) {
    const Icon = item.icon;
    const icon = Icon ? <Icon size={18} stroke={1.6} /> : undefined;
    if (item.children?.length) {
      const opened = item.children.some((child) => isNavActive(child, identifier, pathname));
      return (
        <NavLink
          key={item.key}
          label={item.label}
          leftSection={icon}
          defaultOpened={opened}
          childrenOffset={28}
          data-testid={`nav-${item.key}`}
        >
          {item.children.map((child) => renderItem(child, true))}
        </NavLink>
      );
    }
    if (!item.to) {
      return (
        <Tooltip key={item.key} label="Not yet available" position="right">
          <div data-testid={`nav-${item.key}`} aria-disabled="true">
            <NavLink
              component="div"
              label={item.label}
              leftSection={icon}
              disabled
              rightSection={
                nested ? undefined : (
                  <Badge size="xs" variant="light" color="gray">
                    Soon
                  </Badge>
                )
              }
            />
          </div>
        </Tooltip>
      );
    }
    return (
      <LinkNavLink
        key={item.key}
        to={item.to}
        params={{ identifier }}
        label={item.label}
        leftSection={icon}
        active={isNavActive(item, identifier, pathname)}
        // The router marks active links with aria-current, which Mantine styles as active too.
        activeOptions={{ exact: item.exact ?? false, includeSearch: false }}
        onClick={onNavigate}
        data-testid={`nav-${item.key}`}
      />
    );
  }

  return (
    <ScrollArea type="scroll" h="100%">
      <Stack component="nav" gap={2} aria-label="Enterprise navigation">
        {visible.map((item) => renderItem(item, false))}
      </Stack>
    </ScrollArea>
  );
}
