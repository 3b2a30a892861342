import { useEffect } from 'react';

/**
 * After removing the one row a later page showed: go a page back (`goTo`) rather than show an
 * empty page.
 */
export function stepBackFromLastRow(
  rowsOnPage: number,
  pageNum: number,
  goTo: (pageNum: number) => void,
): void {
  if (rowsOnPage === 1 && pageNum > 1) goTo(pageNum - 1);
}

/**
 * Deleting the last rows of the last page leaves it empty: go to the last page there still is
 * (`goTo(undefined)` for the first) instead of showing an empty one.
 */
export function useStepBackFromEmptyPage(
  page: { rows: unknown[]; total: number; pageSize: number } | undefined,
  pageNum: number,
  goTo: (pageNum: number | undefined) => void,
): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when an answer arrives
  useEffect(() => {
    if (page && page.rows.length === 0 && page.total > 0 && pageNum > 1) {
      const pages = Math.ceil(page.total / page.pageSize);
      goTo(pages > 1 ? pages : undefined);
    }
  }, [page]);
}
