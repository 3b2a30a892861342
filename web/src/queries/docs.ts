import type { Page } from '@shared/schemas/common';
import type {
  DocDetail,
  DocNode,
  DocReferrer,
  DocTreeNode,
  Download,
  Revision,
  RevisionSummary,
  SearchHit,
  SpaceInfo,
  TrashEntry,
  UploadTicket,
  WikiDetail,
} from '@shared/schemas/docs';
import { keepPreviousData, type QueryClient, type QueryKey, queryOptions } from '@tanstack/react-query';
import { api } from '../api/client';
import { getQuery, KEEP_ROWS, useWrite } from './factory';

/**
 * The knowledge base (docs/api-conventions.md, "Knowledge base"). Type-only imports from the
 * shared schemas: the docs routes' loaders import this module. `wikiPages` and `deleteWiki` skip
 * the client's error handling (spec section 8): their callers show the failure themselves.
 */
const DOCS = '/api/pms/docs';
const WIKI = '/api/pms/wikiPages';

export const docKeys = {
  all: ['docs'] as const,
  spaces: () => [...docKeys.all, 'spaces'] as const,
  /** The menu of a space (tree, folder lists, trash): reloaded together. */
  space: (space: string) => [...docKeys.all, 'space', space] as const,
  tree: (space: string) => [...docKeys.space(space), 'tree'] as const,
  list: (space: string, folderId: string | null, pageNum: number) =>
    [...docKeys.space(space), 'list', folderId, pageNum] as const,
  trash: (space: string, pageNum: number) => [...docKeys.space(space), 'trash', pageNum] as const,
  /** The detail of one node (and of a wiki page, its revisions). */
  detail: (id: string) => [...docKeys.all, 'detail', id] as const,
  wiki: (id: string) => [...docKeys.detail(id), 'wiki'] as const,
  revisions: (id: string, pageNum: number) => [...docKeys.detail(id), 'revisions', pageNum] as const,
  revision: (id: string, revision: number) => [...docKeys.detail(id), 'revision', revision] as const,
  download: (identifier: string) => [...docKeys.all, 'download', identifier] as const,
  search: (q: string, space: string | null, pageNum: number) =>
    [...docKeys.all, 'search', q, space, pageNum] as const,
  references: (by: { issueId?: string; specId?: string }) => [...docKeys.all, 'references', by] as const,
};

export const spacesQueryOptions = () =>
  queryOptions({
    queryKey: docKeys.spaces(),
    queryFn: ({ signal }) => api.get<SpaceInfo[]>(`${DOCS}/spaces`, undefined, { signal }),
  });

export const treeQueryOptions = (space: string) =>
  getQuery<DocTreeNode[]>(docKeys.tree(space), `${DOCS}/tree`, { space });

export const folderListQueryOptions = (space: string, folderId: string | null, pageNum: number) =>
  getQuery<Page<DocNode>>(
    docKeys.list(space, folderId, pageNum),
    `${DOCS}/list`,
    { space, folderId: folderId ?? undefined, pageNum, pageSize: 20 },
    KEEP_ROWS,
  );

/**
 * A document's (or wiki page's) detail. Its pages show a failure themselves: after a delete, the
 * page still open refetches a document that is gone, and that must not send the user to the 404
 * page.
 */
function ownFailureQuery<T>(queryKey: QueryKey, url: string) {
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => api.get<T>(url, undefined, { signal, skipErrorHandler: true }),
    retry: false,
  });
}

export const docQueryOptions = (id: string) =>
  ownFailureQuery<DocDetail>(docKeys.detail(id), `${DOCS}/${id}`);

export const wikiQueryOptions = (id: string) =>
  ownFailureQuery<WikiDetail>(docKeys.wiki(id), `${WIKI}/${id}`);

export const revisionsQueryOptions = (id: string, pageNum: number) =>
  queryOptions({
    queryKey: docKeys.revisions(id, pageNum),
    queryFn: ({ signal }) =>
      api.get<Page<RevisionSummary>>(
        `${WIKI}/${id}/revisions`,
        { pageNum, pageSize: 50 },
        { signal, skipErrorHandler: true },
      ),
    placeholderData: keepPreviousData,
  });

export const revisionQueryOptions = (id: string, revision: number) =>
  queryOptions({
    queryKey: docKeys.revision(id, revision),
    queryFn: ({ signal }) =>
      api.get<Revision>(`${WIKI}/${id}/revisions/${revision}`, undefined, { signal, skipErrorHandler: true }),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** A presigned address lives five minutes: fetch a fresh one well before that. */
export const downloadQueryOptions = (identifier: string, disposition: 'inline' | 'attachment' = 'inline') =>
  getQuery<Download>(
    [...docKeys.download(identifier), disposition],
    `/api/file/common/downloadByIdentifier/${identifier}`,
    { disposition },
    { staleTime: 2 * 60_000 },
  );

/** The address of a file for `<img src>`: the server answers 302 to a fresh presigned GET. */
export function fileSrc(identifier: string): string {
  return api.resolveUrl(`/api/file/common/downloadByIdentifier/${identifier}`, { redirect: '1' });
}

export const trashQueryOptions = (space: string, pageNum: number) =>
  getQuery<Page<TrashEntry>>(
    docKeys.trash(space, pageNum),
    `${DOCS}/trash`,
    { space, pageNum, pageSize: 20 },
    KEEP_ROWS,
  );

export const searchQueryOptions = (q: string, space: string | null, pageNum: number) =>
  getQuery<Page<SearchHit>>(
    docKeys.search(q, space, pageNum),
    `${DOCS}/search`,
    { q, space: space ?? undefined, pageNum, pageSize: 20 },
    { ...KEEP_ROWS, enabled: q.trim().length > 0 },
  );

export const referencesQueryOptions = (by: { issueId?: string; specId?: string }) =>
  getQuery<DocReferrer[]>(docKeys.references(by), `${DOCS}/references`, by);

// ---- changes ------------------------------------------------------------------------------------

/**
 * Spec section 3's trigger to reload the menu: a space's tree, folder lists and trash, and the
 * search results that list the same documents.
 */
export async function reloadMenu(queryClient: QueryClient, space: string): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: docKeys.space(space) }),
    queryClient.invalidateQueries({ queryKey: [...docKeys.all, 'search'] }),
  ]);
}

/**
 * Spec section 3's trigger to reload the detail: one document's (a wiki page's with its
 * revisions), or, without an id, every document detail held.
 */
export async function reloadDetail(queryClient: QueryClient, id?: string): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: id ? docKeys.detail(id) : [...docKeys.all, 'detail'] });
}

/**
 * A write in a space (`spaceOf` names it): afterwards the space's menu and every detail reload (a
 * move or a rename changes paths).
 */
function useSpaceWrite<Body, Saved>(
  mutationFn: (body: Body) => Promise<Saved>,
  spaceOf: (saved: Saved, body: Body) => string,
) {
  return useWrite(mutationFn, {
    refresh: (queryClient, saved, body) =>
      Promise.all([reloadMenu(queryClient, spaceOf(saved, body)), reloadDetail(queryClient)]),
  });
}

/** The space of the document a write answered with. */
const savedSpace = (doc: { space: string }) => doc.space;

export function useCreateFolder() {
  return useSpaceWrite(
    (body: { space: string; title: string; root_id?: string | null }) =>
      api.post<DocDetail>('/api/pms/folders', body),
    savedSpace,
  );
}

export function useCreateWiki() {
  return useSpaceWrite(
    (body: { space: string; title: string; root_id?: string | null; content?: string }) =>
      api.post<WikiDetail>(WIKI, body, { skipErrorHandler: true }),
    savedSpace,
  );
}

export function useSaveWiki(id: string) {
  return useSpaceWrite(
    (body: { content: string; baseRevision: number; title?: string; summary?: string }) =>
      api.put<WikiDetail>(`${WIKI}/${id}`, body, { skipErrorHandler: true }),
    savedSpace,
  );
}

export function useRestoreRevision(id: string) {
  return useSpaceWrite(
    (input: { revision: number; baseRevision: number }) =>
      api.post<WikiDetail>(
        `${WIKI}/${id}/revisions/${input.revision}/restore`,
        { baseRevision: input.baseRevision, summary: `Restored revision ${input.revision}` },
        { skipErrorHandler: true },
      ),
    savedSpace,
  );
}

export function useUpdateDoc() {
  return useSpaceWrite(
    (input: { id: string; version: number; title?: string; root_id?: string | null; sort?: number }) => {
      const { id, ...body } = input;
      return api.put<DocDetail>(`${DOCS}/${id}`, body);
    },
    savedSpace,
  );
}

/** Folders and files go through `docs/{id}`, wiki pages through `deleteWiki` (its own failures). */
export function useDeleteDoc() {
  return useSpaceWrite(
    (doc: Pick<DocNode, 'id' | 'kind' | 'space'>) =>
      doc.kind === 'wiki'
        ? api.delete<null>(`/api/pms/deleteWiki/${doc.id}`, undefined, { skipErrorHandler: true })
        : api.delete<null>(`${DOCS}/${doc.id}`, undefined, { skipErrorHandler: true }),
    (_, doc) => doc.space,
  );
}

export function useRestoreFromTrash(space: string) {
  return useSpaceWrite(
    (id: string) => api.post<DocDetail>(`${DOCS}/trash/${id}/restore`),
    () => space,
  );
}

export function usePurge(space: string) {
  return useSpaceWrite(
    (id: string) => api.delete<null>(`${DOCS}/trash/${id}`),
    () => space,
  );
}

/**
 * A file's three steps: a ticket (pending record and presigned POST), the bytes straight to
 * storage, then the confirmation that checks them and makes the document visible.
 */
export async function uploadFile(input: {
  space: string;
  file: File;
  root_id?: string | null;
  attachTo?: string;
}): Promise<DocDetail> {
  const ticket = await api.post<UploadTicket>(
    `${DOCS}/files`,
    {
      space: input.space,
      fileName: input.file.name,
      size: input.file.size,
      root_id: input.root_id ?? undefined,
      attachTo: input.attachTo,
    },
    { skipErrorHandler: true },
  );
  const form = new FormData();
  for (const [key, value] of Object.entries(ticket.fields)) form.append(key, value);
  form.append('file', input.file);
  const stored = await fetch(ticket.url, { method: 'POST', body: form });
  if (!stored.ok) {
    const text = await stored.text();
    const code = /<Code>([^<]+)<\/Code>/.exec(text)?.[1];
    throw new Error(
      code === 'EntityTooLarge'
        ? `${input.file.name} is larger than the ${Math.round(ticket.maxBytes / 1024 / 1024)} MB limit`
        : `The upload of ${input.file.name} failed (${code ?? stored.status})`,
    );
  }
  return api.post<DocDetail>(`${DOCS}/files/${ticket.doc.id}/confirm`, undefined, { skipErrorHandler: true });
}

export function useUploadFile() {
  return useSpaceWrite(uploadFile, savedSpace);
}
