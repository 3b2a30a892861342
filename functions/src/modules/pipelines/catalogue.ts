/**
 * The catalogue: node types, action nodes, their inputs and templates (docs/pipelines.md "The
 * catalogue"). Every enterprise starts with the seeded set, written on its first read; after
 * that the set is the enterprise's own to change. A node type in use by a node, a node in use
 * by a pipeline, and an input its node's command template names cannot be deleted (409).
 */
import { firstVersion, nowIso } from '@core/clock';
import { ConditionFailedError, onConditionFailed, type TxOp } from '@core/db/operations';
import { badRequest, conflict, notFound, staleVersion } from '@core/errors';
import { newId, parseScopedId, scopedId } from '@core/ids';
import {
  type ActionNodeSpec,
  type InputValue,
  type NodeInputSpec,
  SEED_ACTION_NODES,
  SEED_NODE_TYPES,
  SEED_TEMPLATES,
} from '@shared/domain/pipeline-catalogue';
import { undeclaredPlaceholders, valueProblem } from '@shared/domain/pipeline-definition';
import { sentenceCase } from '@shared/schemas/common';
import type {
  ActionNode,
  ActionNodeCreateForm,
  ActionNodeUpdateForm,
  NodeInput,
  NodeInputCreateForm,
  NodeInputUpdateForm,
  NodeType,
  NodeTypeCreateForm,
  NodeTypeUpdateForm,
  PipelineTemplate,
  TemplateCreateForm,
  TemplateUpdateForm,
} from '@shared/schemas/pipelines';
import * as db from './store/catalogue';
import { listPipelines } from './store/pipelines';

// ---- the seeded set ---------------------------------------------------------------------------

/** Enterprises seen seeded by this process: the marker is never removed, so one read will do. */
const seeded = new Set<string>();

/** Writes the seeded set once per enterprise (a second writer's transaction fails as a whole). */
export async function ensureCatalogue(enterpriseId: string): Promise<void> {
  if (seeded.has(enterpriseId)) return;
  if (!(await db.isCatalogueSeeded(enterpriseId))) {
    try {
      await db.writeSeededCatalogue(enterpriseId, seedOps(enterpriseId), nowIso());
    } catch (error) {
      if (!(error instanceof ConditionFailedError)) throw error;
    }
  }
  seeded.add(enterpriseId);
}

function seedOps(enterpriseId: string): TxOp[] {
  const at = nowIso();
  const base = { enterpriseId, createdAt: at, updatedAt: at, version: 1 };
  const typeIds = new Map(SEED_NODE_TYPES.map((t) => [t.key, newId()]));
  const ops: TxOp[] = [];
  SEED_NODE_TYPES.forEach((t, sort) => {
    ops.push(
      ...db.catalogueCreateOps('nodeType', { ...base, ...t, sort, nodeTypeId: typeIds.get(t.key) ?? '' }),
    );
  });
  SEED_ACTION_NODES.forEach((n, sort) => {
    const nodeId = newId();
    const { inputs, nodeTypeKey, ...fields } = n;
    ops.push(
      ...db.catalogueCreateOps('node', {
        ...base,
        ...fields,
        sort,
        nodeId,
        nodeTypeId: typeIds.get(nodeTypeKey) ?? '',
      }),
    );
    inputs.forEach((input, inputSort) => {
      ops.push(
        ...db.catalogueCreateOps('input', {
          ...base,
          nodeId,
          sort: inputSort,
          name: input.name,
          label: input.label,
          type: input.type,
          required: input.required,
          defaultValue: input.defaultValue,
          options: input.options ?? [],
          pattern: input.pattern ?? null,
          description: input.description ?? '',
        }),
      );
    });
  });
  SEED_TEMPLATES.forEach((t, sort) => {
    const { key: _key, ...fields } = t;
    ops.push(...db.catalogueCreateOps('template', { ...base, ...fields, sort, templateId: newId() }));
  });
  return ops;
}

// ---- reading the whole catalogue -----------------------------------------------------------------

const bySort = <T extends { sort: number; createdAt: string }>(a: T, b: T) =>
  a.sort - b.sort || a.createdAt.localeCompare(b.createdAt);

interface Catalogue {
  nodeTypes: db.NodeTypeRecord[];
  nodes: db.ActionNodeRecord[];
  inputs: db.NodeInputRecord[];
}

async function readCatalogue(enterpriseId: string): Promise<Catalogue> {
  await ensureCatalogue(enterpriseId);
  const [nodeTypes, nodes, inputs] = await Promise.all([
    db.listCatalogue(enterpriseId, 'nodeType'),
    db.listCatalogue(enterpriseId, 'node'),
    db.listCatalogue(enterpriseId, 'input'),
  ]);
  return { nodeTypes: nodeTypes.sort(bySort), nodes: nodes.sort(bySort), inputs: inputs.sort(bySort) };
}

const inputSpec = (r: db.NodeInputRecord): NodeInputSpec => ({
  name: r.name,
  label: r.label,
  type: r.type,
  required: r.required,
  defaultValue: r.defaultValue,
  options: r.options,
  pattern: r.pattern,
});

/** The action nodes as a definition is checked against them (and a run renders commands with). */
export async function actionNodeSpecs(enterpriseId: string): Promise<ActionNodeSpec[]> {
  const { nodeTypes, nodes, inputs } = await readCatalogue(enterpriseId);
  const typeKey = new Map(nodeTypes.map((t) => [t.nodeTypeId, t.key]));
  return nodes.map((n) => ({
    key: n.key,
    name: n.name,
    nodeTypeKey: typeKey.get(n.nodeTypeId) ?? '',
    commandTemplate: n.commandTemplate,
    inputs: inputs.filter((i) => i.nodeId === n.nodeId).map(inputSpec),
  }));
}

// ---- views -------------------------------------------------------------------------------------

const inputView = (r: db.NodeInputRecord): NodeInput => ({
  id: scopedId(r.nodeId, r.name),
  nodeId: r.nodeId,
  name: r.name,
  label: r.label,
  type: r.type,
  required: r.required,
  defaultValue: r.defaultValue,
  options: r.options,
  pattern: r.pattern,
  description: r.description,
  sort: r.sort,
  version: r.version,
});

function nodeView(r: db.ActionNodeRecord, catalogue: Catalogue): ActionNode {
  const type = catalogue.nodeTypes.find((t) => t.nodeTypeId === r.nodeTypeId);
  return {
    id: r.nodeId,
    key: r.key,
    name: r.name,
    nodeTypeId: r.nodeTypeId,
    nodeTypeKey: type?.key ?? '',
    icon: type?.icon ?? 'default',
    description: r.description,
    commandTemplate: r.commandTemplate,
    inputs: catalogue.inputs.filter((i) => i.nodeId === r.nodeId).map(inputView),
    sort: r.sort,
    version: r.version,
  };
}

const nodeTypeView = (r: db.NodeTypeRecord, catalogue: Catalogue): NodeType => ({
  id: r.nodeTypeId,
  key: r.key,
  name: r.name,
  icon: r.icon,
  description: r.description,
  sort: r.sort,
  nodeCount: catalogue.nodes.filter((n) => n.nodeTypeId === r.nodeTypeId).length,
  version: r.version,
});

const templateView = (r: db.TemplateRecord): PipelineTemplate => ({
  id: r.templateId,
  name: r.name,
  icon: r.icon,
  description: r.description,
  yaml: r.yaml,
  sort: r.sort,
  version: r.version,
});

// ---- shared rules --------------------------------------------------------------------------------

/** Turns the store's condition failures into answers: taken keys, stale edits, missing items. */
function answering(what: string, key?: string) {
  return {
    key: () => conflict(`${what} ${key ?? ''} exists already: keys are unique`.replace('  ', ' ')),
    stale: () => staleVersion(what),
    missing: () => notFound(`${what} does not exist`),
  };
}

/** A new node type, action node or template from its form: a description left out is kept as ''. */
function newDescribed<F extends { description?: string | undefined }>(enterpriseId: string, form: F) {
  return { enterpriseId, ...form, description: form.description ?? '', ...firstVersion() };
}

/** What an edit of a described item writes: the form less the version read, '' for a missing description. */
function describedEdit<F extends { version: number; description?: string | undefined }>(form: F) {
  const { version: _read, ...fields } = form;
  return { ...fields, description: fields.description ?? '', updatedAt: nowIso() };
}

// ---- node types -------------------------------------------------------------------------------

export async function listNodeTypes(enterpriseId: string): Promise<NodeType[]> {
  const catalogue = await readCatalogue(enterpriseId);
  return catalogue.nodeTypes.map((t) => nodeTypeView(t, catalogue));
}

const CATALOGUE_NOUNS = { nodeType: 'Node type', node: 'Action node', template: 'Template' } as const;

/** One node type, node or template of the enterprise, or 404 naming it. */
async function requireItem<K extends keyof typeof CATALOGUE_NOUNS>(
  kind: K,
  enterpriseId: string,
  id: string,
) {
  await ensureCatalogue(enterpriseId);
  const record = await db.getCatalogueItem(kind, enterpriseId, id);
  if (!record) throw notFound(`${CATALOGUE_NOUNS[kind]} ${id} does not exist`);
  return record;
}

const requireNodeType = (enterpriseId: string, id: string) => requireItem('nodeType', enterpriseId, id);
const requireActionNode = (enterpriseId: string, id: string) => requireItem('node', enterpriseId, id);
export const requireTemplate = (enterpriseId: string, id: string) =>
  requireItem('template', enterpriseId, id);

export async function getNodeTypeView(enterpriseId: string, id: string): Promise<NodeType> {
  const record = await requireNodeType(enterpriseId, id);
  return nodeTypeView(record, await readCatalogue(enterpriseId));
}

export async function createNodeType(enterpriseId: string, form: NodeTypeCreateForm): Promise<NodeType> {
  const record: db.NodeTypeRecord = { nodeTypeId: newId(), ...newDescribed(enterpriseId, form) };
  await onConditionFailed(db.createCatalogueItem('nodeType', record), answering('The node type', form.key));
  return getNodeTypeView(enterpriseId, record.nodeTypeId);
}

export async function updateNodeType(
  enterpriseId: string,
  id: string,
  form: NodeTypeUpdateForm,
): Promise<NodeType> {
  const record = await requireNodeType(enterpriseId, id);
  await onConditionFailed(
    db.updateCatalogueItem('nodeType', record, form.version, describedEdit(form)),
    answering('The node type'),
  );
  return getNodeTypeView(enterpriseId, id);
}

export async function deleteNodeType(enterpriseId: string, id: string): Promise<void> {
  const record = await requireNodeType(enterpriseId, id);
  const users = (await db.listCatalogue(enterpriseId, 'node')).filter((n) => n.nodeTypeId === id);
  if (users.length > 0)
    throw conflict(
      `The node type ${record.key} is used by ${users.map((n) => n.key).join(', ')}; delete or move them first`,
    );
  await onConditionFailed(db.transactCatalogue(db.catalogueDeleteOps('nodeType', record)), {
    nodeType: () => staleVersion('The node type'),
  });
}

// ---- action nodes -------------------------------------------------------------------------------

export async function listActionNodes(enterpriseId: string): Promise<ActionNode[]> {
  const catalogue = await readCatalogue(enterpriseId);
  return catalogue.nodes.map((n) => nodeView(n, catalogue));
}

export async function getActionNodeView(enterpriseId: string, id: string): Promise<ActionNode> {
  const record = await requireActionNode(enterpriseId, id);
  return nodeView(record, await readCatalogue(enterpriseId));
}

async function assertNodeTypeExists(enterpriseId: string, nodeTypeId: string): Promise<void> {
  if (!(await db.getCatalogueItem('nodeType', enterpriseId, nodeTypeId)))
    throw badRequest('nodeTypeId', `No node type has the id ${nodeTypeId}`);
}

/** A template may only name inputs its node declares (a new node declares none yet: see docs). */
function assertTemplateInputs(template: string, inputNames: readonly string[]): void {
  const undeclared = undeclaredPlaceholders(template, inputNames);
  if (undeclared.length > 0)
    throw badRequest(
      'commandTemplate',
      `The template names inputs the node does not have: ${undeclared.join(', ')}`,
    );
}

export async function createActionNode(
  enterpriseId: string,
  form: ActionNodeCreateForm,
): Promise<ActionNode> {
  await ensureCatalogue(enterpriseId);
  await assertNodeTypeExists(enterpriseId, form.nodeTypeId);
  const record: db.ActionNodeRecord = { nodeId: newId(), ...newDescribed(enterpriseId, form) };
  await onConditionFailed(db.createCatalogueItem('node', record), answering('The action node', form.key));
  return getActionNodeView(enterpriseId, record.nodeId);
}

export async function updateActionNode(
  enterpriseId: string,
  id: string,
  form: ActionNodeUpdateForm,
): Promise<ActionNode> {
  const record = await requireActionNode(enterpriseId, id);
  await assertNodeTypeExists(enterpriseId, form.nodeTypeId);
  const inputs = await db.listNodeInputs(enterpriseId, id);
  assertTemplateInputs(
    form.commandTemplate,
    inputs.map((i) => i.name),
  );
  await onConditionFailed(
    db.updateCatalogueItem('node', record, form.version, describedEdit(form)),
    answering('The action node'),
  );
  return getActionNodeView(enterpriseId, id);
}

/** At most this many inputs per node: a node's delete removes them in one transaction. */
export const MAX_INPUTS_PER_NODE = 40;

export async function deleteActionNode(enterpriseId: string, id: string): Promise<void> {
  const record = await requireActionNode(enterpriseId, id);
  const users = (await listPipelines(enterpriseId)).filter((p) => p.nodeKeys.includes(record.key));
  if (users.length > 0)
    throw conflict(
      `The action node ${record.key} is used by ${users.map((p) => p.name).join(', ')}; change them first`,
    );
  const inputs = await db.listNodeInputs(enterpriseId, id);
  await onConditionFailed(
    db.transactCatalogue([
      ...db.catalogueDeleteOps('node', record),
      ...inputs.flatMap((i) => db.catalogueDeleteOps('input', i)),
    ]),
    { node: () => staleVersion('The action node'), input: () => staleVersion('An input of the action node') },
  );
}

// ---- node inputs --------------------------------------------------------------------------------

export async function listInputsOfNode(enterpriseId: string, nodeId: string): Promise<NodeInput[]> {
  await requireActionNode(enterpriseId, nodeId);
  return (await db.listNodeInputs(enterpriseId, nodeId)).sort(bySort).map(inputView);
}

async function requireInput(enterpriseId: string, id: string): Promise<db.NodeInputRecord> {
  const parts = parseScopedId(id);
  const record = parts && (await db.getNodeInput(enterpriseId, parts.parentId, parts.localId));
  if (!record) throw notFound(`Node input ${id} does not exist`);
  return record;
}

export async function getInputView(enterpriseId: string, id: string): Promise<NodeInput> {
  return inputView(await requireInput(enterpriseId, id));
}

/** The input's options, pattern and default as stored, from the form's text (400 naming the field). */
function inputFields(
  name: string,
  form: NodeInputCreateForm | NodeInputUpdateForm,
): Pick<
  db.NodeInputRecord,
  'label' | 'type' | 'required' | 'defaultValue' | 'options' | 'pattern' | 'description' | 'sort'
> {
  const options = (form.options ?? '')
    .split('\n')
    .map((o) => o.trim())
    .filter(Boolean);
  if (form.type === 'select' && options.length === 0)
    throw badRequest('options', 'A select input needs options, one per line');
  const pattern = form.pattern?.trim() || null;
  if (pattern) {
    try {
      new RegExp(pattern);
    } catch {
      throw badRequest('pattern', 'The pattern is not a valid regular expression');
    }
  }
  const spec: NodeInputSpec = {
    name,
    label: form.label,
    type: form.type,
    required: form.required,
    defaultValue: null,
    options,
    pattern,
  };
  const defaultValue = parseDefault(spec, form.defaultValue);
  return {
    label: form.label,
    type: form.type,
    required: form.required,
    defaultValue,
    options: form.type === 'select' ? options : [],
    pattern: form.type === 'string' || form.type === 'text' ? pattern : null,
    description: form.description ?? '',
    sort: form.sort,
  };
}

/** A default written as text, read by the input's type. */
function parseDefault(spec: NodeInputSpec, raw: string | undefined): InputValue | null {
  if (raw === undefined || raw === '') return null;
  let value: InputValue = raw;
  if (spec.type === 'number') value = Number(raw.trim());
  if (spec.type === 'boolean') value = raw.trim() === 'true' ? true : raw.trim() === 'false' ? false : raw;
  const problem = valueProblem(spec, value);
  if (problem) throw badRequest('defaultValue', sentenceCase(problem.replace(`${spec.name} `, '')));
  return value;
}

export async function createInput(enterpriseId: string, form: NodeInputCreateForm): Promise<NodeInput> {
  const node = await requireActionNode(enterpriseId, form.nodeId);
  const existing = await db.listNodeInputs(enterpriseId, node.nodeId);
  if (existing.length >= MAX_INPUTS_PER_NODE)
    throw conflict(`The action node ${node.key} has ${MAX_INPUTS_PER_NODE} inputs, the most it may have`);
  const record: db.NodeInputRecord = {
    enterpriseId,
    nodeId: node.nodeId,
    name: form.name,
    ...inputFields(form.name, form),
    ...firstVersion(),
  };
  await onConditionFailed(db.createCatalogueItem('input', record), {
    input: () => conflict(`The action node ${node.key} has an input called ${form.name} already`),
  });
  return inputView(record);
}

export async function updateInput(
  enterpriseId: string,
  id: string,
  form: NodeInputUpdateForm,
): Promise<NodeInput> {
  const record = await requireInput(enterpriseId, id);
  const { version } = form;
  const updated = await onConditionFailed(
    db.updateCatalogueItem('input', record, version, {
      ...inputFields(record.name, form),
      updatedAt: nowIso(),
    }),
    answering('The node input'),
  );
  return inputView(updated);
}

export async function deleteInput(enterpriseId: string, id: string): Promise<void> {
  const record = await requireInput(enterpriseId, id);
  const node = await requireActionNode(enterpriseId, record.nodeId);
  const others = (await db.listNodeInputs(enterpriseId, record.nodeId)).filter((i) => i.name !== record.name);
  if (
    undeclaredPlaceholders(
      node.commandTemplate,
      others.map((i) => i.name),
    ).includes(record.name)
  )
    throw conflict(`The command template of ${node.key} uses {{ inputs.${record.name} }}; change it first`);
  await onConditionFailed(db.transactCatalogue(db.catalogueDeleteOps('input', record)), {
    input: () => staleVersion('The node input'),
  });
}

// ---- templates ----------------------------------------------------------------------------------

export async function listTemplates(enterpriseId: string): Promise<PipelineTemplate[]> {
  await ensureCatalogue(enterpriseId);
  return (await db.listCatalogue(enterpriseId, 'template')).sort(bySort).map(templateView);
}

export async function getTemplateView(enterpriseId: string, id: string): Promise<PipelineTemplate> {
  return templateView(await requireTemplate(enterpriseId, id));
}

export async function createTemplate(
  enterpriseId: string,
  form: TemplateCreateForm,
  checkYaml: (yaml: string) => Promise<unknown>,
): Promise<PipelineTemplate> {
  await ensureCatalogue(enterpriseId);
  await checkYaml(form.yaml);
  const record: db.TemplateRecord = { templateId: newId(), ...newDescribed(enterpriseId, form) };
  await db.createCatalogueItem('template', record);
  return templateView(record);
}

export async function updateTemplate(
  enterpriseId: string,
  id: string,
  form: TemplateUpdateForm,
  checkYaml: (yaml: string) => Promise<unknown>,
): Promise<PipelineTemplate> {
  const record = await requireTemplate(enterpriseId, id);
  await checkYaml(form.yaml);
  const updated = await onConditionFailed(
    db.updateCatalogueItem('template', record, form.version, describedEdit(form)),
    answering('The template'),
  );
  return templateView(updated);
}

export async function deleteTemplate(enterpriseId: string, id: string): Promise<void> {
  const record = await requireTemplate(enterpriseId, id);
  await onConditionFailed(db.transactCatalogue(db.catalogueDeleteOps('template', record)), {
    template: () => staleVersion('The template'),
  });
}
