import type { ReactNode } from 'react';
import { ListTable, type ListTableProps } from '../ListTable/ListTable';
import { ListBody } from './ListPage';
import { CardPager } from './Pager';
import type { PagerState } from './use-pager';

type PagedPanelTableProps<T> = Omit<ListTableProps<T>, 'rows'> & {
  /** Lower-case plural for the loading state: "test sheets". */
  what: string;
  /** Plural after the pager's count: "sheets". */
  noun: string;
  /** The page the query gave, undefined until the first one arrives. */
  page: { rows: T[]; total: number } | undefined;
  /** Rows of the previous keyword or page show dimmed while the next ones load. */
  isPlaceholderData: boolean;
  /** Shown instead of the table when the page has no rows (`NoMatch`). */
  empty: ReactNode;
  pager: PagerState;
};

/**
 * The table of a list that lives in a panel card (a project's sheets, its reports): a skeleton
 * until the first page arrives, `empty` for a page without rows, else the rows and the pager.
 */
export function PagedPanelTable<T>({
  what,
  noun,
  page,
  isPlaceholderData,
  empty,
  pager,
  ...table
}: PagedPanelTableProps<T>) {
  return (
    <ListBody
      what={what}
      query={{ isPending: !page, isError: false, isPlaceholderData, refetch: () => undefined }}
      isEmpty={!page || page.rows.length === 0}
      empty={empty}
    >
      <ListTable rows={page?.rows ?? []} {...table} />
      <CardPager page={page} noun={noun} {...pager} />
    </ListBody>
  );
}

/** The props of a project's list shown in a panel: the project, opening a row, asking for a new one. */
export interface ProjectPanelListProps<T> {
  projectId: string;
  onOpen: (row: T) => void;
  onCreate: () => void;
}
