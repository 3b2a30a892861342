import { usePageSize } from './use-page-size';
import { usePanelSearch } from './use-panel-search';

/** What `CardPager` and `Pager` need besides the page and the noun: spread it into them. */
export interface PagerState {
  pageNum: number;
  pageSize: number;
  onChange: (pageNum: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}

/**
 * The paging of a list held in its panel (a sheet's cases, a project's reports): the page
 * passed in, the size remembered for `list`, and a new size starting again at page 1 (the
 * page a person was on may not exist at the new size).
 */
export function usePager(list: string, pageNum: number, setPageNum: (pageNum: number) => void): PagerState {
  const [pageSize, setPageSize] = usePageSize(list);
  return {
    pageNum,
    pageSize,
    onChange: setPageNum,
    onPageSizeChange: (size) => {
      setPageSize(size);
      setPageNum(1);
    },
  };
}

/** A panel's search box and keyword (`usePanelSearch`) with the paging of `list`. */
export function usePanelSearchPager(list: string) {
  const search = usePanelSearch();
  return { ...search, pager: usePager(list, search.pageNum, search.setPageNum) };
}
