import type { Page } from '@shared/schemas/common';
import type {
  CaseBatchBody,
  CaseCopyBody,
  CaseCreateBody,
  CaseDetail,
  CaseModule,
  CaseModuleBody,
  CaseModuleNode,
  CaseModuleUpdateBody,
  CaseRow,
  CaseTag,
  CaseUpdateBody,
  LinkTestcaseBody,
  ModuleSyncResult,
  UploadReport,
} from '@shared/schemas/testcases';
import { type QueryClient, queryOptions, useMutation } from '@tanstack/react-query';
import { api } from '../api/client';
import { getQuery, KEEP_ROWS, LOOKUP, useRefreshingWrite, useWrite } from './factory';
import { issueKeys } from './issues';
import { DEFAULT_PAGE_SIZE } from './query-client';

/**
 * The case library (docs/api-conventions.md, "Test management"): cases, their modules, tags and
 * types, spreadsheets, and the links from work items. Type-only imports from the shared schemas:
 * the test routes' loaders import this module, and zod stays out of their chunks.
 */
const BASE = '/api/pms/pmsProjectTestcase';
const MODULE = '/api/pms/pmsProjectTestcaseModule';
const TAG = '/api/pms/pmsProjectTestcaseTag';
const TYPE = '/api/pms/pmsProjectTestcaseType';
const ISSUES = '/api/pms/pmsProjectIssues';

/** The list's filters as the list call takes them. */
export interface CaseListParams {
  pmsProjectId: string;
  /** A module with everything under it; `none` for cases without a module. */
  moduleId?: string;
  type?: number;
  tagId?: string;
  priority?: number;
  keyword?: string;
  needsConfirmation?: boolean;
  specId?: string;
  issueId?: string;
  pageNum: number;
  pageSize?: number;
}

export const caseKeys = {
  all: ['testcases'] as const,
  /** Everything of one project's library: lists, counts, the module tree. */
  project: (projectId: string) => [...caseKeys.all, 'project', projectId] as const,
  lists: (projectId: string) => [...caseKeys.project(projectId), 'list'] as const,
  list: (params: CaseListParams) => [...caseKeys.lists(params.pmsProjectId), params] as const,
  modules: (projectId: string) => [...caseKeys.project(projectId), 'modules'] as const,
  details: () => [...caseKeys.all, 'detail'] as const,
  detail: (id: string) => [...caseKeys.details(), id] as const,
  tags: () => [...caseKeys.all, 'tags'] as const,
  types: () => [...caseKeys.all, 'types'] as const,
};

/** The list call's query parameters (booleans as `true`, absent filters left out). */
export function caseListQuery(params: CaseListParams) {
  return {
    pmsProjectId: params.pmsProjectId,
    moduleId: params.moduleId,
    type: params.type,
    tagId: params.tagId,
    priority: params.priority,
    keyword: params.keyword,
    needsConfirmation: params.needsConfirmation ? 'true' : undefined,
    specId: params.specId,
    issueId: params.issueId,
    pageNum: params.pageNum,
    pageSize: params.pageSize ?? DEFAULT_PAGE_SIZE,
  };
}

// ---- reads ------------------------------------------------------------------------------------

/** GET list: one page, newest number first. */
export const caseListQueryOptions = (params: CaseListParams) =>
  getQuery<Page<CaseRow>>(caseKeys.list(params), `${BASE}/list`, caseListQuery(params), KEEP_ROWS);

/** How many cases wait for a confirmation (one row is enough: the answer carries the total). */
export const needsConfirmationCountQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: [...caseKeys.lists(projectId), 'needsConfirmationCount'] as const,
    queryFn: async ({ signal }) => {
      const page = await api.get<Page<CaseRow>>(
        `${BASE}/list`,
        caseListQuery({ pmsProjectId: projectId, needsConfirmation: true, pageNum: 1, pageSize: 1 }),
        { signal },
      );
      return page.total;
    },
  });

/** GET {id}: steps, covered specs (each changed or not), linked work items. */
export const caseQueryOptions = (id: string) =>
  getQuery<CaseDetail>(caseKeys.detail(id), `${BASE}/${encodeURIComponent(id)}`);

/** GET pmsProjectTestcaseModule/treeList: the project's module tree with case counts. */
export const caseModuleTreeQueryOptions = (projectId: string) =>
  getQuery<CaseModuleNode[]>(caseKeys.modules(projectId), `${MODULE}/treeList`, { pmsProjectId: projectId });

/** GET pmsProjectTestcaseTag/list: the enterprise's case tags. */
export const caseTagsQueryOptions = () => getQuery<CaseTag[]>(caseKeys.tags(), `${TAG}/list`);

/** GET pmsProjectTestcaseType/list: a fixed list. */
export const caseTypesQueryOptions = () =>
  getQuery<{ id: number; name: string }[]>(caseKeys.types(), `${TYPE}/list`, undefined, LOOKUP);

// ---- cases ------------------------------------------------------------------------------------

/**
 * A case write changes the project's lists (and the confirmation count), the module tree's case
 * counts and the details shown. Work items show their linked cases, so their details too.
 */
export function invalidateCases(queryClient: QueryClient, projectId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: caseKeys.project(projectId) }),
    queryClient.invalidateQueries({ queryKey: caseKeys.details() }),
  ]);
}

export function useCreateCase(projectId: string) {
  return useWrite(
    (body: Omit<CaseCreateBody, 'pmsProjectId'>) =>
      api.post<CaseDetail>(BASE, { ...body, pmsProjectId: projectId }),
    {
      store: (created) => caseKeys.detail(created.id),
      refresh: (queryClient) => queryClient.invalidateQueries({ queryKey: caseKeys.project(projectId) }),
    },
  );
}

/** PUT {id} at the version read; saving also confirms the case. */
export function useUpdateCase(projectId: string) {
  return useWrite(
    ({ id, body }: { id: string; body: CaseUpdateBody }) =>
      api.put<CaseDetail>(`${BASE}/${encodeURIComponent(id)}`, body),
    {
      store: (saved) => caseKeys.detail(saved.id),
      refresh: (queryClient) => queryClient.invalidateQueries({ queryKey: caseKeys.project(projectId) }),
      // Someone else saved first: show what the case is now.
      onStale: (queryClient, { id }) => queryClient.invalidateQueries({ queryKey: caseKeys.detail(id) }),
    },
  );
}

/** DELETE {ids}: all or nothing. The deleted cases' details are dropped, not refetched (404). */
export function useDeleteCases(projectId: string) {
  return useWrite(
    (ids: string[]) => api.delete<null>(`${BASE}/${ids.map((id) => encodeURIComponent(id)).join(',')}`),
    {
      refresh: (queryClient, _, ids) => {
        for (const id of ids) queryClient.removeQueries({ queryKey: caseKeys.detail(id) });
        return Promise.all([
          queryClient.invalidateQueries({ queryKey: caseKeys.project(projectId) }),
          queryClient.invalidateQueries({ queryKey: issueKeys.details() }),
        ]);
      },
    },
  );
}

/** What a write that changes cases of the project refreshes: `invalidateCases`. */
const refreshCases = (projectId: string) => (queryClient: QueryClient) =>
  invalidateCases(queryClient, projectId);

/** PUT batch: the same module, type, priority or added tags on several cases. */
export function useBatchEditCases(projectId: string) {
  return useWrite((body: CaseBatchBody) => api.put<CaseRow[]>(`${BASE}/batch`, body), {
    refresh: refreshCases(projectId),
  });
}

/** POST copy: into a module of this project or another; the target's library changes. */
export function useCopyCases(projectId: string) {
  return useWrite((body: CaseCopyBody) => api.post<CaseRow[]>(`${BASE}/copy`, body), {
    refresh: (queryClient, _, body) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: caseKeys.project(projectId) }),
        body.pmsProjectId && body.pmsProjectId !== projectId
          ? queryClient.invalidateQueries({ queryKey: caseKeys.project(body.pmsProjectId) })
          : undefined,
      ]),
  });
}

/** PUT confirm: clears the "needs confirmation" flag. */
export function useConfirmCases(projectId: string) {
  return useWrite((ids: string[]) => api.put<CaseRow[]>(`${BASE}/confirm`, { ids }), {
    refresh: refreshCases(projectId),
  });
}

// ---- spreadsheets -----------------------------------------------------------------------------

/** GET download: every case of the project as .xlsx, saved by the browser. */
export function downloadCases(projectId: string) {
  return api.download(`${BASE}/download`, {
    params: { pmsProjectId: projectId },
    filename: 'testcases.xlsx',
  });
}

/** POST partDownload: the chosen cases as .xlsx. */
export function downloadSomeCases(projectId: string, ids: string[]) {
  return api.download(`${BASE}/partDownload`, {
    body: { pmsProjectId: projectId, ids },
    filename: 'testcases.xlsx',
  });
}

/** The export as a mutation, for its pending state on the button. */
export function useDownloadCases(projectId: string) {
  return useMutation({
    mutationFn: (ids?: string[]) =>
      ids && ids.length > 0 ? downloadSomeCases(projectId, ids) : downloadCases(projectId),
  });
}

/** POST upload (multipart `file`, `pmsProjectId`): the valid rows are written, the rest reported. */
export function useUploadCases(projectId: string) {
  return useWrite(
    (file: File) => {
      const form = new FormData();
      form.append('pmsProjectId', projectId);
      form.append('file', file, file.name);
      return api.upload<UploadReport>(`${BASE}/upload`, form);
    },
    {
      refresh: (queryClient, report) => {
        if (report.created + report.updated + report.modulesCreated > 0) {
          return invalidateCases(queryClient, projectId);
        }
      },
    },
  );
}

// ---- modules ----------------------------------------------------------------------------------

// Module names show on every case: a module write refreshes the project's lists and details too.

export function useCreateCaseModule(projectId: string) {
  return useWrite(
    (body: Omit<CaseModuleBody, 'pmsProjectId'>) =>
      api.post<CaseModule>(MODULE, { ...body, pmsProjectId: projectId }),
    { refresh: refreshCases(projectId) },
  );
}

/** PUT {id}: rename (`name`) and move (`root_id`, `sort`) at the version read. */
export function useUpdateCaseModule(projectId: string) {
  return useRefreshingWrite(
    ({ id, ...body }: CaseModuleUpdateBody & { id: string }) =>
      api.put<CaseModule>(`${MODULE}/${encodeURIComponent(id)}`, body),
    refreshCases(projectId),
  );
}

/** DELETE {id}: 409 while it has sub-modules or cases. */
export function useDeleteCaseModule(projectId: string) {
  return useWrite((id: string) => api.delete<null>(`${MODULE}/${encodeURIComponent(id)}`), {
    refresh: refreshCases(projectId),
  });
}

/** POST syncByProductModule: copies the product's module tree; 409 without a product. */
export function useSyncCaseModules(projectId: string) {
  return useWrite(
    () => api.post<ModuleSyncResult>(`${MODULE}/syncByProductModule`, { pmsProjectId: projectId }),
    { refresh: refreshCases(projectId) },
  );
}

// ---- tags -------------------------------------------------------------------------------------

/** Tags show on every case that carries them: a change refreshes every library and detail. */
function refreshTags(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: caseKeys.tags() }),
    queryClient.invalidateQueries({ queryKey: caseKeys.all }),
  ]);
}

export function useCreateCaseTag() {
  return useWrite((body: { name: string; color: string }) => api.post<CaseTag>(TAG, body), {
    refresh: (queryClient) => queryClient.invalidateQueries({ queryKey: caseKeys.tags() }),
  });
}

export function useUpdateCaseTag() {
  return useRefreshingWrite(
    ({ id, ...body }: { id: string; version: number; name?: string; color?: string }) =>
      api.put<CaseTag>(`${TAG}/${encodeURIComponent(id)}`, body),
    refreshTags,
  );
}

export function useDeleteCaseTag() {
  return useWrite((id: string) => api.delete<null>(`${TAG}/${encodeURIComponent(id)}`), {
    refresh: refreshTags,
  });
}

// ---- links from work items --------------------------------------------------------------------

/**
 * PUT pmsProjectIssues/linkTestcase: links and unlinks cases of the item's project. The cases'
 * lists (linked counts, the `issueId` filter) and details change, and so does the item's detail.
 */
export function useLinkTestcases(projectId: string) {
  return useWrite(
    (body: Partial<LinkTestcaseBody> & { issueId: string }) =>
      api.put<CaseRow[]>(`${ISSUES}/linkTestcase`, body),
    {
      refresh: (queryClient, _, { issueId }) =>
        Promise.all([
          invalidateCases(queryClient, projectId),
          queryClient.invalidateQueries({ queryKey: issueKeys.detail(issueId) }),
        ]),
    },
  );
}
