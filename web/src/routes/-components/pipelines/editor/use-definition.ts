import type { ActionNodeSpec } from '@shared/domain/pipeline-catalogue';
import { checkDefinition, type DefinitionProblem } from '@shared/domain/pipeline-definition';
import {
  checkGraph,
  type GraphProblem,
  graphFromDefinition,
  type PipelineGraph,
  readGraph,
} from '@shared/domain/pipeline-graph';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

/** How long typing in the YAML pane rests before the graph is drawn again. */
export const REDRAW_DELAY_MS = 300;

export interface DefinitionState {
  /** The YAML as it is now: the one source of truth. */
  text: string;
  /** The graph of the last text that could be drawn (kept while the YAML does not parse). */
  graph: PipelineGraph;
  /** Problems of the text: the definition's checks (each with line and field). */
  problems: DefinitionProblem[];
  /** Problems of the graph, on the nodes they concern. */
  graphProblems: GraphProblem[];
  /** True while the text has a problem that keeps the graph from being redrawn. */
  stale: boolean;
  /** A visual edit: the new text, drawn at once. */
  apply: (next: string) => void;
  /** Typing in the YAML pane: drawn once it rests. */
  type: (next: string) => void;
  /** Replaces the problems with the server's (after a refused save). */
  showProblems: (problems: DefinitionProblem[]) => void;
}

const EMPTY_GRAPH = graphFromDefinition({});

/**
 * The editor's definition: the YAML text, the graph drawn from it and its problems. A visual
 * edit redraws at once; typing redraws after a pause; YAML that cannot be drawn keeps the last
 * good graph and shows where it breaks.
 */
export function useDefinition(initial: string, actionNodes: readonly ActionNodeSpec[]): DefinitionState {
  const [text, setText] = useState(initial);
  const [graph, setGraph] = useState<PipelineGraph>(() => {
    const read = readGraph(initial);
    return read.ok ? read.graph : EMPTY_GRAPH;
  });
  const [stale, setStale] = useState(false);
  const [problems, setProblems] = useState<DefinitionProblem[]>([]);
  const checked = useRef(0);

  const draw = useCallback(
    (next: string) => {
      const read = readGraph(next);
      if (read.ok) setGraph(read.graph);
      setStale(!read.ok);
      // The full check (the server's own) is async; only the newest text's answer is kept.
      const ticket = ++checked.current;
      void checkDefinition(next, actionNodes).then((result) => {
        if (ticket === checked.current) setProblems(result.ok ? [] : result.problems);
      });
    },
    [actionNodes],
  );

  useEffect(() => draw(initial), [draw, initial]);

  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const apply = useCallback(
    (next: string) => {
      clearTimeout(timer.current);
      setText(next);
      draw(next);
    },
    [draw],
  );
  const type = useCallback(
    (next: string) => {
      setText(next);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => draw(next), REDRAW_DELAY_MS);
    },
    [draw],
  );
  const showProblems = useCallback((next: DefinitionProblem[]) => {
    checked.current++;
    setProblems(next);
  }, []);
  const graphProblems = useMemo(() => checkGraph(graph, actionNodes), [graph, actionNodes]);

  return { text, graph, problems, graphProblems, stale, apply, type, showProblems };
}
