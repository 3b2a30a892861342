import { Button, Card, Group, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { PageTitle } from '../../components/PageTitle/PageTitle';
import type { DirectorySearch } from '../../lib/search';
import { DirectoryFilters } from '../FilterBar/FilterBar';
import { ListBody, NoMatch, NothingYet } from './ListPage';
import { Pager } from './Pager';
import type { ListQuery } from './use-list-query';
import { useStepBackFromEmptyPage } from './use-step-back';

interface DirectoryPageProps<S extends string> {
  /** "Products": the heading. */
  title: string;
  /** The line under the heading. */
  intro: ReactNode;
  /** "product", "products": the filters' labels, the empty states and the pager say these. */
  one: string;
  many: string;
  searchPlaceholder: string;
  statuses: { value: S | 'all'; label: string }[];
  search: DirectorySearch<S>;
  /** New filters (the page starts again at 1). */
  onSearch: (change: DirectorySearch<S>) => void;
  /** Another page; `replace` when a page left empty steps back. */
  onPage: (pageNum: number | undefined, replace: boolean) => void;
  /** `useListQuery`. */
  list: ListQuery;
  /** "New product" and the form it opens; absent without the permission. */
  create?: { label: string; form: (opened: boolean, onClose: () => void) => ReactNode };
  /** What nothing yet says to those who may create the first one, and to those who may not. */
  nothingYet: { icon: ReactNode; canAdd: string; cannotAdd: string };
  /** The rows are cards (a grid without a card around it), not a table in a card. */
  cards?: boolean;
  maw: number;
  batchBar?: ReactNode;
  /** The rows. */
  children: ReactNode;
}

/**
 * An enterprise's directory (products, projects): the heading with its line and "New …", the
 * keyword, status and "My …" filters kept in the URL, the rows (or nothing yet, or no match with
 * Clear filters), and the pager. A page left empty by a delete steps back to the last page.
 */
export function DirectoryPage<S extends string>({
  title,
  intro,
  one,
  many,
  searchPlaceholder,
  statuses,
  search,
  onSearch,
  onPage,
  list: { params, query, onPageSizeChange },
  create,
  nothingYet,
  cards = false,
  maw,
  batchBar,
  children,
}: DirectoryPageProps<S>) {
  const [creating, setCreating] = useState(false);
  const page = query.data;
  const filtered = Boolean(search.keyword || search.status || search.mine);
  const empty = page !== undefined && page.rows.length === 0;
  useStepBackFromEmptyPage(page, params.pageNum, (pageNum) => onPage(pageNum, true));
  const newButton = create && (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
      {create.label}
    </Button>
  );
  const emptyState = filtered ? (
    <NoMatch
      title={`No ${one} matches`}
      description={`Try other words, another status, or all ${many} instead of yours.`}
      testId={`${many}-empty`}
    >
      <Button
        variant="default"
        onClick={() => onSearch({ keyword: undefined, status: undefined, mine: undefined })}
      >
        Clear filters
      </Button>
    </NoMatch>
  ) : (
    <NothingYet
      icon={nothingYet.icon}
      title={`No ${many} yet`}
      description={create ? nothingYet.canAdd : nothingYet.cannotAdd}
      action={newButton}
      testId={`${many}-empty`}
    />
  );
  const body = (
    <ListBody
      what={many}
      query={query}
      isEmpty={!page || empty}
      empty={cards ? <Card py={0}>{emptyState}</Card> : emptyState}
    >
      {children}
    </ListBody>
  );

  return (
    <Stack gap="lg" maw={maw}>
      <Group justify="space-between" align="flex-end">
        <PageTitle title={title}>{intro}</PageTitle>
        {/* The empty state carries the call to action instead. */}
        {!(empty && !filtered) && newButton}
      </Group>
      <DirectoryFilters
        searchLabel={`Search ${many}`}
        searchPlaceholder={searchPlaceholder}
        keyword={search.keyword}
        onKeyword={(keyword) => onSearch({ keyword })}
        statusLabel={`Filter by ${one} status`}
        statuses={statuses}
        status={search.status}
        onStatus={(status) => onSearch({ status })}
        mineLabel={`My ${many}`}
        mine={search.mine === true}
        onMine={(mine) => onSearch({ mine })}
      />
      {batchBar}
      {cards ? body : <Card p={0}>{body}</Card>}
      {page && page.total > 0 && (
        <Pager
          total={page.total}
          pageNum={params.pageNum}
          pageSize={page.pageSize}
          noun={many}
          onChange={(pageNum) => onPage(pageNum, false)}
          onPageSizeChange={(size) => {
            onPageSizeChange(size);
            onSearch({});
          }}
        />
      )}
      {create?.form(creating, () => setCreating(false))}
    </Stack>
  );
}
