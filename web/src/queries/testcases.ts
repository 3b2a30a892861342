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
import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../api/client';
import { getQuery, isStaleVersion, LOOKUP } from './factory';
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
  queryOptions({
    queryKey: caseKeys.list(params),
    queryFn: ({ signal }) => api.get<Page<CaseRow>>(`${BASE}/list`, caseListQuery(params), { signal }),
    // Paging and filtering keep the rows on screen (dimmed) until the new ones arrive.
    placeholderData: keepPreviousData,
  });

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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<CaseCreateBody, 'pmsProjectId'>) =>
      api.post<CaseDetail>(BASE, { ...body, pmsProjectId: projectId }),
    onSuccess: (created) => {
      queryClient.setQueryData(caseKeys.detail(created.id), created);
      return queryClient.invalidateQueries({ queryKey: caseKeys.project(projectId) });
    },
  });
}

/** PUT {id} at the version read; saving also confirms the case. */
export function useUpdateCase(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: CaseUpdateBody }) =>
      api.put<CaseDetail>(`${BASE}/${encodeURIComponent(id)}`, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(caseKeys.detail(saved.id), saved);
      return queryClient.invalidateQueries({ queryKey: caseKeys.project(projectId) });
    },
    // Someone else saved first: show what the case is now.
    onError: (error, { id }) => {
      if (isStaleVersion(error)) return queryClient.invalidateQueries({ queryKey: caseKeys.detail(id) });
    },
  });
}

/** DELETE {ids}: all or nothing. The deleted cases' details are dropped, not refetched (404). */
export function useDeleteCases(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) =>
      api.delete<null>(`${BASE}/${ids.map((id) => encodeURIComponent(id)).join(',')}`),
    onSuccess: (_, ids) => {
      for (const id of ids) queryClient.removeQueries({ queryKey: caseKeys.detail(id) });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: caseKeys.project(projectId) }),
        queryClient.invalidateQueries({ queryKey: issueKeys.details() }),
      ]);
    },
  });
}

/** PUT batch: the same module, type, priority or added tags on several cases. */
export function useBatchEditCases(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CaseBatchBody) => api.put<CaseRow[]>(`${BASE}/batch`, body),
    onSuccess: () => invalidateCases(queryClient, projectId),
  });
}

/** POST copy: into a module of this project or another; the target's library changes. */
export function useCopyCases(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CaseCopyBody) => api.post<CaseRow[]>(`${BASE}/copy`, body),
    onSuccess: (_, body) =>
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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => api.put<CaseRow[]>(`${BASE}/confirm`, { ids }),
    onSuccess: () => invalidateCases(queryClient, projectId),
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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('pmsProjectId', projectId);
      form.append('file', file, file.name);
      return api.upload<UploadReport>(`${BASE}/upload`, form);
    },
    onSuccess: (report) => {
      if (report.created + report.updated + report.modulesCreated > 0) {
        return invalidateCases(queryClient, projectId);
      }
    },
  });
}

// ---- modules ----------------------------------------------------------------------------------

/** Module names show on every case: a change refreshes the project's lists and details too. */
function useInvalidateModules(projectId: string) {
  const queryClient = useQueryClient();
  return () => invalidateCases(queryClient, projectId);
}

export function useCreateCaseModule(projectId: string) {
  const invalidate = useInvalidateModules(projectId);
  return useMutation({
    mutationFn: (body: Omit<CaseModuleBody, 'pmsProjectId'>) =>
      api.post<CaseModule>(MODULE, { ...body, pmsProjectId: projectId }),
    onSuccess: invalidate,
  });
}

/** PUT {id}: rename (`name`) and move (`root_id`, `sort`) at the version read. */
export function useUpdateCaseModule(projectId: string) {
  const invalidate = useInvalidateModules(projectId);
  return useMutation({
    mutationFn: ({ id, ...body }: CaseModuleUpdateBody & { id: string }) =>
      api.put<CaseModule>(`${MODULE}/${encodeURIComponent(id)}`, body),
    onSuccess: invalidate,
    onError: (error) => {
      if (isStaleVersion(error)) return invalidate();
    },
  });
}

/** DELETE {id}: 409 while it has sub-modules or cases. */
export function useDeleteCaseModule(projectId: string) {
  const invalidate = useInvalidateModules(projectId);
  return useMutation({
    mutationFn: (id: string) => api.delete<null>(`${MODULE}/${encodeURIComponent(id)}`),
    onSuccess: invalidate,
  });
}

/** POST syncByProductModule: copies the product's module tree; 409 without a product. */
export function useSyncCaseModules(projectId: string) {
  const invalidate = useInvalidateModules(projectId);
  return useMutation({
    mutationFn: () =>
      api.post<ModuleSyncResult>(`${MODULE}/syncByProductModule`, { pmsProjectId: projectId }),
    onSuccess: invalidate,
  });
}

// ---- tags -------------------------------------------------------------------------------------

/** Tags show on every case that carries them: a change refreshes every library and detail. */
function useInvalidateTags() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: caseKeys.tags() }),
      queryClient.invalidateQueries({ queryKey: caseKeys.all }),
    ]);
}

export function useCreateCaseTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; color: string }) => api.post<CaseTag>(TAG, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: caseKeys.tags() }),
  });
}

export function useUpdateCaseTag() {
  const invalidate = useInvalidateTags();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string; version: number; name?: string; color?: string }) =>
      api.put<CaseTag>(`${TAG}/${encodeURIComponent(id)}`, body),
    onSuccess: invalidate,
    onError: (error) => {
      if (isStaleVersion(error)) return invalidate();
    },
  });
}

export function useDeleteCaseTag() {
  const invalidate = useInvalidateTags();
  return useMutation({
    mutationFn: (id: string) => api.delete<null>(`${TAG}/${encodeURIComponent(id)}`),
    onSuccess: invalidate,
  });
}

// ---- links from work items --------------------------------------------------------------------

/**
 * PUT pmsProjectIssues/linkTestcase: links and unlinks cases of the item's project. The cases'
 * lists (linked counts, the `issueId` filter) and details change, and so does the item's detail.
 */
export function useLinkTestcases(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<LinkTestcaseBody> & { issueId: string }) =>
      api.put<CaseRow[]>(`${ISSUES}/linkTestcase`, body),
    onSuccess: (_, { issueId }) =>
      Promise.all([
        invalidateCases(queryClient, projectId),
        queryClient.invalidateQueries({ queryKey: issueKeys.detail(issueId) }),
      ]),
  });
}
