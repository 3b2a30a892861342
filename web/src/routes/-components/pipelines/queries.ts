/**
 * What the pipeline pages read and write (docs/pipelines.md "Calls"): pipelines, their runs and
 * job logs, and the catalogue the admin pages keep. Every key starts with `pipelines`, as the
 * editor's do (editor/editor-queries.ts), so one invalidation by that prefix reaches both. The
 * client puts the enterprise's identifier after `pms/`.
 */
import type { RunState } from '@shared/domain/pipeline-run';
import type { Page } from '@shared/schemas/common';
import type {
  ActionNode,
  NodeInput,
  NodeType,
  Pipeline,
  PipelineDetail,
  PipelineTemplate,
} from '@shared/schemas/pipelines';
import type { JobLog, PipelineRun, RunResults } from '@shared/schemas/pipelines-runs';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { getQuery, KEEP_ROWS, useRefreshingWrite, useWrite } from '../../../queries/factory';
import { projectListQueryOptions } from '../../../queries/projects';
import { repositoryListQueryOptions } from '../../../queries/repositories';

const PIPELINES = '/api/pms/pipelines';
const ACTIONS = '/api/pms/actions';

export interface PipelineListParams {
  repositoryId?: string;
  projectId?: string;
  keyword?: string;
  pageNum: number;
  pageSize: number;
}

export interface RunListParams {
  status?: RunState;
  pageNum: number;
  pageSize: number;
}

export type CatalogueKind = 'node_types' | 'nodes' | 'node_inputs' | 'templates';

export const pipelineKeys = {
  all: ['pipelines'] as const,
  lists: () => [...pipelineKeys.all, 'list'] as const,
  list: (params: PipelineListParams) => [...pipelineKeys.lists(), params] as const,
  /** The editor's key of one pipeline with its YAML (editor/editor-queries.ts). */
  pipeline: (id: string) => [...pipelineKeys.all, 'pipeline', id] as const,
  runs: (id: string) => [...pipelineKeys.pipeline(id), 'runs'] as const,
  runPage: (id: string, params: RunListParams) => [...pipelineKeys.runs(id), 'page', params] as const,
  run: (id: string, number: number) => [...pipelineKeys.runs(id), 'run', number] as const,
  catalogue: (kind: CatalogueKind) => [...pipelineKeys.all, 'catalogue', kind] as const,
  inputsOf: (nodeId: string) => [...pipelineKeys.catalogue('node_inputs'), 'of', nodeId] as const,
  catalogueItem: (kind: CatalogueKind, id: string) => [...pipelineKeys.catalogue(kind), 'item', id] as const,
};

/** Keys of the catalogue's lists as the editor names them (its palette reads `nodes`). */
const refreshCatalogue = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: [...pipelineKeys.all, 'catalogue'] });
const refreshPipelines = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: pipelineKeys.all });

// ---- pipelines ------------------------------------------------------------------------------

/** GET pipelines/list: a page of cards, with each pipeline's newest run. */
export const pipelineListQueryOptions = (params: PipelineListParams) =>
  getQuery<Page<Pipeline>>(pipelineKeys.list(params), `${PIPELINES}/list`, { ...params }, KEEP_ROWS);

/** GET pipelines/{id}: the pipeline with its YAML (the run form reads its parameters). */
export const pipelineQueryOptions = (id: string) =>
  getQuery<PipelineDetail>(pipelineKeys.pipeline(id), `${PIPELINES}/${id}`);

export function useCreatePipeline() {
  return useWrite(
    (body: { repositoryId: string; projectId: string; templateId?: string; yaml?: string }) =>
      api.post<PipelineDetail>(PIPELINES, body),
    { refresh: refreshPipelines },
  );
}

export function useSetPipelineEnabled() {
  return useRefreshingWrite(
    ({ id, enabled }: { id: string; enabled: boolean }) =>
      api.post<PipelineDetail>(`${PIPELINES}/${id}/${enabled ? 'enable' : 'disable'}`),
    refreshPipelines,
  );
}

export function useDeletePipeline() {
  return useWrite((id: string) => api.delete<null>(`${PIPELINES}/${id}`), { refresh: refreshPipelines });
}

/** Every code repository and project, for the filters and the add form (the first 100 of each). */
export function useRepositoriesAndProjects() {
  const repositories = useQuery(repositoryListQueryOptions({ kind: 'code', pageNum: 1, pageSize: 100 }));
  const projects = useQuery(projectListQueryOptions({ pageNum: 1, pageSize: 100 }));
  return {
    repositories: (repositories.data?.rows ?? []).map((r) => ({ value: r.id, label: r.name })),
    projects: (projects.data?.rows ?? []).map((p) => ({ value: p.id, label: p.name })),
  };
}

// ---- runs ------------------------------------------------------------------------------------

/** GET pipelines/{id}/runs: the run records, newest first; refetched while one is under way. */
export const runPageQueryOptions = (id: string, params: RunListParams) => ({
  ...getQuery<Page<PipelineRun>>(
    pipelineKeys.runPage(id, params),
    `${PIPELINES}/${id}/runs`,
    { ...params },
    KEEP_ROWS,
  ),
  refetchInterval: (query: { state: { data?: Page<PipelineRun> } }) =>
    query.state.data?.rows.some((r) => r.status === 'queued' || r.status === 'running') ? 2_000 : false,
});

/** GET pipelines/{id}/run_results/{run}: polled every second while the run is under way. */
export const runResultsQueryOptions = (id: string, number: number) => ({
  ...getQuery<RunResults>(pipelineKeys.run(id, number), `${PIPELINES}/${id}/run_results/${number}`),
  refetchInterval: (query: { state: { data?: RunResults } }) => {
    const status = query.state.data?.status;
    return status === 'queued' || status === 'running' ? 1_000 : false;
  },
});

/** GET pipelines/{id}/runs/{run}/jobs/{job}/logs from `offset` (the log follower's one call). */
export const readJobLog = (id: string, number: number, job: string, offset: number, signal?: AbortSignal) =>
  api.get<JobLog>(
    `${PIPELINES}/${id}/runs/${number}/jobs/${encodeURIComponent(job)}/logs`,
    { offset },
    { signal, skipErrorHandler: true },
  );

/** POST pipelines/{id}/run: 201 with the queued run. */
export function useStartRun() {
  return useWrite(
    ({ id, parameters }: { id: string; parameters?: Record<string, string | number | boolean> }) =>
      api.post<RunResults>(`${PIPELINES}/${id}/run`, parameters ? { parameters } : {}),
    { refresh: refreshPipelines },
  );
}

/** POST pipelines/{id}/runs/{run}/stop: answers once the run has stopped. */
export function useStopRun() {
  return useWrite(
    ({ id, number }: { id: string; number: number }) =>
      api.post<RunResults>(`${PIPELINES}/${id}/runs/${number}/stop`),
    { store: (saved) => pipelineKeys.run(saved.pipelineId, saved.number), refresh: refreshPipelines },
  );
}

/** POST pipelines/{id}/actions/runs/{run}/rerun: 201 with the new run. */
export function useRerun() {
  return useWrite(
    ({ id, number, failedOnly }: { id: string; number: number; failedOnly: boolean }) =>
      api.post<RunResults>(`${PIPELINES}/${id}/actions/runs/${number}/rerun`, { failedOnly }),
    { store: (saved) => pipelineKeys.run(saved.pipelineId, saved.number), refresh: refreshPipelines },
  );
}

// ---- the catalogue ---------------------------------------------------------------------------

export const nodeTypesQueryOptions = () =>
  getQuery<NodeType[]>(pipelineKeys.catalogue('node_types'), `${ACTIONS}/node_types`);
export const actionNodesQueryOptions = () =>
  getQuery<ActionNode[]>(pipelineKeys.catalogue('nodes'), `${ACTIONS}/nodes`);
export const templatesQueryOptions = () =>
  getQuery<PipelineTemplate[]>(pipelineKeys.catalogue('templates'), `${ACTIONS}/templates`);
export const nodeInputsQueryOptions = (nodeId: string) =>
  getQuery<NodeInput[]>(pipelineKeys.inputsOf(nodeId), `${ACTIONS}/node_inputs`, { nodeId });

/** GET actions/{kind}/{id}: one item for its form page. */
export const catalogueItemQueryOptions = <T>(kind: CatalogueKind, id: string) =>
  getQuery<T>(pipelineKeys.catalogueItem(kind, id), `${ACTIONS}/${kind}/${encodeURIComponent(id)}`);

/** A form's values as the catalogue's writes take them (form-encoded; booleans as true / false). */
export type FormValues = Record<string, string | number | boolean | undefined>;

function formBody(values: FormValues): URLSearchParams {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) if (value !== undefined) body.set(name, String(value));
  return body;
}

/** POST actions/{kind} (form-encoded): a new item. */
export function useCreateCatalogueItem<T>(kind: CatalogueKind) {
  return useWrite((values: FormValues) => api.post<T>(`${ACTIONS}/${kind}`, formBody(values)), {
    refresh: refreshCatalogue,
  });
}

/** PUT actions/{kind}/{id} (form-encoded, with the version read). */
export function useUpdateCatalogueItem<T>(kind: CatalogueKind, id: string) {
  return useWrite(
    (values: FormValues) => api.put<T>(`${ACTIONS}/${kind}/${encodeURIComponent(id)}`, formBody(values)),
    { refresh: refreshCatalogue, onStale: refreshCatalogue },
  );
}

/** DELETE actions/{kind}/{id}: 409 while something uses it (the confirm shows why). */
export function useDeleteCatalogueItem(kind: CatalogueKind) {
  return useWrite((id: string) => api.delete<null>(`${ACTIONS}/${kind}/${encodeURIComponent(id)}`), {
    refresh: refreshCatalogue,
  });
}
