/**
 * Folders, wiki pages and files of a knowledge-base space: `NODE#{localId}` in the space's
 * partition (`ENT#{e}#DOCS#{space}`), with the space's counters and change log beside them.
 *
 * A node's id is `{space}.{localId}`, so the id alone says which partition holds it. A page's
 * content is not on the node: each save is a revision item (store/revisions.ts), and the node
 * names the current one.
 *
 * Every write of a space is one transaction that steps the space's `changeSeq` from the value
 * the writer saw to the next (`ConditionFailedError('space')` when another writer went first)
 * and puts `CHANGE#{next}` naming the nodes it touched (TTL two days). So a process that holds
 * the space's nodes at N catches up with N+1..M exactly (modules/docs/space-state.ts), and a
 * writer that validated a move against its copy at N writes only if nothing changed since.
 */
import { clock } from '@core/clock';
import { changeSeqKey, docIndexKeys, docsPartition, keys, SK } from '@core/db/keys';
import {
  batchGet,
  getItem,
  type Item,
  queryAll,
  queryPartition,
  sequenceStepOp,
  type TxOp,
} from '@core/db/operations';
import type { DocKind, PreviewKind } from '@shared/domain/docs';

export interface StoredFile {
  fileName: string;
  size: number;
  mime: string;
  preview: PreviewKind;
  /** The object's key in the files bucket. */
  key: string;
}

export interface NodeRecord {
  enterpriseId: string;
  space: string;
  /** `{space}.{localId}`. */
  id: string;
  localId: string;
  kind: DocKind;
  title: string;
  /** The parent folder's id (an attachment's: its page); null at the top. */
  root_id: string | null;
  sort: number;
  attachment: boolean;
  /** Wiki pages: the current revision and the revisions given out (deleted ones included). */
  revision: number | null;
  /** Files: `pending` until the upload is confirmed; only `ready` nodes are ever shown. */
  status: 'ready' | 'pending';
  file: StoredFile | null;
  /** What the current revision references (`ISSUE#{id}`, `SPEC#{id}`, `PAGE#{id}`). */
  refs: string[];
  /** Set on the node that was deleted (not on what is below it, which goes with it). */
  trashedAt: string | null;
  trashedBy: string | null;
  purgeAt: string | null;
  createdBy: string;
  createdAt: string;
  updatedBy: string;
  updatedAt: string;
  version: number;
}

/** Change-log entries live two days: a process whose copy is older reads the space again. */
export const CHANGE_LOG_TTL_SECONDS = 2 * 24 * 60 * 60;

export const nodeId = (space: string, localId: string) => `${space}.${localId}`;

/** `{ space, localId }` of a node id, or null when it cannot be one. */
export function parseNodeId(id: string): { space: string; localId: string } | null {
  const match = /^([a-z0-9]{1,64})\.([a-z0-9]{1,64})$/.exec(id);
  return match ? { space: match[1]!, localId: match[2]! } : null;
}

const epochSeconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

export function nodeToItem(node: NodeRecord): Item {
  const item: Item = {
    ...keys.docNode(node.enterpriseId, node.space, node.localId),
    entity: node.kind === 'folder' ? 'DocFolder' : node.kind === 'wiki' ? 'WikiPage' : 'DocFile',
    ...node,
  };
  // DynamoDB's TTL removes a trashed node when its time is up, and an upload never confirmed.
  if (node.purgeAt) item.expiresAt = epochSeconds(node.purgeAt);
  else if (node.status === 'pending') item.expiresAt = Math.floor(clock.now() / 1000) + 7 * 24 * 3600;
  if (node.status === 'pending') {
    const sweepAt = new Date(clock.now() + 2 * 3600 * 1000).toISOString();
    Object.assign(item, docIndexKeys.uploadDue(sweepAt, node.enterpriseId, node.space, node.localId));
  }
  return item;
}

export function nodeFromItem(item: Item): NodeRecord {
  return {
    enterpriseId: item.enterpriseId,
    space: item.space,
    id: item.id,
    localId: item.localId,
    kind: item.kind,
    title: item.title,
    root_id: item.root_id ?? null,
    sort: item.sort ?? 0,
    attachment: item.attachment ?? false,
    revision: item.revision ?? null,
    status: item.status ?? 'ready',
    file: item.file ?? null,
    refs: item.refs ?? [],
    trashedAt: item.trashedAt ?? null,
    trashedBy: item.trashedBy ?? null,
    purgeAt: item.purgeAt ?? null,
    createdBy: item.createdBy,
    createdAt: item.createdAt,
    updatedBy: item.updatedBy,
    updatedAt: item.updatedAt,
    version: item.version,
  };
}

// Access pattern: one node by id (ENT#{e}#DOCS#{space} / NODE#{localId}).
export async function getNode(enterpriseId: string, id: string): Promise<NodeRecord | null> {
  const parts = parseNodeId(id);
  if (!parts) return null;
  const item = await getItem(keys.docNode(enterpriseId, parts.space, parts.localId));
  return item ? nodeFromItem(item) : null;
}

// Access pattern: nodes of one space by local id (batch).
export async function getNodes(
  enterpriseId: string,
  space: string,
  localIds: readonly string[],
): Promise<NodeRecord[]> {
  const items = await batchGet(localIds.map((id) => keys.docNode(enterpriseId, space, id)));
  return items.map(nodeFromItem);
}

// Access pattern: every node of a space (begins_with NODE#).
export async function listNodes(enterpriseId: string, space: string): Promise<NodeRecord[]> {
  return (await queryPartition(docsPartition(enterpriseId, space), SK.docNodePrefix)).map(nodeFromItem);
}

export interface SpaceCounters {
  changeSeq: number;
  /** The change the saved search index (files bucket) includes. */
  searchSnapshotSeq: number;
}

// Access pattern: the space's counters (strongly consistent: the in-memory copy syncs from them).
export async function getSpaceCounters(enterpriseId: string, space: string): Promise<SpaceCounters> {
  const item = await getItem(keys.docsCounters(enterpriseId, space));
  return { changeSeq: item?.changeSeq ?? 0, searchSnapshotSeq: item?.searchSnapshotSeq ?? 0 };
}

// Access pattern: change entries after..upTo (CHANGE#{after+1} .. CHANGE#{upTo}).
export async function listChanges(
  enterpriseId: string,
  space: string,
  after: number,
  upTo: number,
): Promise<{ seq: number; ids: string[] }[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: {
      ':pk': docsPartition(enterpriseId, space),
      ':from': changeSeqKey(after + 1),
      ':to': changeSeqKey(upTo),
    },
    ConsistentRead: true,
  });
  return items.map((item) => ({ seq: item.seq as number, ids: item.ids as string[] }));
}

/**
 * The head of every write of a space: `changeSeq` from `seen` to `seen + 1` (`'space'` when
 * another writer went first) and the change entry naming the touched nodes' local ids.
 */
export function spaceWriteOps(
  enterpriseId: string,
  space: string,
  seen: number,
  ids: readonly string[],
): TxOp[] {
  return [
    sequenceStepOp(keys.docsCounters(enterpriseId, space), 'changeSeq', seen, 'space', {
      entity: 'DocSpaceCounters',
      space,
    }),
    {
      put: {
        ...keys.docsChange(enterpriseId, space, seen + 1),
        entity: 'DocChange',
        seq: seen + 1,
        ids: [...new Set(ids)],
        expiresAt: Math.floor(clock.now() / 1000) + CHANGE_LOG_TTL_SECONDS,
      },
    },
  ];
}

/** Puts a new node (`'nodeExists'` if the id is taken). */
export function createNodeOp(node: NodeRecord): TxOp {
  return {
    put: nodeToItem(node),
    condition: { expression: 'attribute_not_exists(pk)' },
    label: 'nodeExists',
  };
}

/** Replaces a node still at `expectedVersion` (`'stale:{localId}'`). */
export function replaceNodeOp(node: NodeRecord, expectedVersion: number): TxOp {
  return {
    put: nodeToItem(node),
    condition: {
      expression: 'attribute_exists(pk) AND #version = :expected',
      names: { '#version': 'version' },
      values: { ':expected': expectedVersion },
    },
    label: `stale:${node.localId}`,
  };
}

/** Deletes a node at `expectedVersion`. */
export function deleteNodeOp(node: NodeRecord): TxOp {
  return {
    delete: keys.docNode(node.enterpriseId, node.space, node.localId),
    condition: {
      expression: 'attribute_exists(pk) AND #version = :expected',
      names: { '#version': 'version' },
      values: { ':expected': node.version },
    },
    label: `stale:${node.localId}`,
  };
}

/** The purge due for a trashed node: found by the hourly sweep through gsi1. */
export function putPurgeOp(node: NodeRecord): TxOp {
  return {
    put: {
      ...keys.docPurge(node.enterpriseId, node.space, node.localId),
      ...docIndexKeys.purgeDue(node.purgeAt!, node.enterpriseId, node.space, node.localId),
      entity: 'DocPurgeDue',
      enterpriseId: node.enterpriseId,
      space: node.space,
      localId: node.localId,
      purgeAt: node.purgeAt,
    },
  };
}

export function deletePurgeOp(node: Pick<NodeRecord, 'enterpriseId' | 'space' | 'localId'>): TxOp {
  return { delete: keys.docPurge(node.enterpriseId, node.space, node.localId) };
}

/** Marks the saved search index as including changes up to `seq` (never backwards). */
export function searchSnapshotOp(enterpriseId: string, space: string, seq: number): TxOp {
  return {
    update: keys.docsCounters(enterpriseId, space),
    set: { searchSnapshotSeq: seq },
    condition: {
      expression: 'attribute_not_exists(searchSnapshotSeq) OR searchSnapshotSeq < :seq',
      values: { ':seq': seq },
    },
    label: 'snapshotSeq',
  };
}

export interface DueEntry {
  enterpriseId: string;
  space: string;
  localId: string;
}

// Access pattern: every enterprise's purges or uploads due by `now` (gsi1 DOCPURGE / DOCUPLOAD,
// gsi1sk <= now).
export async function listDue(partition: string, nowIso: string, limit = 200): Promise<DueEntry[]> {
  const items = await queryAll({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk <= :now',
    ExpressionAttributeValues: { ':pk': partition, ':now': `${nowIso}~` },
    Limit: limit,
  });
  return items.slice(0, limit).map((item) => {
    const [, enterpriseId, space, localId] = String(item.gsi1sk).split('#');
    return { enterpriseId: enterpriseId!, space: space!, localId: localId! };
  });
}
