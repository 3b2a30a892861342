import type { Page } from '@shared/schemas/common';
import type { ActionNode, PipelineDetail, PipelineRevision } from '@shared/schemas/pipelines';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../api/client';

/**
 * What the editor reads and writes (docs/pipelines.md "Calls"). The keys start with `pipelines`,
 * so the pipeline pages' invalidations by that prefix reach these too.
 */
const BASE = '/api/pms/pipelines';

export const editorKeys = {
  pipeline: (id: string) => ['pipelines', 'pipeline', id] as const,
  revisions: (id: string) => ['pipelines', 'pipeline', id, 'revisions'] as const,
  actionNodes: () => ['pipelines', 'catalogue', 'nodes'] as const,
};

/** GET pipelines/{id}: the pipeline with its YAML. */
export const pipelineDetailQueryOptions = (id: string) =>
  queryOptions({
    queryKey: editorKeys.pipeline(id),
    queryFn: ({ signal }) => api.get<PipelineDetail>(`${BASE}/${id}`, undefined, { signal }),
  });

/** GET actions/nodes: the palette (every action node with its inputs). */
export const actionNodesQueryOptions = () =>
  queryOptions({
    queryKey: editorKeys.actionNodes(),
    queryFn: ({ signal }) => api.get<ActionNode[]>('/api/pms/actions/nodes', undefined, { signal }),
    staleTime: 60_000,
  });

/** GET pipelines/{id}/revisions: the saved definitions, newest first (the first 50). */
export const revisionsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: editorKeys.revisions(id),
    queryFn: ({ signal }) =>
      api.get<Page<PipelineRevision>>(`${BASE}/${id}/revisions`, { pageNum: 1, pageSize: 50 }, { signal }),
  });

/**
 * POST pipelines/{id}/save_yaml. The editor shows a refusal itself (at its line), so the client's
 * own error message is left out.
 */
export function useSaveYaml(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { version: number; yaml: string; message?: string }) =>
      api.post<PipelineDetail>(`${BASE}/${id}/save_yaml`, body, { skipErrorHandler: true }),
    onSuccess: (saved) => {
      queryClient.setQueryData(editorKeys.pipeline(id), saved);
      void queryClient.invalidateQueries({ queryKey: ['pipelines'] });
    },
  });
}
