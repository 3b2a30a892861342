import type { SearchNavigate } from '../../lib/search';

/**
 * The paging props of a `StatusCardPage` (a product's plans, a project's sprints): the page its
 * query holds, dimmed while the next one loads, and another page kept in the route's URL.
 */
export function cardPaging<P extends { pageNum?: number }, Page>(
  query: { data: Page | undefined; isPlaceholderData: boolean },
  pageNum: number,
  navigate: SearchNavigate<P>,
) {
  return {
    page: query.data,
    dimmed: query.isPlaceholderData,
    pageNum,
    onPageChange: (next: number | undefined, replace: boolean) =>
      void navigate({ search: (prev) => ({ ...prev, pageNum: next }), replace }),
  };
}
