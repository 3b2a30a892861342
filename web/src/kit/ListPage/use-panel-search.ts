import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';

/**
 * The search box and page of a list inside a panel, kept in the panel rather than the URL (a
 * project's reports, sheets, repositories): what is typed, the keyword it settles to a moment
 * later, and the page, back at 1 for each new keyword.
 */
export function usePanelSearch() {
  const [pageNum, setPageNum] = useState(1);
  const [search, setSearch] = useState('');
  const [keyword] = useDebouncedValue(search.trim(), 300);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search starts at its first page
  useEffect(() => setPageNum(1), [keyword]);
  return { search, setSearch, keyword, pageNum, setPageNum };
}
