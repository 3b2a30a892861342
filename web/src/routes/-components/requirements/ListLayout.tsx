import { Group } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconFolder } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { KeywordFilter } from '../../../kit/FilterBar/FilterBar';
import { CreateButton } from '../../../kit/ListPage/CreateButton';
import { ListPage, NoMatch, NothingYet } from '../../../kit/ListPage/ListPage';
import { Pager } from '../../../kit/ListPage/Pager';
import { TreeSideLayout } from '../../../kit/ListPage/TreeSideLayout';
import { useListQuery } from '../../../kit/ListPage/use-list-query';
import type { SearchNavigate } from '../../../lib/search';
import { ModuleTree } from '../products/ModuleTree';
import { searchNavigation } from './requirement-search';

/** The module tree on the left, the list on the right (stacked on narrow screens). */
export function WithModuleTree({
  productId,
  moduleId,
  onModuleChange,
  children,
}: {
  productId: string;
  moduleId: string | undefined;
  onModuleChange: (moduleId: string | undefined) => void;
  children: ReactNode;
}) {
  return (
    <TreeSideLayout
      treeLabel="Modules"
      treeWidth={210}
      tree={
        <ModuleTree
          productId={productId}
          selectedId={moduleId ?? null}
          onSelect={(id) => onModuleChange(id ?? undefined)}
          editable
        />
      }
    >
      {children}
    </TreeSideLayout>
  );
}

/** The route of a product's requirement list, as `getRouteApi` gives it. */
interface ListRoute<S> {
  useParams(): { identifier: string; productId: string };
  useSearch(): S;
  useNavigate(): SearchNavigate<S>;
}

/**
 * A requirement list's state, read from its route: the product, the URL's filters (changed and
 * validated by `onSearchChange`), and the page of rows they select, at the page size kept for the
 * list.
 */
export function useRequirementList<S extends { pageNum?: number }, P extends { pageNum: number }, T>(
  route: ListRoute<NoInfer<S>>,
  validate: (search: S) => S,
  words: ListWords,
  listParams: (productId: string, search: S) => P,
  options: Parameters<typeof useListQuery<P, T>>[2],
) {
  const { identifier, productId } = route.useParams();
  const search = route.useSearch();
  const onSearchChange = searchNavigation(route.useNavigate(), validate);
  const params = listParams(productId, search);
  return {
    identifier,
    productId,
    search,
    onSearchChange,
    words,
    ...useListQuery(words.name, params, options),
  };
}

type ListSearch = { keyword?: string; moduleId?: string; pageNum?: number };
type RequirementListState = ReturnType<typeof useRequirementList<ListSearch, { pageNum: number }, unknown>>;

/** How a requirement list names itself. */
export interface ListWords {
  /** The list's name: its kept page size, its empty state's test id (`specs-empty`). */
  name: string;
  /** "Requirement specs", "User requirements". */
  title: string;
  /** Plural for the pager and the empty states: "specs", "user requirements". */
  noun: string;
  /** Singular for "No … matches": "spec". */
  one: string;
}

interface RequirementListPageProps {
  /** `useRequirementList`. */
  list: RequirementListState;
  filtered: boolean;
  filters: ReactNode;
  batchBar?: ReactNode;
  /** "New spec" and the form it opens (`onClose` closes it); absent without the permission. */
  create?: { label: string; form: (onClose: () => void) => ReactNode };
  /** The empty list's icon, and what it says with "New …" (`invite`) and without it (`none`). */
  nothingYet: { icon: ReactNode; invite: string; none: string };
  children: ReactNode;
}

/**
 * A product's requirement list (specs or user requirements): module tree, the kit's list page,
 * paging, and the "New" button with the form it opens. Its title is also the tab's.
 */
export function RequirementListPage({
  list: { productId, search, onSearchChange, words, params, query, onPageSizeChange },
  filtered,
  filters,
  batchBar,
  create,
  nothingYet,
  children,
}: RequirementListPageProps) {
  const { title, noun, one } = words;
  useDocumentTitle(title);
  const testId = `${words.name}-empty`;
  const [creating, setCreating] = useState(false);
  const page = query.data;
  const nothingAtAll = page !== undefined && page.total === 0 && !filtered && !search.moduleId;
  const createButton = create && (
    <CreateButton onClick={() => setCreating(true)}>{create.label}</CreateButton>
  );
  return (
    <>
      <WithModuleTree
        productId={productId}
        moduleId={search.moduleId}
        onModuleChange={(moduleId) => onSearchChange({ moduleId })}
      >
        <ListPage
          title={title}
          count={page && !filtered && !search.moduleId ? page.total : undefined}
          actions={
            !nothingAtAll && (
              <Group gap="sm">
                <KeywordFilter value={search.keyword} onChange={(keyword) => onSearchChange({ keyword })} />
                {createButton}
              </Group>
            )
          }
          filters={!nothingAtAll && filters}
          batchBar={batchBar}
          query={{ ...query, isError: query.isError && !page }}
          isEmpty={!page || page.rows.length === 0}
          empty={
            nothingAtAll ? (
              <NothingYet
                icon={nothingYet.icon}
                title={`No ${title.toLowerCase()} yet`}
                description={create ? nothingYet.invite : nothingYet.none}
                action={createButton}
                testId={testId}
              />
            ) : (
              <NoMatch
                icon={filtered ? undefined : <IconFolder size={28} />}
                title={filtered ? `No ${one} matches` : `No ${noun} in this module`}
                description={filtered ? undefined : 'Pick another module, or all modules.'}
                testId={testId}
              />
            )
          }
          footer={
            page &&
            page.total > 0 && (
              <Pager
                total={page.total}
                pageNum={params.pageNum}
                pageSize={page.pageSize}
                noun={noun}
                onChange={(next) => onSearchChange({ pageNum: next })}
                onPageSizeChange={(size) => {
                  onPageSizeChange(size);
                  onSearchChange({ pageNum: undefined });
                }}
              />
            )
          }
        >
          {children}
        </ListPage>
      </WithModuleTree>
      {creating && create?.form(() => setCreating(false))}
    </>
  );
}
