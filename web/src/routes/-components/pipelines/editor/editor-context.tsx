import type { EntityAddress, StepAddress } from '@shared/domain/pipeline-graph';
import type { ActionNode } from '@shared/schemas/pipelines';
import { createContext, useContext } from 'react';

/** What the graph's nodes, the palette and the side form share: the catalogue, the selection, the edits. */
export interface EditorActions {
  actionNodes: readonly ActionNode[];
  /** The key of the selected node (`s0.j1.t2`), or null. */
  selected: string | null;
  select: (key: string | null) => void;
  /** Problems by node key, for the marks on the graph. */
  problemsByKey: ReadonlyMap<string, string[]>;
  /** Runs a text edit (from pipeline-graph) on the current YAML; a refused edit is shown, not thrown. */
  edit: (change: (text: string) => string) => void;
  addStep: (job: { stage: number; job: number }, nodeKey: string, at?: number) => void;
  /** A step dropped on a job (or before another step). */
  moveStep: (from: StepAddress, to: StepAddress) => void;
  addJob: (stage: { stage: number }, nodeKey?: string) => void;
  addStage: (nodeKey?: string) => void;
  remove: (address: EntityAddress) => void;
}

export const EditorContext = createContext<EditorActions | null>(null);

export function useEditor(): EditorActions {
  const editor = useContext(EditorContext);
  if (!editor) throw new Error('useEditor outside the pipeline editor');
  return editor;
}

/** Drag and drop between the palette and the graph: an action node's key, or a step's address. */
export const DRAG_NODE = 'application/x-pipeline-action-node';
export const DRAG_STEP = 'application/x-pipeline-step';

export type Dropped = { kind: 'node'; key: string } | { kind: 'step'; from: StepAddress } | null;

export function dropped(transfer: DataTransfer): Dropped {
  const key = transfer.getData(DRAG_NODE);
  if (key) return { kind: 'node', key };
  const step = transfer.getData(DRAG_STEP);
  if (step) {
    try {
      return { kind: 'step', from: JSON.parse(step) as StepAddress };
    } catch {
      return null;
    }
  }
  return null;
}

/** Whether a drag carries something the graph takes (dataTransfer's data is hidden until the drop). */
export const carriesPipelineThing = (transfer: DataTransfer) =>
  transfer.types.includes(DRAG_NODE) || transfer.types.includes(DRAG_STEP);
