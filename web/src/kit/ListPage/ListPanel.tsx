import { Card } from '@mantine/core';
import type { ReactNode } from 'react';
import { ListBody, type ListQueryState, PanelHeading } from './ListPage';

/**
 * A list in a card of a page, beside other cards (a repository's components and folders, a
 * snapshot's components and files): a small heading with how many and its controls, what stands
 * above the rows (breadcrumbs), the list's loading, error and empty states or its table, and what
 * comes below it (the pager, the list's dialogs).
 */
export function ListPanel({
  title,
  count,
  controls = null,
  above,
  what,
  query,
  isEmpty,
  empty,
  children,
  footer,
}: {
  title: string;
  /** "3 in total", once known. */
  count?: ReactNode;
  /** Right of the heading: a search box. */
  controls?: ReactNode;
  above?: ReactNode;
  /** Lower-case plural for the loading and error states: "components". */
  what: string;
  query: ListQueryState;
  isEmpty: boolean;
  empty: ReactNode;
  /** The table. */
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <Card withBorder p={0}>
      <PanelHeading title={title} small count={count}>
        {controls}
      </PanelHeading>
      {above}
      <ListBody what={what} query={query} isEmpty={isEmpty} empty={empty}>
        {children}
      </ListBody>
      {footer}
    </Card>
  );
}
