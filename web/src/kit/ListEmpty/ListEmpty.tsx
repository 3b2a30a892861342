import type { ComponentProps } from 'react';
import { NoMatch, NothingYet } from '../ListPage/ListPage';

/**
 * What a list shows when it has no rows: "no match" while filters or a search hide every row, the
 * first-use invitation while there is nothing at all. A page names both once, as data, and the
 * choice between them is made here.
 */
export function ListEmpty({
  filtered,
  noMatch,
  nothingYet,
}: {
  /** A filter or a search is set: rows may exist that it hides. */
  filtered: boolean;
  noMatch: ComponentProps<typeof NoMatch>;
  nothingYet: ComponentProps<typeof NothingYet>;
}) {
  return filtered ? <NoMatch {...noMatch} /> : <NothingYet {...nothingYet} />;
}
