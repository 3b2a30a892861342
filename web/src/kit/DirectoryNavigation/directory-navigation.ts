import type { DirectorySearch } from '../../lib/search';

/** A route's `navigate` as a directory uses it: the next search, made from the one before. */
type SearchNavigate<S extends string> = (options: {
  search: (prev: DirectorySearch<S>) => DirectorySearch<S>;
  replace: boolean;
}) => unknown;

/**
 * A directory page's `onSearch` and `onPage` (products, projects): new filters start again at the
 * first page and are validated like a typed URL; another page keeps the filters.
 */
export function directoryNavigation<S extends string>(
  navigate: SearchNavigate<S>,
  validate: (search: Record<string, unknown>) => DirectorySearch<S>,
) {
  return {
    onSearch: (change: DirectorySearch<S>) =>
      void navigate({
        search: (prev) => validate({ ...prev, pageNum: undefined, ...change }),
        replace: true,
      }),
    onPage: (pageNum: number | undefined, replace: boolean) =>
      void navigate({ search: (prev) => ({ ...prev, pageNum }), replace }),
  };
}
