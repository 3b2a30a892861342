/**
 * The work desk (docs/work-desk.md): one query per block, each read again whenever the desk is
 * shown (a desk is where one comes back to after working elsewhere), and the writes of my own
 * todos. Type-only imports from the shared schemas: zod stays out of the desk's chunk.
 */
import type { Page } from '@shared/schemas/common';
import type {
  DeskStatistics,
  DeskTodo,
  MilestoneStat,
  MyIssuesPage,
  MyProduct,
  MyProject,
  MyProjectsStatistics,
  MyRepositoriesStatistics,
  MySprints,
  Relation,
  RequirementStat,
  Todo,
  TodoBody,
  TodoUpdateBody,
} from '@shared/schemas/dashboard';
import { keepPreviousData, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { api } from '../api/client';
import { getQuery, useRefreshingWrite } from './factory';

const BASE = '/api/pms';

/** Every desk query is read again when the desk mounts; the old answer shows meanwhile. */
const DESK = { staleTime: 0 } as const;

export interface MyIssuesParams {
  relation: 'all' | Relation;
  pageNum: number;
  pageSize: number;
}

export const deskKeys = {
  all: ['desk'] as const,
  issues: (params: MyIssuesParams) => [...deskKeys.all, 'issues', params] as const,
  projects: () => [...deskKeys.all, 'projects'] as const,
  projectStatistics: () => [...deskKeys.all, 'project-statistics'] as const,
  sprints: () => [...deskKeys.all, 'sprints'] as const,
  statistics: () => [...deskKeys.all, 'statistics'] as const,
  todo: () => [...deskKeys.all, 'todo'] as const,
  products: () => [...deskKeys.all, 'products'] as const,
  requirementStat: (productId: string) => [...deskKeys.all, 'requirement-stat', productId] as const,
  specStat: (productId: string) => [...deskKeys.all, 'spec-stat', productId] as const,
  milestoneStat: (productId: string) => [...deskKeys.all, 'milestone-stat', productId] as const,
  repositories: () => [...deskKeys.all, 'repositories'] as const,
};

/** GET myProjectIssues: my unfinished items, overdue and due soon first, with the tab counts. */
export const myIssuesQueryOptions = (params: MyIssuesParams) =>
  getQuery<MyIssuesPage>(
    deskKeys.issues(params),
    `${BASE}/myProjectIssues`,
    { ...params },
    {
      ...DESK,
      placeholderData: keepPreviousData,
    },
  );

/** A desk block's query without parameters: GET `${BASE}/{path}`. */
const deskQuery = <T>(queryKey: QueryKey, path: string) =>
  getQuery<T>(queryKey, `${BASE}/${path}`, undefined, DESK);

/** GET myProjects (the first 50: a person works in fewer). */
export const myProjectsQueryOptions = () =>
  getQuery<Page<MyProject>>(deskKeys.projects(), `${BASE}/myProjects`, { pageNum: 1, pageSize: 50 }, DESK);

export const myProjectsStatisticsQueryOptions = () =>
  deskQuery<MyProjectsStatistics>(deskKeys.projectStatistics(), 'myProjects/statistics');

export const mySprintsQueryOptions = () => deskQuery<MySprints>(deskKeys.sprints(), 'myProjectSprints');

export const deskStatisticsQueryOptions = () =>
  deskQuery<DeskStatistics>(deskKeys.statistics(), 'statistics');

export const deskTodoQueryOptions = () => deskQuery<DeskTodo>(deskKeys.todo(), 'todo');

export const myProductsQueryOptions = () => deskQuery<MyProduct[]>(deskKeys.products(), 'myProduct');

/**
 * A product statistic of one product (`productId`), or of all of mine (''): the figures shown stay
 * while another product's load.
 */
const productStatQuery = <T>(queryKey: QueryKey, path: string, productId: string) =>
  getQuery<T>(queryKey, `${BASE}/${path}`, productId ? { productId } : undefined, {
    ...DESK,
    placeholderData: keepPreviousData,
  });

export const requirementStatQueryOptions = (productId: string) =>
  productStatQuery<RequirementStat>(deskKeys.requirementStat(productId), 'userRequirementStat', productId);

export const specStatQueryOptions = (productId: string) =>
  productStatQuery<RequirementStat>(deskKeys.specStat(productId), 'productRequirementSpecsStat', productId);

export const milestoneStatQueryOptions = (productId: string) =>
  productStatQuery<MilestoneStat>(deskKeys.milestoneStat(productId), 'milestoneStatusStat', productId);

export const myRepositoriesQueryOptions = () =>
  deskQuery<MyRepositoriesStatistics>(deskKeys.repositories(), 'myRepositories/statistics');

// ---- my own todos -------------------------------------------------------------------------------

/** A todo write changes the todo list and the headline count of open todos. */
const refreshTodos = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: deskKeys.todo() }),
    queryClient.invalidateQueries({ queryKey: deskKeys.statistics() }),
  ]);

export function useAddTodo() {
  return useRefreshingWrite((body: TodoBody) => api.post<Todo>(`${BASE}/todo`, body), refreshTodos);
}

export function useUpdateTodo() {
  return useRefreshingWrite(
    ({ id, ...body }: TodoUpdateBody & { id: string }) => api.put<Todo>(`${BASE}/todo/${id}`, body),
    refreshTodos,
  );
}

export function useDeleteTodo() {
  return useRefreshingWrite((id: string) => api.delete<null>(`${BASE}/todo/${id}`), refreshTodos);
}
