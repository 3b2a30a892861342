/**
 * A pipeline definition as a graph, for the visual editor (docs/pipelines.md "Editor"): a start
 * node, the stages in order (the columns), their jobs, each job's steps (action nodes with their
 * inputs), the `needs` edges between jobs of a stage, and an end node.
 *
 * The YAML text stays the one source of truth. `readGraph` derives the graph from it; every edit
 * (`addStage`, `addStep`, `moveStep`, `setInput`, ...) takes the text and returns the new text,
 * made with `yaml`'s Document API on the parsed document, so what the edit does not touch keeps
 * its field order, its quoting and flow style, and its comments where `yaml` keeps them. The
 * round trip YAML → graph → YAML (`printGraph`) loses nothing but comments.
 *
 * Unlike `checkDefinition`, reading a graph is lenient: a stage without jobs or a job without
 * steps is drawn (the editor's drop targets) and left for the definition's check to report.
 */
import {
  Document,
  isMap,
  isScalar,
  isSeq,
  LineCounter,
  type Node,
  parseDocument,
  type ToStringOptions,
  visit,
  type YAMLMap,
  YAMLSeq,
} from 'yaml';
import type { ActionNodeSpec, InputValue } from './pipeline-catalogue';
import { type DefinitionProblem, findCycle, pathText } from './pipeline-definition';

/** Where a stage, a job or a step is: indexes into `stages`, `jobs` and `steps`. */
export interface StageAddress {
  stage: number;
}
export interface JobAddress extends StageAddress {
  job: number;
}
export interface StepAddress extends JobAddress {
  step: number;
}
export type EntityAddress = StageAddress | JobAddress | StepAddress;

export interface StartNode {
  kind: 'start';
  key: 'start';
}
export interface EndNode {
  kind: 'end';
  key: 'end';
}
export interface StageNode {
  kind: 'stage';
  key: string;
  address: StageAddress;
  id: string;
  name: string | null;
  jobKeys: string[];
}
export interface JobNode {
  kind: 'job';
  key: string;
  address: JobAddress;
  id: string;
  name: string | null;
  needs: string[];
  stepKeys: string[];
}
export interface StepNode {
  kind: 'step';
  key: string;
  address: StepAddress;
  id: string;
  name: string | null;
  /** The action node's key. */
  uses: string;
  /** The inputs the step gives; the others take the node's defaults. */
  inputs: Record<string, InputValue>;
  timeoutMinutes: number | null;
}
export type GraphNode = StartNode | EndNode | StageNode | JobNode | StepNode;

/** `flow`: start → first stage → ... → end; `needs`: from the job needed to the job that needs it. */
export interface GraphEdge {
  kind: 'flow' | 'needs';
  source: string;
  target: string;
}

/** The definition's own data, in the document's field order (absent fields stay absent). */
export type DefinitionData = Record<string, unknown> & { stages?: unknown[] };

export interface PipelineGraph {
  definition: DefinitionData;
  nodes: GraphNode[];
  edges: GraphEdge[];
}

export type GraphRead = { ok: true; graph: PipelineGraph } | { ok: false; problems: DefinitionProblem[] };

/** How every edit and `printGraph` write YAML: no folding, `[a, b]` without padding. */
const PRINT: ToStringOptions = { lineWidth: 0, flowCollectionPadding: false };

/** A node's key from its address: `s0`, `s0.j1`, `s0.j1.t2` (stable while nothing moves). */
export function nodeKey(address: EntityAddress): string {
  let key = `s${address.stage}`;
  if ('job' in address) key += `.j${address.job}`;
  if ('step' in address) key += `.t${address.step}`;
  return key;
}

// ---- reading -------------------------------------------------------------------------------

/**
 * The graph of `text`, or the problems that keep it from being drawn (YAML that does not parse,
 * stages, jobs or steps that are not lists of maps), each with its line and field.
 */
export function readGraph(text: string): GraphRead {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const syntax = doc.errors[0];
  if (syntax)
    return problem(
      lineCounter.linePos(syntax.pos[0]).line,
      '',
      syntax.message.split('\n')[0] ?? 'invalid YAML',
    );
  const data = doc.toJS() as unknown;
  const shape = shapeProblem(data);
  if (shape) {
    const node = deepestNode(doc, shape.path);
    const line = node?.range ? lineCounter.linePos(node.range[0]).line : null;
    return problem(line, pathText(shape.path), shape.message);
  }
  return { ok: true, graph: graphFromDefinition(data as DefinitionData) };
}

function problem(line: number | null, field: string, message: string): GraphRead {
  return { ok: false, problems: [{ line, field, message }] };
}

type Path = (string | number)[];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** What keeps a document from being a graph: the first list or map of the wrong shape. */
function shapeProblem(data: unknown): { path: Path; message: string } | null {
  if (!isRecord(data))
    return { path: [], message: 'the definition must be a map of fields (name, stages, ...)' };
  const lists: [string, string][] = [
    ['stages', 'jobs'],
    ['jobs', 'steps'],
    ['steps', ''],
  ];
  const check = (
    owner: Record<string, unknown>,
    level: number,
    path: Path,
  ): { path: Path; message: string } | null => {
    const [field, child] = lists[level] ?? ['', ''];
    const value = owner[field];
    if (value === undefined || value === null) return null;
    if (!Array.isArray(value)) return { path: [...path, field], message: `${field} must be a list` };
    for (const [i, item] of value.entries()) {
      if (!isRecord(item)) return { path: [...path, field, i], message: `each of ${field} must be a map` };
      if (child) {
        const inner = check(item, level + 1, [...path, field, i]);
        if (inner) return inner;
      }
    }
    return null;
  };
  return check(data, 0, []);
}

function deepestNode(doc: Document, path: Path): Node | null {
  for (let n = path.length; n >= 0; n--) {
    const node = doc.getIn(path.slice(0, n), true);
    if (node && typeof node === 'object' && 'range' in (node as object)) return node as Node;
  }
  return null;
}

const text = (value: unknown): string | null =>
  value === undefined || value === null ? null : String(value);
const listOf = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value) ? value.filter(isRecord) : [];

/** The graph of a definition's data (what `readGraph` found, or a parsed definition). */
export function graphFromDefinition(definition: DefinitionData): PipelineGraph {
  const nodes: GraphNode[] = [{ kind: 'start', key: 'start' }];
  const edges: GraphEdge[] = [];
  const stages = listOf(definition.stages);
  let previous = 'start';
  stages.forEach((stage, si) => {
    const stageKey = nodeKey({ stage: si });
    const jobs = listOf(stage.jobs);
    const stageNode: StageNode = {
      kind: 'stage',
      key: stageKey,
      address: { stage: si },
      id: text(stage.id) ?? '',
      name: text(stage.name),
      jobKeys: jobs.map((_, ji) => nodeKey({ stage: si, job: ji })),
    };
    nodes.push(stageNode);
    edges.push({ kind: 'flow', source: previous, target: stageKey });
    previous = stageKey;
    const jobKeyById = new Map(jobs.map((job, ji) => [text(job.id) ?? '', nodeKey({ stage: si, job: ji })]));
    jobs.forEach((job, ji) => {
      const address = { stage: si, job: ji };
      const steps = listOf(job.steps);
      const needs = Array.isArray(job.needs) ? job.needs.map((n) => String(n)) : [];
      nodes.push({
        kind: 'job',
        key: nodeKey(address),
        address,
        id: text(job.id) ?? '',
        name: text(job.name),
        needs,
        stepKeys: steps.map((_, ti) => nodeKey({ ...address, step: ti })),
      });
      for (const need of needs) {
        const source = jobKeyById.get(need);
        if (source) edges.push({ kind: 'needs', source, target: nodeKey(address) });
      }
      steps.forEach((step, ti) => {
        nodes.push(stepNode(step, { ...address, step: ti }));
      });
    });
  });
  edges.push({ kind: 'flow', source: previous, target: 'end' });
  nodes.push({ kind: 'end', key: 'end' });
  return { definition, nodes, edges };
}

function stepNode(step: Record<string, unknown>, address: StepAddress): StepNode {
  const inputs: Record<string, InputValue> = {};
  if (isRecord(step.with)) {
    for (const [name, value] of Object.entries(step.with)) {
      if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
        inputs[name] = value;
    }
  }
  return {
    kind: 'step',
    key: nodeKey(address),
    address,
    id: text(step.id) ?? '',
    name: text(step.name),
    uses: text(step.uses) ?? '',
    inputs,
    timeoutMinutes: typeof step.timeoutMinutes === 'number' ? step.timeoutMinutes : null,
  };
}

/** The graph's definition as YAML: scalar lists in flow style (`[main]`), nothing folded. */
export function printGraph(graph: PipelineGraph): string {
  const doc = new Document(graph.definition);
  visit(doc, {
    Seq(_, seq) {
      if (seq.items.length > 0 && seq.items.every((item) => isScalar(item))) seq.flow = true;
    },
  });
  return doc.toString(PRINT);
}

// ---- checks --------------------------------------------------------------------------------

/** A problem of the graph, on the node it concerns (the editor marks that node). */
export interface GraphProblem {
  key: string;
  message: string;
}

/**
 * What the graph itself gets wrong, each on its node: a cycle in `needs`, a need that names no
 * job of the stage, a step whose action node does not exist (checked when `actionNodes` is given).
 */
export function checkGraph(
  graph: PipelineGraph,
  actionNodes?: readonly Pick<ActionNodeSpec, 'key'>[],
): GraphProblem[] {
  const problems: GraphProblem[] = [];
  const jobs = graph.nodes.filter((n): n is JobNode => n.kind === 'job');
  for (const stage of graph.nodes.filter((n): n is StageNode => n.kind === 'stage')) {
    const stageJobs = jobs.filter((j) => j.address.stage === stage.address.stage);
    const ids = new Set(stageJobs.map((j) => j.id));
    for (const job of stageJobs) {
      for (const need of job.needs) {
        if (need === job.id) problems.push({ key: job.key, message: `job ${job.id} needs itself` });
        else if (!ids.has(need))
          problems.push({
            key: job.key,
            message: `job ${job.id} needs ${need}, which is not a job of stage ${stage.id}`,
          });
      }
    }
    const cycle = findCycle(stageJobs.map((j) => ({ id: j.id, needs: j.needs.filter((n) => ids.has(n)) })));
    if (cycle) {
      const first = stageJobs.find((j) => j.id === cycle[0]);
      problems.push({
        key: first?.key ?? stage.key,
        message: `jobs need each other in a cycle: ${cycle.join(' → ')}`,
      });
    }
  }
  if (actionNodes) {
    const known = new Set(actionNodes.map((n) => n.key));
    for (const step of graph.nodes.filter((n): n is StepNode => n.kind === 'step')) {
      if (!known.has(step.uses))
        problems.push({
          key: step.key,
          message: `step ${step.id} uses ${step.uses || 'nothing'}, which is no action node`,
        });
    }
  }
  return problems;
}

// ---- edits ---------------------------------------------------------------------------------

/** An edit that cannot be made on this text (it does not parse, or the address is not there). */
export class GraphEditError extends Error {
  override name = 'GraphEditError';
}

/** Parses `text`, lets `change` edit the document, and prints it. */
function edit(source: string, change: (doc: Document) => void): string {
  const parsed = parseDocument(source, { uniqueKeys: true });
  if (parsed.errors.length > 0) throw new GraphEditError('the YAML does not parse: fix it in the code first');
  // An empty text (comments at most) starts a new map.
  const doc: Document = parsed.contents === null ? new Document({}) : parsed;
  if (!isMap(doc.contents)) throw new GraphEditError('the definition must be a map of fields');
  change(doc);
  return doc.toString(PRINT);
}

/** The list at `path`, made (empty) when the field is absent. */
function seqAt(doc: Document, path: Path): YAMLSeq {
  const node = doc.getIn(path, true);
  if (isSeq(node)) return node;
  if (node !== undefined && node !== null && !(isScalar(node) && node.value === null))
    throw new GraphEditError(`${pathText(path)} must be a list`);
  const seq = new YAMLSeq();
  doc.setIn(path, seq);
  return seq;
}

function mapAt(doc: Document, path: Path): YAMLMap {
  const node = doc.getIn(path, true);
  if (!isMap(node)) throw new GraphEditError(`nothing is at ${pathText(path)}`);
  return node;
}

const stagePath = (a: StageAddress): Path => ['stages', a.stage];
const jobPath = (a: JobAddress): Path => [...stagePath(a), 'jobs', a.job];
const stepPath = (a: StepAddress): Path => [...jobPath(a), 'steps', a.step];

/** `base` when it is free (and `from` is not given), else `base-N` for the first free N from `from`. */
function freeId(base: string, taken: ReadonlySet<string>, from?: number): string {
  if (from === undefined && !taken.has(base)) return base;
  for (let n = Math.max(from ?? 2, 1); ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

function idsOf(doc: Document, path: Path): Set<string> {
  const node = doc.getIn(path);
  const ids = new Set<string>();
  if (isSeq(node)) for (const item of node.items) if (isMap(item)) ids.add(String(item.get('id') ?? ''));
  return ids;
}

function allJobIds(doc: Document): Set<string> {
  const ids = new Set<string>();
  const stages = doc.getIn(['stages']);
  if (isSeq(stages))
    stages.items.forEach((_, si) => {
      for (const id of idsOf(doc, ['stages', si, 'jobs'])) ids.add(id);
    });
  return ids;
}

/** A new step using `node`: its id is the node's key (made unique in the job), no inputs yet. */
function newStep(node: Pick<ActionNodeSpec, 'key'>, taken: ReadonlySet<string>) {
  return { id: freeId(node.key, taken), uses: node.key };
}

function newJob(doc: Document, step?: Pick<ActionNodeSpec, 'key'>) {
  const taken = allJobIds(doc);
  const id = freeId('job', taken, taken.size + 1);
  return { id, name: `Job ${id.slice(4)}`, steps: step ? [newStep(step, new Set())] : [] };
}

export interface AddOptions {
  /** Where in its list the new entity goes (the end when left out). */
  at?: number;
  /** A first step using this action node (a stage gets a job holding it). */
  step?: Pick<ActionNodeSpec, 'key'>;
}

function insert(seq: YAMLSeq, node: unknown, at: number | undefined) {
  const index = at === undefined ? seq.items.length : Math.max(0, Math.min(at, seq.items.length));
  seq.items.splice(index, 0, node);
  return index;
}

/** Adds a stage (`stage-N`, "Stage N"), with a job holding a first step when `options.step` says. */
export function addStage(source: string, options: AddOptions = {}): string {
  return edit(source, (doc) => {
    const stages = seqAt(doc, ['stages']);
    const id = freeId('stage', idsOf(doc, ['stages']), stages.items.length + 1);
    const jobs = options.step ? [newJob(doc, options.step)] : [];
    insert(stages, doc.createNode({ id, name: `Stage ${id.slice(6)}`, jobs }), options.at);
  });
}

/** Adds a job (`job-N`, unique in the pipeline) to a stage, with a first step when `options.step` says. */
export function addJob(source: string, stage: StageAddress, options: AddOptions = {}): string {
  return edit(source, (doc) => {
    mapAt(doc, stagePath(stage));
    const job = newJob(doc, options.step);
    insert(seqAt(doc, [...stagePath(stage), 'jobs']), doc.createNode(job), options.at);
  });
}

/** Adds a step using `node` to a job; its id is the node's key, made unique in the job. */
export function addStep(
  source: string,
  job: JobAddress,
  node: Pick<ActionNodeSpec, 'key'>,
  at?: number,
): string {
  return edit(source, (doc) => {
    mapAt(doc, jobPath(job));
    const steps = seqAt(doc, [...jobPath(job), 'steps']);
    insert(steps, doc.createNode(newStep(node, idsOf(doc, [...jobPath(job), 'steps']))), at);
  });
}

/**
 * Moves a step to position `to.step` of another (or the same) job, keeping the step's node (and
 * its comments); its id is renamed when the target job already has one like it.
 */
export function moveStep(source: string, from: StepAddress, to: StepAddress): string {
  return edit(source, (doc) => {
    const step = mapAt(doc, stepPath(from));
    mapAt(doc, jobPath(to));
    const sourceSteps = seqAt(doc, [...jobPath(from), 'steps']);
    const sameJob = from.stage === to.stage && from.job === to.job;
    sourceSteps.items.splice(from.step, 1);
    const targetSteps = sameJob ? sourceSteps : seqAt(doc, [...jobPath(to), 'steps']);
    if (!sameJob) {
      const taken = idsOf(doc, [...jobPath(to), 'steps']);
      const id = String(step.get('id') ?? '');
      if (taken.has(id)) step.set('id', freeId(id, taken));
    }
    insert(targetSteps, step, to.step);
  });
}

/** Deletes a stage, a job (and the `needs` that named it) or a step. */
export function deleteEntity(source: string, address: EntityAddress): string {
  return edit(source, (doc) => {
    if ('step' in address) {
      mapAt(doc, stepPath(address));
      seqAt(doc, [...jobPath(address), 'steps']).items.splice(address.step, 1);
    } else if ('job' in address) {
      const id = String(mapAt(doc, jobPath(address)).get('id') ?? '');
      const jobs = seqAt(doc, [...stagePath(address), 'jobs']);
      jobs.items.splice(address.job, 1);
      jobs.items.forEach((_, ji) => {
        removeNeed(doc, { stage: address.stage, job: ji }, id);
      });
    } else {
      mapAt(doc, stagePath(address));
      seqAt(doc, ['stages']).items.splice(address.stage, 1);
    }
  });
}

function removeNeed(doc: Document, job: JobAddress, id: string) {
  const needs = doc.getIn([...jobPath(job), 'needs'], true);
  if (!isSeq(needs)) return;
  needs.items = needs.items.filter((item) => !(isScalar(item) && String(item.value) === id));
  if (needs.items.length === 0) mapAt(doc, jobPath(job)).delete('needs');
}

/** Sets a step's input (`with.<name>`); `undefined` removes it (the node's default applies). */
export function setInput(
  source: string,
  step: StepAddress,
  name: string,
  value: InputValue | undefined,
): string {
  return edit(source, (doc) => {
    const map = mapAt(doc, stepPath(step));
    if (value !== undefined) {
      doc.setIn([...stepPath(step), 'with', name], value);
      return;
    }
    const given = map.get('with', true);
    if (!isMap(given)) return;
    given.delete(name);
    if (given.items.length === 0) map.delete('with');
  });
}

export type StageField = 'id' | 'name';
export type JobField = 'id' | 'name';
export type StepField = 'id' | 'name' | 'uses' | 'timeoutMinutes';

/**
 * Sets (or, with `undefined` or '', removes) a field of a stage, job or step. A job's new id is
 * written into the `needs` of its stage that named the old one, so the edge stays.
 */
export function setField(
  source: string,
  address: EntityAddress,
  field: StageField | JobField | StepField,
  value: string | number | undefined,
): string {
  return edit(source, (doc) => {
    const path =
      'step' in address ? stepPath(address) : 'job' in address ? jobPath(address) : stagePath(address);
    const map = mapAt(doc, path);
    const before = String(map.get(field) ?? '');
    if (value === undefined || value === '') map.delete(field);
    else map.set(field, value);
    if (field === 'id' && 'job' in address && !('step' in address) && value !== undefined)
      renameNeeds(doc, address.stage, before, String(value));
  });
}

function renameNeeds(doc: Document, stage: number, from: string, to: string) {
  const jobs = doc.getIn(['stages', stage, 'jobs']);
  if (!isSeq(jobs)) return;
  jobs.items.forEach((_, ji) => {
    const needs = doc.getIn(['stages', stage, 'jobs', ji, 'needs'], true);
    if (!isSeq(needs)) return;
    for (const item of needs.items) if (isScalar(item) && String(item.value) === from) item.value = to;
  });
}

/** Sets the jobs a job needs (an empty list removes `needs`). */
export function setNeeds(source: string, job: JobAddress, needs: readonly string[]): string {
  return edit(source, (doc) => {
    const map = mapAt(doc, jobPath(job));
    if (needs.length === 0) {
      map.delete('needs');
      return;
    }
    const seq = doc.createNode([...needs]) as YAMLSeq;
    seq.flow = true;
    map.set('needs', seq);
  });
}
