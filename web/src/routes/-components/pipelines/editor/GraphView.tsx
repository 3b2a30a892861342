import '@xyflow/react/dist/style.css';
import type { PipelineGraph, StepNode } from '@shared/domain/pipeline-graph';
import {
  Background,
  Controls,
  type Edge,
  MarkerType,
  type Node,
  type NodeTypes,
  ReactFlow,
  ReactFlowProvider,
  useReactFlow,
} from '@xyflow/react';
import { useEffect, useMemo } from 'react';
import { useEditor } from './editor-context';
import { DropZoneView, JobView, StageView, TerminalView } from './graph-nodes';
import { emptyStageKey, type GraphLayout, layoutGraph, NEW_STAGE_KEY } from './layout';

const NODE_TYPES: NodeTypes = {
  terminal: TerminalView,
  stage: StageView,
  job: JobView,
  drop: DropZoneView,
};

/** The definition drawn with @xyflow/react: stages as columns of jobs, laid out by dagre. */
export function GraphView({ graph }: { graph: PipelineGraph }) {
  return (
    <ReactFlowProvider>
      <Flow graph={graph} />
    </ReactFlowProvider>
  );
}

function Flow({ graph }: { graph: PipelineGraph }) {
  const { select } = useEditor();
  const drawn = useMemo(() => layoutGraph(graph), [graph]);
  const nodes = useMemo(() => flowNodes(graph, drawn), [graph, drawn]);
  const edges = useMemo(() => flowEdges(drawn), [drawn]);
  const { fitView } = useReactFlow();
  const shape = nodes.map((n) => n.id).join(',');
  // Fit again when the graph gains or loses a node, not on every input typed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `shape` is the trigger
  useEffect(() => {
    const frame = requestAnimationFrame(() => void fitView({ padding: 0.12, maxZoom: 1 }));
    return () => cancelAnimationFrame(frame);
  }, [shape, fitView]);
  // And when the window (so the canvas) changes size.
  useEffect(() => {
    const refit = () => void fitView({ padding: 0.12, maxZoom: 1 });
    window.addEventListener('resize', refit);
    return () => window.removeEventListener('resize', refit);
  }, [fitView]);
  return (
    <ReactFlow
      data-testid="pipeline-graph"
      nodes={nodes}
      edges={edges}
      nodeTypes={NODE_TYPES}
      nodesDraggable={false}
      nodesConnectable={false}
      elementsSelectable={false}
      onPaneClick={() => select(null)}
      fitView
      fitViewOptions={{ padding: 0.12, maxZoom: 1 }}
      minZoom={0.3}
      maxZoom={1.5}
      proOptions={{ hideAttribution: true }}
    >
      <Background gap={16} size={1} />
      <Controls showInteractive={false} />
    </ReactFlow>
  );
}

function flowNodes(graph: PipelineGraph, drawn: GraphLayout): Node[] {
  const nodes: Node[] = [];
  const place = (key: string) => {
    const box = drawn.boxes.get(key);
    return box
      ? {
          position: { x: box.x, y: box.y },
          width: box.width,
          height: box.height,
          // Nodes neither selectable nor draggable get no pointer events from React Flow; ours take
          // clicks and drops themselves.
          style: { width: box.width, height: box.height, pointerEvents: 'all' as const },
        }
      : null;
  };
  const steps = new Map(graph.nodes.filter((n): n is StepNode => n.kind === 'step').map((s) => [s.key, s]));
  for (const node of graph.nodes) {
    const at = place(node.key);
    if (!at) continue;
    if (node.kind === 'start' || node.kind === 'end')
      nodes.push({ id: node.key, type: 'terminal', data: { kind: node.kind }, ...at });
    else if (node.kind === 'stage') {
      nodes.push({ id: node.key, type: 'stage', data: { stage: node }, zIndex: -1, ...at });
      if (node.jobKeys.length === 0) {
        const empty = place(emptyStageKey(node));
        if (empty) nodes.push({ id: emptyStageKey(node), type: 'drop', data: { stage: node }, ...empty });
      }
    } else if (node.kind === 'job')
      nodes.push({
        id: node.key,
        type: 'job',
        data: { job: node, steps: node.stepKeys.map((k) => steps.get(k)).filter(Boolean) },
        ...at,
      });
  }
  const zone = place(NEW_STAGE_KEY);
  if (zone) nodes.push({ id: NEW_STAGE_KEY, type: 'drop', data: { stage: null }, ...zone });
  return nodes;
}

function flowEdges(drawn: GraphLayout): Edge[] {
  return drawn.edges.map(({ source, target, kind }) => ({
    id: `${kind}:${source}->${target}`,
    source,
    target,
    type: 'smoothstep',
    markerEnd: { type: MarkerType.ArrowClosed },
    style:
      kind === 'needs'
        ? { stroke: 'var(--mantine-color-violet-6)', strokeDasharray: '5 4' }
        : { stroke: 'var(--mantine-color-gray-5)' },
    label: kind === 'needs' ? 'needs' : undefined,
  }));
}
