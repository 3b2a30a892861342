import type {
  IssueCompletionBody,
  PersonalIssues,
  PersonalWeekly,
  ProjectIssuePage,
  RemindResult,
  ReportAddBody,
  ReportDetail,
  ReportEditBody,
  TeamWeekly,
  Template,
  TemplateBody,
} from '@shared/schemas/weekly';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '../api/client';
import { getQuery, KEEP_ROWS, LOOKUP, useRefreshingWrite, useWrite } from './factory';

/**
 * Weekly reports (docs/weekly-reports.md). Type-only imports from the shared schemas: the weekly
 * routes' loaders import this module, and zod stays out of their chunks. A week is named by its
 * Monday; absent, the server answers the current week of the enterprise's time zone.
 */
const BASE = '/api/pms/pmsProjectWeeklyReport';

export interface ProjectWeekParams {
  pmsProjectId: string;
  weekStart?: string;
}

export interface ProjectIssueParams extends ProjectWeekParams {
  category: string;
  pageNum: number;
  pageSize: number;
}

export const weeklyKeys = {
  all: ['weekly'] as const,
  personal: (weekStart?: string) => [...weeklyKeys.all, 'personal', weekStart ?? 'current'] as const,
  projects: () => [...weeklyKeys.all, 'project'] as const,
  project: (projectId: string) => [...weeklyKeys.projects(), projectId] as const,
  team: (params: ProjectWeekParams) =>
    [...weeklyKeys.project(params.pmsProjectId), 'team', params.weekStart ?? 'current'] as const,
  projectIssues: (params: ProjectIssueParams) =>
    [...weeklyKeys.project(params.pmsProjectId), 'issues', params] as const,
  personalIssues: (params: ProjectWeekParams) =>
    [...weeklyKeys.project(params.pmsProjectId), 'mine', params.weekStart ?? 'current'] as const,
  report: (id: string) => [...weeklyKeys.all, 'report', id] as const,
  templates: () => [...weeklyKeys.all, 'templates'] as const,
};

/** GET personal: my reports of the week across projects, the projects I lead, my reminders. */
export const personalWeekQueryOptions = (weekStart?: string) =>
  getQuery<PersonalWeekly>(weeklyKeys.personal(weekStart), `${BASE}/personal`, { weekStart }, KEEP_ROWS);

/** GET projectTeam: who submitted, the counts and their last weeks. */
export const teamWeekQueryOptions = (params: ProjectWeekParams) =>
  getQuery<TeamWeekly>(weeklyKeys.team(params), `${BASE}/projectTeam`, { ...params }, KEEP_ROWS);

/** GET projectIssueList: one category of the project's items of the week, a page of it. */
export const projectIssuesQueryOptions = (params: ProjectIssueParams) =>
  getQuery<ProjectIssuePage>(
    weeklyKeys.projectIssues(params),
    `${BASE}/projectIssueList`,
    { ...params },
    KEEP_ROWS,
  );

/** GET personalIssueList: my items of the week, to pick into the report. */
export const personalIssuesQueryOptions = (params: ProjectWeekParams) =>
  getQuery<PersonalIssues>(weeklyKeys.personalIssues(params), `${BASE}/personalIssueList`, { ...params });

/** GET {id}: a report with its items, counts, week and history. */
export const reportQueryOptions = (id: string) =>
  getQuery<ReportDetail>(weeklyKeys.report(id), `${BASE}/${encodeURIComponent(id)}`);

/** GET templates: the two defaults and the enterprise's. */
export const templatesQueryOptions = () =>
  getQuery<Template[]>(weeklyKeys.templates(), `${BASE}/templates`, undefined, LOOKUP);

/** A report's write changes the views of its week: the personal page and its project's. */
function refreshWeek(queryClient: QueryClient, report: Pick<ReportDetail, 'pmsProjectId'>) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: [...weeklyKeys.all, 'personal'] }),
    queryClient.invalidateQueries({ queryKey: weeklyKeys.project(report.pmsProjectId) }),
  ]);
}

export function useAddReport() {
  return useWrite((body: ReportAddBody) => api.post<ReportDetail>(`${BASE}/add`, body), {
    store: (saved) => weeklyKeys.report(saved.id),
    refresh: refreshWeek,
  });
}

export function useEditReport(id: string) {
  return useWrite(
    (body: ReportEditBody) => api.put<ReportDetail>(`${BASE}/edit/${encodeURIComponent(id)}`, body),
    {
      store: (saved) => weeklyKeys.report(saved.id),
      refresh: refreshWeek,
      onStale: (queryClient) => queryClient.invalidateQueries({ queryKey: weeklyKeys.report(id) }),
    },
  );
}

export function useSetCompletion() {
  return useWrite((body: IssueCompletionBody) => api.put<ReportDetail>(`${BASE}/issueCompletion`, body), {
    store: (saved) => weeklyKeys.report(saved.id),
    onStale: (queryClient, body) =>
      queryClient.invalidateQueries({ queryKey: weeklyKeys.report(body.memberWeeklyId) }),
  });
}

export function useDeleteReport(report: Pick<ReportDetail, 'id' | 'pmsProjectId'>) {
  return useWrite(() => api.delete<null>(`${BASE}/${encodeURIComponent(report.id)}`), {
    refresh: (queryClient) => {
      queryClient.removeQueries({ queryKey: weeklyKeys.report(report.id) });
      return refreshWeek(queryClient, report);
    },
  });
}

export function useRemind(projectId: string) {
  return useWrite((body: ProjectWeekParams) => api.post<RemindResult>(`${BASE}/remind`, body), {
    refresh: (queryClient) => queryClient.invalidateQueries({ queryKey: weeklyKeys.project(projectId) }),
  });
}

export function useAddTemplate() {
  return useRefreshingWrite(
    (body: TemplateBody) => api.post<Template>(`${BASE}/templates`, body),
    (queryClient) => queryClient.invalidateQueries({ queryKey: weeklyKeys.templates() }),
  );
}

export function useDeleteTemplate() {
  return useRefreshingWrite(
    (id: string) => api.delete<null>(`${BASE}/templates/${encodeURIComponent(id)}`),
    (queryClient) => queryClient.invalidateQueries({ queryKey: weeklyKeys.templates() }),
  );
}

/** GET export: the project's week as .xlsx, saved by the browser. */
export function downloadWeek(params: ProjectWeekParams) {
  return api.download(`${BASE}/export`, { params: { ...params } });
}
