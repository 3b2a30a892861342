import { Graph, layout } from '@dagrejs/dagre';
import type { JobNode, PipelineGraph, StageNode } from '@shared/domain/pipeline-graph';

/** The sizes the graph is drawn with (px). */
export const JOB_WIDTH = 230;
const JOB_HEADER = 46;
const STEP_ROW = 34;
const JOB_FOOTER = 40;
export const TERMINAL_SIZE = 56;
const STAGE_PADDING = 14;
const STAGE_HEADER = 44;

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where each thing goes: start, end, each job, each stage's column, and the new-stage drop zone. */
export interface GraphLayout {
  boxes: Map<string, Box>;
  /** Edges between laid-out boxes: from stage to stage through their jobs, and `needs`. */
  edges: { source: string; target: string; kind: 'flow' | 'needs' }[];
}

/** The placeholder of a stage without jobs, and the zone that makes a new stage. */
export const emptyStageKey = (stage: StageNode) => `${stage.key}.empty`;
export const NEW_STAGE_KEY = 'new-stage';

export const jobHeight = (job: Pick<JobNode, 'stepKeys'>) =>
  JOB_HEADER + Math.max(job.stepKeys.length, 1) * STEP_ROW + JOB_FOOTER;

/**
 * Lays the graph out left to right with dagre: start, the stages' jobs (a job after the jobs it
 * needs; the jobs that end a stage before those that begin the next), a zone for a new stage,
 * end. A stage's column is the box around its jobs.
 */
export function layoutGraph(graph: PipelineGraph): GraphLayout {
  const g = new Graph();
  g.setGraph({ rankdir: 'LR', nodesep: 24, ranksep: 72, marginx: 24, marginy: 24 });
  g.setDefaultEdgeLabel(() => ({}));
  const edges: GraphLayout['edges'] = [];
  const link = (source: string, target: string, kind: 'flow' | 'needs') => {
    g.setEdge(source, target);
    edges.push({ source, target, kind });
  };
  g.setNode('start', { width: TERMINAL_SIZE, height: TERMINAL_SIZE });
  let exits = ['start'];
  const stages = graph.nodes.filter((n): n is StageNode => n.kind === 'stage');
  const jobs = new Map(graph.nodes.filter((n): n is JobNode => n.kind === 'job').map((j) => [j.key, j]));
  for (const stage of stages) {
    const stageJobs = stage.jobKeys.map((key) => jobs.get(key)).filter((j): j is JobNode => Boolean(j));
    if (stageJobs.length === 0) {
      const key = emptyStageKey(stage);
      g.setNode(key, { width: JOB_WIDTH, height: 90 });
      for (const exit of exits) link(exit, key, 'flow');
      exits = [key];
      continue;
    }
    const byId = new Map(stageJobs.map((j) => [j.id, j.key]));
    const needed = new Set<string>();
    for (const job of stageJobs) g.setNode(job.key, { width: JOB_WIDTH, height: jobHeight(job) });
    for (const job of stageJobs) {
      const needs = job.needs.map((n) => byId.get(n)).filter((k): k is string => Boolean(k) && k !== job.key);
      for (const source of needs) {
        needed.add(source);
        link(source, job.key, 'needs');
      }
      if (needs.length === 0) for (const exit of exits) link(exit, job.key, 'flow');
    }
    exits = stageJobs.filter((j) => !needed.has(j.key)).map((j) => j.key);
  }
  g.setNode(NEW_STAGE_KEY, { width: 150, height: 90 });
  for (const exit of exits) link(exit, NEW_STAGE_KEY, 'flow');
  g.setNode('end', { width: TERMINAL_SIZE, height: TERMINAL_SIZE });
  link(NEW_STAGE_KEY, 'end', 'flow');
  layout(g);

  const boxes = new Map<string, Box>();
  for (const key of g.nodes()) {
    const node = g.node(key);
    if (node)
      boxes.set(key, {
        x: node.x - node.width / 2,
        y: node.y - node.height / 2,
        width: node.width,
        height: node.height,
      });
  }
  for (const stage of stages) {
    const inner = (stage.jobKeys.length > 0 ? stage.jobKeys : [emptyStageKey(stage)])
      .map((key) => boxes.get(key))
      .filter((b): b is Box => Boolean(b));
    boxes.set(stage.key, around(inner));
  }
  return { boxes, edges };
}

/** The stage's column: the box around its jobs with room for its header. */
function around(inner: Box[]): Box {
  const left = Math.min(...inner.map((b) => b.x)) - STAGE_PADDING;
  const top = Math.min(...inner.map((b) => b.y)) - STAGE_PADDING - STAGE_HEADER;
  const right = Math.max(...inner.map((b) => b.x + b.width)) + STAGE_PADDING;
  const bottom = Math.max(...inner.map((b) => b.y + b.height)) + STAGE_PADDING;
  return { x: left, y: top, width: right - left, height: bottom - top };
}
