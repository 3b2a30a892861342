import type { Requirement } from '@shared/permissions/matcher';
import { useLocation } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { type Section, SectionTabs } from '../../components/SectionTabs/SectionTabs';
import { useCurrentEnterprise } from '../../lib/current-enterprise';

/** A section of a product or project, shown to those who hold its permission (to all without one). */
export interface GuardedSection extends Section {
  permission?: Requirement;
}

/**
 * The first part of a path after an item's own page (`/acme/projects/p1/task/i9` after
 * `/projects/p1` is "task"); undefined on the item's own page or outside it.
 */
export function sectionAfter(pathname: string, marker: string): string | undefined {
  const at = pathname.indexOf(marker);
  if (at === -1) return undefined;
  return pathname
    .slice(at + marker.length)
    .split('/')
    .filter(Boolean)[0];
}

/**
 * The tabs of a product's or project's pages: the sections the user may open, the one the path
 * is in selected, each opening with the enterprise's identifier and the item's own params.
 */
export function EntityTabs({
  label,
  sections,
  sectionOf,
  params,
  children,
}: {
  /** The tab list's accessible name: "Product sections". */
  label: string;
  sections: readonly GuardedSection[];
  /** The section a path is in. */
  sectionOf: (pathname: string) => string;
  /** The item's own params: `{ productId }`. */
  params: Record<string, string>;
  /** Tabs after the sections (coming ones, disabled). */
  children?: ReactNode;
}) {
  const { enterprise, can } = useCurrentEnterprise();
  const pathname = useLocation({ select: (location) => location.pathname });
  return (
    <SectionTabs
      label={label}
      value={sectionOf(pathname)}
      sections={sections.filter((section) => !section.permission || can(section.permission))}
      params={{ identifier: enterprise.enterpriseIdentifier, ...params }}
    >
      {children}
    </SectionTabs>
  );
}
