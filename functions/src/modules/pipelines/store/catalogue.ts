/**
 * The enterprise's pipeline catalogue, in the enterprise partition: node types
 * (`PIPENODETYPE#{id}`), action nodes (`PIPENODE#{id}`), their inputs (`PIPEINPUT#{nodeId}#{name}`:
 * the name is the key, so it is unique in its node) and templates (`PIPETEMPLATE#{id}`). The keys
 * YAML names node types and nodes by are claimed by `PIPENODETYPEKEY#{key}` / `PIPENODEKEY#{key}`
 * items written with them, and never change. `PIPESEEDED` marks the seeded set as written.
 */
import { enterprisePartition, type Key, keys, SK } from '@core/db/keys';
import {
  conditions,
  getItem,
  type Item,
  queryPartition,
  type TxOp,
  transact,
  updateVersioned,
} from '@core/db/operations';
import type { InputValue, NodeInputType, PipelineIcon } from '@shared/domain/pipeline-catalogue';

interface Versioned {
  enterpriseId: string;
  sort: number;
  createdAt: string;
  updatedAt: string;
  version: number;
}

export interface NodeTypeRecord extends Versioned {
  nodeTypeId: string;
  key: string;
  name: string;
  icon: PipelineIcon;
  description: string;
}

export interface ActionNodeRecord extends Versioned {
  nodeId: string;
  key: string;
  name: string;
  nodeTypeId: string;
  description: string;
  commandTemplate: string;
}

export interface NodeInputRecord extends Versioned {
  nodeId: string;
  name: string;
  label: string;
  type: NodeInputType;
  required: boolean;
  defaultValue: InputValue | null;
  options: string[];
  pattern: string | null;
  description: string;
}

export interface TemplateRecord extends Versioned {
  templateId: string;
  name: string;
  icon: PipelineIcon;
  description: string;
  yaml: string;
}

/** Each kind of catalogue item: its key, its entity name and how it reads back. */
const KINDS = {
  nodeType: {
    entity: 'PipelineNodeType',
    prefix: SK.pipelineNodeTypePrefix,
    key: (r: NodeTypeRecord) => keys.pipelineNodeType(r.enterpriseId, r.nodeTypeId),
  },
  node: {
    entity: 'PipelineActionNode',
    prefix: SK.pipelineNodePrefix,
    key: (r: ActionNodeRecord) => keys.pipelineNode(r.enterpriseId, r.nodeId),
  },
  input: {
    entity: 'PipelineNodeInput',
    prefix: SK.pipelineInputPrefix,
    key: (r: NodeInputRecord) => keys.pipelineInput(r.enterpriseId, r.nodeId, r.name),
  },
  template: {
    entity: 'PipelineTemplate',
    prefix: SK.pipelineTemplatePrefix,
    key: (r: TemplateRecord) => keys.pipelineTemplate(r.enterpriseId, r.templateId),
  },
} as const;

type Kind = keyof typeof KINDS;
interface RecordOf {
  nodeType: NodeTypeRecord;
  node: ActionNodeRecord;
  input: NodeInputRecord;
  template: TemplateRecord;
}

/** The stored item is the record with its key and entity; reading it back drops those. */
function toItem<K extends Kind>(kind: K, record: RecordOf[K]): Item {
  const key = (KINDS[kind].key as (r: RecordOf[K]) => Key)(record);
  return { ...key, entity: KINDS[kind].entity, ...record };
}

function fromItem<K extends Kind>(item: Item): RecordOf[K] {
  const { pk: _pk, sk: _sk, entity: _entity, ...record } = item;
  return record as RecordOf[K];
}

/** The put of a new catalogue item (with the claim of its key for node types and nodes). */
export function catalogueCreateOps<K extends Kind>(kind: K, record: RecordOf[K]): TxOp[] {
  const ops: TxOp[] = [{ put: toItem(kind, record), condition: conditions.notExists, label: kind }];
  const claim = keyClaim(kind, record);
  if (claim)
    ops.push({
      put: { ...claim, entity: 'PipelineKeyClaim' },
      condition: conditions.notExists,
      label: 'key',
    });
  return ops;
}

function keyClaim<K extends Kind>(kind: K, record: RecordOf[K]): Key | null {
  if (kind === 'nodeType') {
    const r = record as NodeTypeRecord;
    return keys.pipelineNodeTypeKey(r.enterpriseId, r.key);
  }
  if (kind === 'node') {
    const r = record as ActionNodeRecord;
    return keys.pipelineNodeKey(r.enterpriseId, r.key);
  }
  return null;
}

/** Creates one item (`ConditionFailedError('key')`: its key is taken; `(kind)`: it exists). */
export async function createCatalogueItem<K extends Kind>(kind: K, record: RecordOf[K]): Promise<void> {
  await transact(catalogueCreateOps(kind, record));
}

/** An edit at the version read (`'stale'` / `'missing'`). */
export async function updateCatalogueItem<K extends Kind>(
  kind: K,
  record: RecordOf[K],
  expectedVersion: number,
  set: Partial<RecordOf[K]>,
): Promise<RecordOf[K]> {
  const key = (KINDS[kind].key as (r: RecordOf[K]) => Key)(record);
  return fromItem<K>(await updateVersioned(key, expectedVersion, set as Item));
}

/** The deletes of an item and its key claim, conditioned on the version read. */
export function catalogueDeleteOps<K extends Kind>(kind: K, record: RecordOf[K]): TxOp[] {
  const key = (KINDS[kind].key as (r: RecordOf[K]) => Key)(record);
  const ops: TxOp[] = [{ delete: key, condition: conditions.version(record.version), label: kind }];
  const claim = keyClaim(kind, record);
  if (claim) ops.push({ delete: claim });
  return ops;
}

export async function transactCatalogue(ops: readonly TxOp[]): Promise<void> {
  await transact(ops);
}

// Access pattern: an enterprise's items of one kind (begins_with(sk, PIPENODETYPE# / PIPENODE# /
// PIPEINPUT# / PIPETEMPLATE#)); the catalogue is small, so it is read whole.
export async function listCatalogue<K extends Kind>(enterpriseId: string, kind: K): Promise<RecordOf[K][]> {
  const items = await queryPartition(enterprisePartition(enterpriseId), KINDS[kind].prefix);
  return items.map((item) => fromItem<K>(item));
}

// Access pattern: one node's inputs (begins_with(sk, PIPEINPUT#{nodeId}#)).
export async function listNodeInputs(enterpriseId: string, nodeId: string): Promise<NodeInputRecord[]> {
  const items = await queryPartition(
    enterprisePartition(enterpriseId),
    `${SK.pipelineInputPrefix}${nodeId}#`,
  );
  return items.map((item) => fromItem<'input'>(item));
}

/** The key of an item of `kind` by its id (an input's id is `{nodeId}.{name}`: see getNodeInput). */
const keyById = {
  nodeType: keys.pipelineNodeType,
  node: keys.pipelineNode,
  template: keys.pipelineTemplate,
} as const;

// Access pattern: one node type, node or template by id (PIPENODETYPE# / PIPENODE# / PIPETEMPLATE#).
export async function getCatalogueItem<K extends keyof typeof keyById>(
  kind: K,
  enterpriseId: string,
  id: string,
): Promise<RecordOf[K] | null> {
  const item = await getItem(keyById[kind](enterpriseId, id));
  return item ? fromItem<K>(item) : null;
}

// Access pattern: one input of a node (PIPEINPUT#{nodeId}#{name}).
export async function getNodeInput(
  enterpriseId: string,
  nodeId: string,
  name: string,
): Promise<NodeInputRecord | null> {
  const item = await getItem(keys.pipelineInput(enterpriseId, nodeId, name));
  return item ? fromItem<'input'>(item) : null;
}

// Access pattern: whether the seeded set was written (PIPESEEDED).
export async function isCatalogueSeeded(enterpriseId: string): Promise<boolean> {
  return Boolean(await getItem(keys.pipelineCatalogueSeeded(enterpriseId)));
}

/** The seeded set's writes and its marker, all or nothing (`'seeded'`: written already). */
export async function writeSeededCatalogue(
  enterpriseId: string,
  ops: readonly TxOp[],
  at: string,
): Promise<void> {
  await transact([
    ...ops,
    {
      put: { ...keys.pipelineCatalogueSeeded(enterpriseId), entity: 'PipelineCatalogueSeeded', seededAt: at },
      condition: conditions.notExists,
      label: 'seeded',
    },
  ]);
}
