import type { DocKind } from '@shared/domain/docs';
import type { DocDetail, WikiDetail } from '@shared/schemas/docs';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation } from '@tanstack/react-router';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { docQueryOptions, reloadDetail, reloadMenu, wikiQueryOptions } from '../../../queries/docs';
import { type DocsPlace, useDocsPlace } from './paths';

/**
 * The document state of spec section 3 (selectNodeDetail, editType, wikiDetail,
 * wikiPageInitDetail and the triggers to reload the menu or the detail), in one place. Most of it
 * is derived: from the address (which node is selected, what the pane beside the menu does with
 * it) and from TanStack Query (the node's detail, the page). Only what an editor started from is
 * held, by `DocsStateProvider` in the library's frame. docs/architecture.md "Knowledge base" maps
 * each name.
 */

/** What the pane beside the library menu does, read from the address. */
export type DocsMode =
  /** `/docs`: the top of the library. */
  | 'library'
  /** `/docs/folder/{id}`. */
  | 'folder'
  /** `/docs/wiki/{id}`: a page read. */
  | 'page'
  /** `/docs/wiki/{id}/history`. */
  | 'history'
  /** `/docs/wiki/{id}/preview` (the page alone) and `/docs/file/{id}/preview`. */
  | 'preview'
  /** `/docs/{id}/edit`: a page edited. */
  | 'edit'
  /** `/docs/add`: a new page. */
  | 'add'
  /** `/docs/{id}`: any document, until it is known what it is. */
  | 'open';

export interface DocsAddress {
  mode: DocsMode;
  /** The folder, page or file in the address (the node the menu shows selected). */
  selectedId: string | null;
  /** The kind the address implies (`/docs/{id}` implies none). */
  kind: DocKind | null;
}

const LIBRARY = /^\/[^/]+(?:\/projects\/[^/]+)?\/docs(?:\/(.*))?$/;

function decoded(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/** Which document an address of either library (spec section 2) names, and what it does with it. */
export function parseDocsPath(pathname: string): DocsAddress {
  const parts = (LIBRARY.exec(pathname)?.[1] ?? '').split('/').filter(Boolean).map(decoded);
  const [first, second, third] = parts;
  if (!first) return { mode: 'library', selectedId: null, kind: null };
  if (first === 'add' && !second) return { mode: 'add', selectedId: null, kind: 'wiki' };
  if (first === 'folder' && second) return { mode: 'folder', selectedId: second, kind: 'folder' };
  if (first === 'wiki' && second) {
    const mode = third === 'history' ? 'history' : third === 'preview' ? 'preview' : 'page';
    return { mode, selectedId: second, kind: 'wiki' };
  }
  if (first === 'file' && second) return { mode: 'preview', selectedId: second, kind: 'file' };
  if (second === 'edit') return { mode: 'edit', selectedId: first, kind: 'wiki' };
  return { mode: 'open', selectedId: first, kind: null };
}

/** A page as it was when its editing began: what a save names as its base, and the merge base. */
export interface WikiPageInit {
  id: string;
  revision: number;
  title: string;
  content: string;
}

interface EditSession {
  initial: WikiPageInit | null;
  begin: (page: WikiDetail) => void;
  rebase: (base: WikiPageInit) => void;
  end: () => void;
}

const EditSessionContext = createContext<EditSession | null>(null);

/** Holds what an editor started from; the library's frame (DocsShell) puts it around every docs page. */
export function DocsStateProvider({ children }: { children: ReactNode }) {
  const [initial, setInitial] = useState<WikiPageInit | null>(null);
  // A page read again while it is edited (a focus refetch) does not move the base: an edit that
  // began on this page keeps what it began from.
  const begin = useCallback(
    (page: WikiDetail) =>
      setInitial((held) =>
        held?.id === page.id
          ? held
          : { id: page.id, revision: page.revision ?? 0, title: page.title, content: page.content },
      ),
    [],
  );
  const rebase = useCallback((base: WikiPageInit) => setInitial(base), []);
  const end = useCallback(() => setInitial(null), []);
  const session = useMemo(() => ({ initial, begin, rebase, end }), [initial, begin, rebase, end]);
  return <EditSessionContext.Provider value={session}>{children}</EditSessionContext.Provider>;
}

export interface DocsState extends DocsAddress {
  place: DocsPlace;
  /**
   * The kind of document the pane shows or edits: `wiki` for a page (a new one too), `folder`,
   * `file`; null at the top of the library (and while `/docs/{id}` is still being read).
   */
  editType: DocKind | null;
  /** A page is being edited or written (`edit`, `add`). */
  editing: boolean;
  /** The selected node's detail (a page's is its `wikiDetail`); null when nothing is selected or loaded. */
  selectNodeDetail: DocDetail | null;
  /** The page being viewed, edited or compared, as the server has it now. */
  wikiDetail: WikiDetail | null;
  /** The page as loaded when its editing began (moved on only by a merge): the base of a save. */
  wikiPageInitDetail: WikiPageInit | null;
  /** Whether the selected node's detail is still loading, or why it failed. */
  detail: { pending: boolean; error: unknown };
  /** Start editing the page (keeps an edit of the same page already begun). */
  beginEdit: (page: WikiDetail) => void;
  /** After a merge: the other person's revision becomes the base. */
  rebaseEdit: (base: WikiPageInit) => void;
  endEdit: () => void;
  /** Reload the menu: the library's tree, folder lists, trash and search results. */
  reloadMenu: () => Promise<void>;
  /** Reload the detail of the selected node. */
  reloadDetail: () => Promise<void>;
}

/** The document state of the library and node in the address. Inside `DocsStateProvider` only. */
export function useDocsState(): DocsState {
  const session = useContext(EditSessionContext);
  if (!session) throw new Error('useDocsState needs a DocsStateProvider (DocsShell renders one)');
  const place = useDocsPlace();
  const queryClient = useQueryClient();
  const pathname = useLocation({ select: (location) => location.pathname });
  const address = useMemo(() => parseDocsPath(pathname), [pathname]);
  const { selectedId, mode, kind } = address;
  const isPage = kind === 'wiki' && selectedId !== null;
  // The same queries the pages use: the state adds no request of its own.
  const wiki = useQuery({ ...wikiQueryOptions(selectedId ?? ''), enabled: isPage });
  const doc = useQuery({ ...docQueryOptions(selectedId ?? ''), enabled: selectedId !== null && !isPage });
  const detail = isPage ? wiki : doc;
  const selectNodeDetail = selectedId === null ? null : (detail.data ?? null);
  const wikiPageInitDetail = mode === 'edit' && session.initial?.id === selectedId ? session.initial : null;
  return {
    ...address,
    place,
    editType: kind ?? selectNodeDetail?.kind ?? null,
    editing: mode === 'edit' || mode === 'add',
    selectNodeDetail,
    wikiDetail: isPage ? (wiki.data ?? null) : null,
    wikiPageInitDetail,
    detail: {
      pending: selectedId !== null && detail.isPending,
      error: detail.isError ? detail.error : null,
    },
    beginEdit: session.begin,
    rebaseEdit: session.rebase,
    endEdit: session.end,
    reloadMenu: () => reloadMenu(queryClient, place.space),
    reloadDetail: () => (selectedId ? reloadDetail(queryClient, selectedId) : Promise.resolve()),
  };
}
