import { MAX_PAGE_SIZE } from '@shared/constants/api';
import { MAX_SHEET_CASE_ADD } from '@shared/domain/testing';
import type { Page } from '@shared/schemas/common';
import type {
  FileBugBody,
  Sheet,
  SheetBody,
  SheetCaseBatchBody,
  SheetCaseDetail,
  SheetCaseResultBody,
  SheetCaseRow,
  SheetIssueRow,
  SheetNode,
  SheetUpdateBody,
} from '@shared/schemas/testruns';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from '../api/client';
import { getQuery, KEEP_ROWS, type ProjectPagedSearch, useSettledWrite, useWrite } from './factory';
import { issueKeys } from './issues';
import { projectKeys } from './projects';
import { DEFAULT_PAGE_SIZE } from './query-client';
import { invalidateCases } from './testcases';

/**
 * Test sheets, their cases and results, and the work items linked to them (docs/api-conventions.md,
 * "Test management"). Type-only imports from the shared schemas: zod stays out of the route chunks.
 */
const SHEETS = '/api/pms/pmsProjectTestsheet';
const SHEET_CASES = '/api/pms/pmsProjectTestsheetCases';
const SHEET_ISSUES = '/api/pms/pmsProjectTestsheetIssues';

export interface SheetListParams extends ProjectPagedSearch {
  /** 0 not started, 1 in progress, 2 completed; absent: all. */
  status?: number;
}

/** A sheet's case list filters (the sheet and the page are passed apart). */
export interface SheetCaseFilters {
  result?: number;
  /** A case module (with its sub-modules), or `none`. */
  moduleId?: string;
  assigneeId?: string;
  keyword?: string;
}

/** A sheet case id is `{projectId}.{sheetLocal}-{caseLocal}`: its sheet is `{projectId}.{sheetLocal}`. */
export function sheetIdOfCase(sheetCaseId: string): string {
  const dash = sheetCaseId.lastIndexOf('-');
  return dash === -1 ? sheetCaseId : sheetCaseId.slice(0, dash);
}

export const sheetKeys = {
  all: ['testsheets'] as const,
  /** Everything about a project's sheets: the tree, lists, each sheet with its cases. */
  project: (projectId: string) => [...sheetKeys.all, projectId] as const,
  tree: (projectId: string) => [...sheetKeys.project(projectId), 'tree'] as const,
  lists: (projectId: string) => [...sheetKeys.project(projectId), 'list'] as const,
  list: (params: SheetListParams) => [...sheetKeys.lists(params.pmsProjectId), params] as const,
  /** A sheet, its case lists and its cases' details (so one invalidation refreshes the page). */
  sheet: (projectId: string, id: string) => [...sheetKeys.project(projectId), 'sheet', id] as const,
  detail: (projectId: string, id: string) => [...sheetKeys.sheet(projectId, id), 'detail'] as const,
  cases: (projectId: string, sheetId: string, filters: SheetCaseFilters, pageNum: number, pageSize: number) =>
    [...sheetKeys.sheet(projectId, sheetId), 'cases', filters, pageNum, pageSize] as const,
  sheetCase: (projectId: string, sheetCaseId: string) =>
    [...sheetKeys.sheet(projectId, sheetIdOfCase(sheetCaseId)), 'case', sheetCaseId] as const,
};

/** GET treeList: every sheet of the project as a tree, with its result counts. */
export const sheetTreeQueryOptions = (projectId: string) =>
  getQuery<SheetNode[]>(sheetKeys.tree(projectId), `${SHEETS}/treeList`, { pmsProjectId: projectId });

/** GET list: one page of sheets, filtered by state and keyword. */
export const sheetListQueryOptions = (params: SheetListParams) =>
  getQuery<Page<Sheet>>(sheetKeys.list(params), `${SHEETS}/list`, { ...params }, KEEP_ROWS);

/** GET {id}: the sheet with its counts. */
export const sheetQueryOptions = (projectId: string, id: string) =>
  getQuery<Sheet>(sheetKeys.detail(projectId, id), `${SHEETS}/${id}`);

/** GET pmsProjectTestsheetCases/list: one page of a sheet's cases, ordered by case number. */
export const sheetCasesQueryOptions = (
  projectId: string,
  sheetId: string,
  filters: SheetCaseFilters,
  pageNum: number,
  pageSize = DEFAULT_PAGE_SIZE,
) =>
  getQuery<Page<SheetCaseRow>>(
    sheetKeys.cases(projectId, sheetId, filters, pageNum, pageSize),
    `${SHEET_CASES}/list`,
    { projectTestsheetId: sheetId, ...filters, pageNum, pageSize },
    KEEP_ROWS,
  );

/**
 * The library case ids of every case in the sheet (for "Add cases", which shows them as already
 * there): the list read a hundred at a time, at most MAX_SHEET_CASES / 100 calls.
 */
export const sheetCaseIdsQueryOptions = (projectId: string, sheetId: string) =>
  queryOptions({
    queryKey: [...sheetKeys.sheet(projectId, sheetId), 'caseIds'] as const,
    queryFn: async ({ signal }) => {
      const ids: string[] = [];
      for (let pageNum = 1; ; pageNum++) {
        const page = await api.get<Page<SheetCaseRow>>(
          `${SHEET_CASES}/list`,
          { projectTestsheetId: sheetId, pageNum, pageSize: MAX_PAGE_SIZE },
          { signal },
        );
        ids.push(...page.rows.map((row) => row.caseId));
        if (page.rows.length < MAX_PAGE_SIZE || ids.length >= page.total) return ids;
      }
    },
  });

/** GET pmsProjectTestsheetCases/{id}: the case's content, every run and the linked work items. */
export const sheetCaseQueryOptions = (projectId: string, sheetCaseId: string) =>
  getQuery<SheetCaseDetail>(sheetKeys.sheetCase(projectId, sheetCaseId), `${SHEET_CASES}/${sheetCaseId}`);

// ---- mutations --------------------------------------------------------------------------------

/**
 * A result, an added or removed case or a link changes the sheet's counts, which the tree and the
 * lists show too; the project's other sheets are refetched with them (one cheap call each).
 */
function invalidateSheets(queryClient: QueryClient, projectId: string) {
  return queryClient.invalidateQueries({ queryKey: sheetKeys.project(projectId) });
}

/** A filed bug is a new work item: the project's item lists, counts and charts move. */
function invalidateWorkItems(queryClient: QueryClient, projectId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: issueKeys.project(projectId) }),
    queryClient.invalidateQueries({ queryKey: projectKeys.statistics(projectId) }),
    queryClient.invalidateQueries({ queryKey: projectKeys.detail(projectId) }),
    queryClient.invalidateQueries({ queryKey: projectKeys.lists() }),
  ]);
}

export function useCreateSheet(projectId: string) {
  return useWrite((body: SheetBody) => api.post<Sheet>(SHEETS, body), {
    refresh: (queryClient) => invalidateSheets(queryClient, projectId),
  });
}

/** Edits, moves, completes (`status: 2`) or reopens (`status: 1`) at the version read. */
export function useUpdateSheet(projectId: string) {
  return useWrite(
    ({ id, body }: { id: string; body: SheetUpdateBody }) => api.put<Sheet>(`${SHEETS}/${id}`, body),
    {
      store: (sheet) => sheetKeys.detail(projectId, sheet.id),
      refresh: (queryClient) => invalidateSheets(queryClient, projectId),
      // A stale version or a refused move: show what the sheet is now.
      onRefused: (queryClient) => invalidateSheets(queryClient, projectId),
    },
  );
}

export function useDeleteSheet(projectId: string) {
  return useWrite((id: string) => api.delete<null>(`${SHEETS}/${id}`), {
    // The deleted sheet's own queries are left alone: its page may still be mounted while it
    // navigates away, and a refetch would meet a 404.
    refresh: (queryClient, _, id) =>
      queryClient.invalidateQueries({
        queryKey: sheetKeys.project(projectId),
        predicate: (query) => !(query.queryKey[2] === 'sheet' && query.queryKey[3] === id),
      }),
  });
}

/**
 * POST pmsProjectTestsheetCases: adds library cases; those already in the sheet are skipped. More
 * than one call takes go in several, one after the other: each case is added on its own anyway, so
 * a failure part-way leaves the earlier ones added and a retry skips them.
 */
export function useAddSheetCases(projectId: string) {
  return useSettledWrite(
    async ({ sheetId, caseIds }: { sheetId: string; caseIds: string[] }) => {
      const total = { added: 0, skipped: 0 };
      for (let start = 0; start < caseIds.length; start += MAX_SHEET_CASE_ADD) {
        const part = await api.post<{ added: number; skipped: number }>(SHEET_CASES, {
          projectTestsheetId: sheetId,
          caseIds: caseIds.slice(start, start + MAX_SHEET_CASE_ADD),
        });
        total.added += part.added;
        total.skipped += part.skipped;
      }
      return total;
    },
    (queryClient) => invalidateSheets(queryClient, projectId),
  );
}

/** PUT pmsProjectTestsheetCases/{id}: records a run (result and note) at the version read. */
export function useRecordResult(projectId: string) {
  return useSettledWrite(
    ({ id, body }: { id: string; body: SheetCaseResultBody }) =>
      api.put<SheetCaseRow>(`${SHEET_CASES}/${id}`, body),
    (queryClient) => invalidateSheets(queryClient, projectId),
  );
}

/** PUT pmsProjectTestsheetCases/batchUpdate: one result for several sheet cases, all or nothing. */
export function useBatchResult(projectId: string) {
  return useSettledWrite(
    (body: SheetCaseBatchBody) => api.put<SheetCaseRow[]>(`${SHEET_CASES}/batchUpdate`, body),
    (queryClient) => invalidateSheets(queryClient, projectId),
  );
}

/** DELETE pmsProjectTestsheetCases/{ids}: out of the sheet, with their runs and links. */
export function useRemoveSheetCases(projectId: string) {
  return useWrite((ids: string[]) => api.delete<null>(`${SHEET_CASES}/${ids.join(',')}`), {
    refresh: (queryClient, _, ids) =>
      queryClient.invalidateQueries({
        queryKey: sheetKeys.project(projectId),
        // A removed case's drawer may still be closing: its detail would be a 404 now.
        predicate: (query) => !(query.queryKey[4] === 'case' && ids.includes(String(query.queryKey[5]))),
      }),
  });
}

/** POST pmsProjectTestsheetIssues: files a bug prefilled from the case, linked in the same write. */
export function useFileBug(projectId: string) {
  return useWrite(
    (body: FileBugBody) => api.post<{ link: SheetIssueRow; issueId: string }>(SHEET_ISSUES, body),
    {
      // The bug is linked to the library case too: its linked count and the issueId filter change.
      refresh: (queryClient) =>
        Promise.all([
          invalidateSheets(queryClient, projectId),
          invalidateWorkItems(queryClient, projectId),
          invalidateCases(queryClient, projectId),
        ]),
    },
  );
}

/** POST batchAdd / PUT unlink: links or unlinks existing work items of the project. */
export function useLinkIssues(projectId: string) {
  return useWrite(
    ({
      sheetCaseId,
      issueIds,
      unlink = false,
    }: {
      sheetCaseId: string;
      issueIds: string[];
      unlink?: boolean;
    }) => {
      const body = { projectTestsheetCasesId: sheetCaseId, linkIssueIds: issueIds };
      return unlink
        ? api.put<SheetIssueRow[]>(`${SHEET_ISSUES}/unlink`, body)
        : api.post<SheetIssueRow[]>(`${SHEET_ISSUES}/batchAdd`, body);
    },
    { refresh: (queryClient) => invalidateSheets(queryClient, projectId) },
  );
}
