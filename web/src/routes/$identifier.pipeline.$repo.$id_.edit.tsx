import { Center, Loader } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { accessGuard } from '../lib/route-guards';

// Its own chunk: the graph (@xyflow/react, dagre) and the code editor (CodeMirror) load with this
// page only, never with the other pipeline pages that share the route's area chunk.
const PipelineEditor = lazy(() => import('./-components/pipelines/editor/PipelineEditor'));

/** A pipeline's YAML and visual editor (spec: `/pipeline/{repo}/{id}/edit`; docs/pipelines.md "Editor"). */
export const Route = createFileRoute('/$identifier/pipeline/$repo/$id_/edit')({
  beforeLoad: accessGuard('pipeline'),
  component: PipelineEditPage,
});

function PipelineEditPage() {
  const { identifier, repo, id } = Route.useParams();
  return (
    <Suspense
      fallback={
        <Center p="xl">
          <Loader aria-label="Loading the editor" />
        </Center>
      }
    >
      <PipelineEditor identifier={identifier} repo={repo} pipelineId={id} />
    </Suspense>
  );
}
