/**
 * Each process keeps, per space, every node (folders, pages, files; no content) in memory, kept
 * exact by the space's change log (store/nodes.ts): a reader gets the counters (strongly
 * consistent) → M; a copy at N < M reads CHANGE# N+1..M, re-reads the nodes they name and is at
 * M; fewer entries than M - N (expired) or no copy means reading the space's nodes again (the
 * counters first, so the nodes are at least as new as M). The tree, folder lists, moves (no
 * cycles, depth) and the search index's visibility all come from this copy.
 *
 * Writers validate against the copy at N and write conditioned on `changeSeq = N`: when that
 * holds nothing changed since, so what they validated is what they changed.
 */
import { clock } from '@core/clock';
import { ConditionFailedError, type TxOp, transact } from '@core/db/operations';
import { conflict } from '@core/errors';
import { pause } from '@core/pause';
import {
  getNodes,
  getSpaceCounters,
  listChanges,
  listNodes,
  type NodeRecord,
  parseNodeId,
  spaceWriteOps,
} from './store/nodes';

export interface SpaceState {
  enterpriseId: string;
  space: string;
  seq: number;
  snapshotSeq: number;
  /** Every node by local id, pending uploads and trashed nodes included. */
  nodes: Map<string, NodeRecord>;
}

/** Spaces kept in memory per process (least recently used ones are dropped). */
const MAX_SPACES = 50;
const states = new Map<string, SpaceState>();

const keyOf = (enterpriseId: string, space: string) => `${enterpriseId}/${space}`;

function remember(state: SpaceState): SpaceState {
  const key = keyOf(state.enterpriseId, state.space);
  states.delete(key);
  states.set(key, state);
  while (states.size > MAX_SPACES) states.delete(states.keys().next().value!);
  return state;
}

/** Drops every copy (tests that reset the table). */
export function forgetSpaces(): void {
  states.clear();
}

async function load(enterpriseId: string, space: string): Promise<SpaceState> {
  const counters = await getSpaceCounters(enterpriseId, space);
  const nodes = await listNodes(enterpriseId, space);
  return remember({
    enterpriseId,
    space,
    seq: counters.changeSeq,
    snapshotSeq: counters.searchSnapshotSeq,
    nodes: new Map(nodes.map((n) => [n.localId, n])),
  });
}

/** The space as of its latest change. */
export async function spaceState(enterpriseId: string, space: string): Promise<SpaceState> {
  const current = states.get(keyOf(enterpriseId, space));
  if (!current) return load(enterpriseId, space);
  const counters = await getSpaceCounters(enterpriseId, space);
  current.snapshotSeq = counters.searchSnapshotSeq;
  const target = counters.changeSeq;
  if (target === current.seq) return remember(current);
  if (target < current.seq) return load(enterpriseId, space);
  const changes = await listChanges(enterpriseId, space, current.seq, target);
  if (changes.length !== target - current.seq) return load(enterpriseId, space);
  const ids = [...new Set(changes.flatMap((c) => c.ids))];
  const fresh = await getNodes(enterpriseId, space, ids);
  const found = new Map(fresh.map((n) => [n.localId, n]));
  for (const id of ids) {
    const node = found.get(id);
    if (node) current.nodes.set(id, node);
    else current.nodes.delete(id);
  }
  current.seq = target;
  return remember(current);
}

// ---- reading the copy ---------------------------------------------------------------------------

export function localOf(id: string | null): string | null {
  return id === null ? null : (parseNodeId(id)?.localId ?? null);
}

/** Whether a trashed node's time is up (DynamoDB's TTL removes it some time after). */
export function isExpired(node: NodeRecord): boolean {
  return node.purgeAt !== null && Date.parse(node.purgeAt) <= clock.now();
}

/**
 * Shown: a confirmed node whose every ancestor exists and none of them, nor itself, is in the
 * trash. What is below a deleted folder goes with it without being marked.
 */
export function isVisible(state: SpaceState, node: NodeRecord): boolean {
  let at: NodeRecord | undefined = node;
  for (let depth = 0; at && depth < 64; depth += 1) {
    if (at.status !== 'ready' || at.trashedAt !== null) return false;
    const parent = localOf(at.root_id);
    if (parent === null) return true;
    at = state.nodes.get(parent);
  }
  return false;
}

/** The trashed node above (or at) `node` that hides it, if one does. */
export function trashedAncestor(state: SpaceState, node: NodeRecord): NodeRecord | null {
  let at: NodeRecord | undefined = node;
  for (let depth = 0; at && depth < 64; depth += 1) {
    if (at.trashedAt !== null) return at;
    at = state.nodes.get(localOf(at.root_id) ?? '');
  }
  return null;
}

export function visibleNodes(state: SpaceState): NodeRecord[] {
  return [...state.nodes.values()].filter((n) => isVisible(state, n));
}

/** The folders above a node, from the top. */
export function pathOf(state: SpaceState, node: NodeRecord): NodeRecord[] {
  const path: NodeRecord[] = [];
  let parent = state.nodes.get(localOf(node.root_id) ?? '');
  while (parent && path.length < 64) {
    path.unshift(parent);
    parent = state.nodes.get(localOf(parent.root_id) ?? '');
  }
  return path;
}

/** Every node below `localId` (any depth), trashed ones included. */
export function descendantsOf(state: SpaceState, localId: string): NodeRecord[] {
  const byParent = new Map<string, NodeRecord[]>();
  for (const node of state.nodes.values()) {
    const parent = localOf(node.root_id);
    if (parent === null) continue;
    const list = byParent.get(parent);
    if (list) list.push(node);
    else byParent.set(parent, [node]);
  }
  const out: NodeRecord[] = [];
  const queue = [localId];
  const seen = new Set(queue);
  while (queue.length > 0) {
    for (const child of byParent.get(queue.shift()!) ?? []) {
      if (seen.has(child.localId)) continue;
      seen.add(child.localId);
      out.push(child);
      queue.push(child.localId);
    }
  }
  return out;
}

/** Folder levels from the top down to and including `folder` (null, the top, is 0). */
export function depthOf(state: SpaceState, folderLocal: string | null): number {
  let depth = 0;
  for (let id = folderLocal; id !== null && depth < 64; depth += 1) {
    const node = state.nodes.get(id);
    if (!node) break;
    id = localOf(node.root_id);
  }
  return depth;
}

/** Folder levels of the subtree under a folder, itself included (a folder with no sub-folder: 1). */
export function folderHeight(state: SpaceState, localId: string): number {
  const folders = [...state.nodes.values()].filter((n) => n.kind === 'folder');
  const height = (id: string, depth: number): number => {
    const below = folders.filter((f) => localOf(f.root_id) === id);
    if (below.length === 0 || depth > 64) return 1;
    return 1 + Math.max(...below.map((f) => height(f.localId, depth + 1)));
  };
  return height(localId, 0);
}

// ---- writing ------------------------------------------------------------------------------------

export interface WritePlan<T> {
  ops: TxOp[];
  /** Nodes written (their new records) and removed (local ids), applied to the copy on success. */
  put: NodeRecord[];
  removed?: string[];
  result: T;
  /** Maps condition labels of `ops` to the caller's errors. */
  onFailed?: (label: string) => Error | undefined;
}

const MAX_ATTEMPTS = 6;

/**
 * Runs a write on the space's current copy: `plan` validates against it and says what to write;
 * the write is conditioned on the copy's `changeSeq`. When another writer went first the copy
 * catches up and `plan` runs again.
 */
export async function writeSpace<T>(
  enterpriseId: string,
  space: string,
  plan: (state: SpaceState) => Promise<WritePlan<T>> | WritePlan<T>,
): Promise<{ result: T; state: SpaceState }> {
  for (let attempt = 1; ; attempt += 1) {
    const state = await spaceState(enterpriseId, space);
    const planned = await plan(state);
    if (planned.ops.length === 0) return { result: planned.result, state };
    const touched = [...planned.put.map((n) => n.localId), ...(planned.removed ?? [])];
    const seen = state.seq;
    try {
      await transact([...spaceWriteOps(enterpriseId, space, seen, touched), ...planned.ops]);
    } catch (error) {
      if (!(error instanceof ConditionFailedError)) throw error;
      if (error.label === 'space') {
        if (attempt >= MAX_ATTEMPTS)
          throw conflict('The library was changed by someone else meanwhile; reload and try again');
        await pause(Math.random() * 20 * attempt);
        continue;
      }
      throw planned.onFailed?.(error.label) ?? error;
    }
    // The copy was at `seq` when validated and nobody wrote since: it takes this write exactly.
    // (A reader that caught up meanwhile has re-read these nodes already.)
    if (state.seq === seen) {
      for (const node of planned.put) state.nodes.set(node.localId, node);
      for (const id of planned.removed ?? []) state.nodes.delete(id);
      state.seq += 1;
    }
    return { result: planned.result, state };
  }
}
