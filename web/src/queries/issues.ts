import type { Page } from '@shared/schemas/common';
import type {
  IssueBatchBody,
  IssueCreateBody,
  IssueDetail,
  IssueOrderBy,
  IssuePage,
  IssueRef,
  IssueTag,
  IssueTagBody,
  IssueTagUpdateBody,
  IssueUpdateBody,
  Journal,
} from '@shared/schemas/issues';
import { infiniteQueryOptions, keepPreviousData, type QueryClient } from '@tanstack/react-query';
import { api } from '../api/client';
import { getQuery, SEARCH, useRefreshingWrite, useWrite } from './factory';
import { nextPageOf, projectKeys } from './projects';
import { DEFAULT_PAGE_SIZE } from './query-client';

/**
 * Work items (docs/api-conventions.md, "Work items"). Type-only imports from the shared schemas:
 * the list routes' loaders that import this module have no use for zod.
 */
const BASE = '/api/pms/pmsProjectIssues';

/** The list's filters and sort, as the list call takes them (arrays become `a,b`). */
export interface IssueListParams {
  pmsProjectId: string;
  pmIssueType?: number;
  statusGroup?: 'all' | 'opened' | 'closed';
  status?: number[];
  priority?: number[];
  /** Assignee ids; `none` matches unassigned items. */
  assigneeId?: string[];
  tagId?: string[];
  keyword?: string;
  orderBy?: IssueOrderBy;
  sort?: 'asc' | 'desc';
}

export type JournalKind = 'comment' | 'history';

export const issueKeys = {
  all: ['issues'] as const,
  /** Lists and searches of one project. */
  project: (projectId: string) => [...issueKeys.all, 'project', projectId] as const,
  list: (params: IssueListParams) => [...issueKeys.project(params.pmsProjectId), 'list', params] as const,
  search: (projectId: string, keyword: string) =>
    [...issueKeys.project(projectId), 'search', keyword] as const,
  details: () => [...issueKeys.all, 'detail'] as const,
  detail: (id: string) => [...issueKeys.details(), id] as const,
  journals: (id: string, kind: JournalKind) => [...issueKeys.detail(id), 'journals', kind] as const,
  parents: (id: string, keyword: string) => [...issueKeys.detail(id), 'parents', keyword] as const,
  tags: () => [...issueKeys.all, 'tags'] as const,
};

const csv = (values: readonly (string | number)[] | undefined) =>
  values && values.length > 0 ? values.join(',') : undefined;

/** The list call's query parameters for one page. */
export function issueListQuery(params: IssueListParams, pageNum: number, pageSize = DEFAULT_PAGE_SIZE) {
  return {
    pmsProjectId: params.pmsProjectId,
    pmIssueType: params.pmIssueType,
    statusGroup: params.statusGroup,
    status: csv(params.status),
    priority: csv(params.priority),
    assigneeId: csv(params.assigneeId),
    tagId: csv(params.tagId),
    keyword: params.keyword,
    orderBy: params.orderBy,
    sort: params.sort,
    pageNum,
    pageSize,
  };
}

/** GET list: the filtered list, ten at a time (load more on scroll). */
export const issueListInfiniteOptions = (params: IssueListParams) =>
  infiniteQueryOptions({
    queryKey: issueKeys.list(params),
    queryFn: ({ signal, pageParam }) =>
      api.get<IssuePage>(`${BASE}/list`, issueListQuery(params, pageParam), { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    // Changing a filter keeps the rows on screen (dimmed) until the new ones arrive.
    placeholderData: keepPreviousData,
  });

/** Items of a project whose title matches (or `#12`), for pickers such as linking. */
export const issueSearchQueryOptions = (projectId: string, keyword: string) =>
  getQuery<IssuePage>(
    issueKeys.search(projectId, keyword),
    `${BASE}/list`,
    issueListQuery({ pmsProjectId: projectId, keyword: keyword || undefined }, 1, 20),
    SEARCH,
  );

/** GET {id}: the item with description, parent, children, links and the statuses it may move to. */
export const issueQueryOptions = (id: string) => getQuery<IssueDetail>(issueKeys.detail(id), `${BASE}/${id}`);

/** GET journals/{id}?kind=: comments or field history, oldest first. */
export const journalsInfiniteOptions = (id: string, kind: JournalKind) =>
  infiniteQueryOptions({
    queryKey: issueKeys.journals(id, kind),
    queryFn: ({ signal, pageParam }) =>
      api.get<Page<Journal>>(
        `${BASE}/journals/${id}`,
        { kind, pageNum: pageParam, pageSize: 20 },
        { signal },
      ),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });

/** GET optionalParentIssue/{id}?keyword=: items that may become its parent (at most 50). */
export const optionalParentsQueryOptions = (id: string, keyword: string) =>
  getQuery<IssueRef[]>(
    issueKeys.parents(id, keyword),
    `${BASE}/optionalParentIssue/${id}`,
    { keyword },
    SEARCH,
  );

/** GET enterpriseIssueTags: the enterprise's tags. */
export const issueTagsQueryOptions = () =>
  getQuery<IssueTag[]>(issueKeys.tags(), `${BASE}/enterpriseIssueTags`);

/**
 * What a change to work items makes out of date: the project's lists and searches, other items'
 * details (their parent, children and links show titles and statuses), the project's counts,
 * charts and activity feed, and the project list's open/total counts.
 */
function invalidateAfterItemChange(queryClient: QueryClient, projectId: string, except?: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: issueKeys.project(projectId) }),
    queryClient.invalidateQueries({
      queryKey: issueKeys.details(),
      predicate: (query) => except === undefined || query.queryKey[2] !== except,
    }),
    queryClient.invalidateQueries({ queryKey: projectKeys.statistics(projectId) }),
    queryClient.invalidateQueries({ queryKey: projectKeys.detail(projectId) }),
    queryClient.invalidateQueries({ queryKey: projectKeys.lists() }),
  ]);
}

export function useCreateIssue(projectId: string) {
  return useWrite((body: IssueCreateBody) => api.post<IssueDetail>(`${BASE}/add`, body), {
    store: (issue) => issueKeys.detail(issue.id),
    refresh: (queryClient, issue) => invalidateAfterItemChange(queryClient, projectId, issue.id),
  });
}

/** One edit of one item; the body carries the version it read. */
export function useUpdateIssue(projectId: string) {
  return useWrite(
    ({ id, body }: { id: string; body: IssueUpdateBody }) => api.put<IssueDetail>(`${BASE}/edit/${id}`, body),
    {
      store: (issue) => issueKeys.detail(issue.id),
      refresh: (queryClient, issue) =>
        Promise.all([
          invalidateAfterItemChange(queryClient, projectId, issue.id),
          queryClient.invalidateQueries({ queryKey: [...issueKeys.detail(issue.id), 'journals'] }),
        ]),
      // Someone else saved first: show their version (the client has said why it failed).
      onStale: (queryClient, { id }) => queryClient.invalidateQueries({ queryKey: issueKeys.detail(id) }),
    },
  );
}

export function useBatchEditIssues(projectId: string) {
  return useWrite((body: IssueBatchBody) => api.put<{ updated: number }>(`${BASE}/edit/batch`, body), {
    refresh: (queryClient) =>
      Promise.all([
        invalidateAfterItemChange(queryClient, projectId),
        queryClient.invalidateQueries({ queryKey: issueKeys.details() }),
      ]),
  });
}

export function useDeleteIssue(projectId: string) {
  return useWrite((id: string) => api.delete<null>(`${BASE}/${id}`), {
    // The deleted item's own detail stays cached, untouched: the drawer or page showing it is still
    // mounted while it closes, and refetching it would meet a 404 (which sends the user to /404).
    refresh: (queryClient, _, id) => invalidateAfterItemChange(queryClient, projectId, id),
  });
}

export function useLinkIssue(projectId: string) {
  return useWrite(
    ({ issueId, linkedIssueId, unlink }: { issueId: string; linkedIssueId: string; unlink?: boolean }) =>
      api.post<null>(`${BASE}/${unlink ? 'unlink' : 'link'}`, { issueId, linkedIssueId }),
    {
      refresh: (queryClient, _, { issueId, linkedIssueId }) =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: issueKeys.detail(issueId) }),
          queryClient.invalidateQueries({ queryKey: issueKeys.detail(linkedIssueId) }),
          queryClient.invalidateQueries({ queryKey: projectKeys.dynamics(projectId) }),
        ]),
    },
  );
}

/** Comments: add (no id), edit (id and version) or delete (id, `remove`). */
export function useSaveComment(issueId: string, projectId: string) {
  const refreshComments = (queryClient: QueryClient) =>
    queryClient.invalidateQueries({ queryKey: issueKeys.journals(issueId, 'comment') });
  return useWrite(
    (change: { journalId?: string; notes?: string; version?: number; remove?: boolean }) => {
      const url = `${BASE}/journals/${issueId}`;
      if (change.remove && change.journalId) return api.delete<null>(`${url}/${change.journalId}`);
      if (change.journalId)
        return api.put<Journal>(`${url}/${change.journalId}`, {
          notes: change.notes,
          version: change.version,
        });
      return api.post<Journal>(url, { notes: change.notes });
    },
    {
      refresh: (queryClient) =>
        Promise.all([
          refreshComments(queryClient),
          queryClient.invalidateQueries({ queryKey: projectKeys.dynamics(projectId) }),
        ]),
      onStale: refreshComments,
    },
  );
}

// ---- tags (admin/labels) ----------------------------------------------------------------------

/** Tags show on every item that carries them: a change refreshes the lists and details too. */
const REFRESH_TAGGED = {
  refresh: (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: issueKeys.all }),
};

export function useCreateTag() {
  return useWrite(
    (body: IssueTagBody) => api.post<IssueTag>(`${BASE}/enterpriseIssueTags`, body),
    REFRESH_TAGGED,
  );
}

export function useUpdateTag() {
  return useRefreshingWrite(
    ({ id, body }: { id: string; body: IssueTagUpdateBody }) =>
      api.put<IssueTag>(`${BASE}/enterpriseIssueTags/${id}`, body),
    REFRESH_TAGGED.refresh,
  );
}

export function useDeleteTag() {
  return useWrite((id: string) => api.delete<null>(`${BASE}/enterpriseIssueTags/${id}`), REFRESH_TAGGED);
}
