import { useState } from 'react';
import { usePager } from './use-pager';

/**
 * Pages a list the server sends whole (the artifact repositories of a kind): the rows of the page
 * shown, at the page size the person chose for the list `name` (`usePager`), and what the `Pager`
 * needs. A new `filters` value (any value, compared by its JSON) starts again at page 1; a page
 * left empty by a delete shows the last page there is.
 */
export function useClientPaging<T>(name: string, rows: readonly T[], filters?: unknown) {
  const filterKey = JSON.stringify(filters ?? null);
  const [at, setAt] = useState({ filterKey, pageNum: 1 });
  const wanted = at.filterKey === filterKey ? at.pageNum : 1;
  const pager = usePager(name, wanted, (pageNum) => setAt({ filterKey, pageNum }));
  const pages = Math.max(1, Math.ceil(rows.length / pager.pageSize));
  const pageNum = Math.min(wanted, pages);
  return {
    rows: rows.slice((pageNum - 1) * pager.pageSize, pageNum * pager.pageSize),
    pager: { ...pager, pageNum, total: rows.length },
  };
}
