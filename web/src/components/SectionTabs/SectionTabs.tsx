import { Tabs } from '@mantine/core';
import { type LinkProps, useNavigate, useRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';

export interface Section {
  value: string;
  label: string;
  to: LinkProps['to'];
}

/**
 * A product's or project's sections as tabs: the one the path is in is selected, a tab opens its
 * section, and hovering one loads its code and data ahead.
 */
export function SectionTabs({
  label,
  value,
  sections,
  params,
  children,
}: {
  /** The tab list's accessible name: "Product sections". */
  label: string;
  /** The section the path is in. */
  value: string;
  /** The sections the user may open. */
  sections: readonly Section[];
  params: Record<string, string>;
  /** Tabs after the sections (coming ones, disabled). */
  children?: ReactNode;
}) {
  const navigate = useNavigate();
  const router = useRouter();
  // Every section's route takes exactly these params (the product's or project's own).
  const to = (section: Section) => ({ to: section.to, params: params as never });
  return (
    <Tabs
      value={value}
      onChange={(next) => {
        const section = sections.find((s) => s.value === next);
        if (section) void navigate(to(section));
      }}
      // Arrow keys move between tabs; Enter or Space opens one (opening on focus would navigate).
      activateTabWithKeyboard={false}
    >
      <Tabs.List aria-label={label}>
        {sections.map((section) => (
          <Tabs.Tab
            key={section.value}
            value={section.value}
            onMouseEnter={() => void router.preloadRoute(to(section)).catch(() => undefined)}
          >
            {section.label}
          </Tabs.Tab>
        ))}
        {children}
      </Tabs.List>
    </Tabs>
  );
}
