/**
 * A pipeline's definition: the YAML document (docs/pipelines.md "The definition"), parsed with
 * `yaml` (which keeps every node's place, so an error names its line), checked against the
 * schema below and then against the enterprise's action nodes: `uses` must name one, `with`
 * must give its inputs with the right types, `needs` must name jobs of the same stage without a
 * cycle, and `{{ params.X }}` must name a declared parameter. Web and server run the same check.
 * `yaml` is loaded on the first check: a function or page that never checks one does not carry it.
 */
import type { Node } from 'yaml';
import * as z from 'zod';
import type { ActionNodeSpec, InputValue, NodeInputSpec } from './pipeline-catalogue';

/** Stage, job and step ids, and what `needs` names. */
export const DEFINITION_ID_PATTERN = /^[a-z][a-z0-9_-]{0,47}$/;
export const PARAMETER_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]{0,47}$/;
export const PARAMETER_TYPES = ['string', 'number', 'boolean', 'select'] as const;
/** A definition longer than this is refused before it is parsed. */
export const MAX_DEFINITION_CHARS = 100_000;

const id = (what: string) =>
  z
    .string({ error: `${what} must be a string` })
    .regex(
      DEFINITION_ID_PATTERN,
      `${what} must be lower-case letters, digits, - and _, starting with a letter`,
    );

const scalar = z.union([z.string(), z.number(), z.boolean()]);

/** Five fields (minute hour day-of-month month day-of-week) of numbers, ranges, lists, steps and `*`. */
const CRON_FIELD = /^(\*|\d{1,2}(-\d{1,2})?)(\/\d{1,2})?(,(\*|\d{1,2}(-\d{1,2})?)(\/\d{1,2})?)*$/;
export function isCronExpression(value: string): boolean {
  const fields = value.trim().split(/\s+/);
  return fields.length === 5 && fields.every((f) => CRON_FIELD.test(f));
}

const TriggerSchema = z.strictObject({
  manual: z.boolean({ error: 'manual must be true or false' }).default(true),
  push: z
    .strictObject({
      branches: z
        .array(z.string().min(1).max(200), { error: 'branches must be a list of branch names or patterns' })
        .min(1, 'branches must name at least one branch'),
    })
    .optional(),
  cron: z
    .string({ error: 'cron must be a string' })
    .refine(isCronExpression, 'cron must have five fields: minute hour day month weekday')
    .optional(),
});

const ParameterSchema = z.strictObject({
  name: z
    .string({ error: 'name must be a string' })
    .regex(PARAMETER_NAME_PATTERN, 'name must be letters, digits and _, not starting with a digit'),
  type: z
    .enum(PARAMETER_TYPES, { error: `type must be one of ${PARAMETER_TYPES.join(', ')}` })
    .default('string'),
  default: scalar.optional(),
  options: z.array(z.string()).optional(),
  description: z.string().max(500).optional(),
});

const StepSchema = z.strictObject({
  id: id('id'),
  name: z.string().max(100).optional(),
  uses: z.string({ error: 'uses must name an action node' }).min(1, 'uses must name an action node'),
  with: z.record(z.string(), scalar, { error: 'with must map input names to values' }).optional(),
  timeoutMinutes: z.number().int().min(1).max(360).optional(),
});

const JobSchema = z.strictObject({
  id: id('id'),
  name: z.string().max(100).optional(),
  needs: z.array(z.string()).optional(),
  steps: z.array(StepSchema, { error: 'steps must be a list' }).min(1, 'a job needs at least one step'),
});

const StageSchema = z.strictObject({
  id: id('id'),
  name: z.string().max(100).optional(),
  jobs: z.array(JobSchema, { error: 'jobs must be a list' }).min(1, 'a stage needs at least one job'),
});

export const PipelineDefinitionSchema = z.strictObject({
  name: z.string({ error: 'name is required' }).trim().min(1, 'name is required').max(100),
  description: z.string().max(2000).optional(),
  trigger: TriggerSchema.default({ manual: true }),
  parameters: z.array(ParameterSchema, { error: 'parameters must be a list' }).default([]),
  stages: z
    .array(StageSchema, { error: 'stages must be a list' })
    .min(1, 'a pipeline needs at least one stage'),
});

export type PipelineDefinition = z.infer<typeof PipelineDefinitionSchema>;
export type PipelineStage = PipelineDefinition['stages'][number];
export type PipelineJob = PipelineStage['jobs'][number];
export type PipelineStep = PipelineJob['steps'][number];
export type PipelineParameter = PipelineDefinition['parameters'][number];

/** One problem of a definition: where (line, from 1; null when it has no place) and what. */
export interface DefinitionProblem {
  line: number | null;
  /** The path of the field, `stages[1].jobs[0].steps[2].with.port`; empty for the document. */
  field: string;
  message: string;
}

export type DefinitionResult =
  | { ok: true; definition: PipelineDefinition }
  | { ok: false; problems: DefinitionProblem[] };

/** `field: problem` with its line, as a 400 message says it. */
export function describeProblem(problem: DefinitionProblem): string {
  const where = problem.line === null ? '' : `line ${problem.line}, `;
  return `${where}${problem.field || 'document'}: ${problem.message}`;
}

type Path = (string | number)[];

export const pathText = (path: readonly PropertyKey[]) =>
  path
    .map((part, i) => (typeof part === 'number' ? `[${part}]` : `${i === 0 ? '' : '.'}${String(part)}`))
    .join('');

type YamlModule = typeof import('yaml');

/** Parses and checks `text` against the schema and the enterprise's action nodes. */
export async function checkDefinition(
  text: string,
  nodes: readonly ActionNodeSpec[],
): Promise<DefinitionResult> {
  if (text.length > MAX_DEFINITION_CHARS)
    return fail(null, '', `the definition must be at most ${MAX_DEFINITION_CHARS} characters`);
  const yaml = await import('yaml');
  const { LineCounter, parseDocument } = yaml;
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const lineOf = (offset: number) => lineCounter.linePos(offset).line;
  const syntax = doc.errors[0];
  if (syntax) return fail(lineOf(syntax.pos[0]), '', syntax.message.split('\n')[0] ?? 'invalid YAML');
  const parsed = PipelineDefinitionSchema.safeParse(doc.toJS());
  const placeOf = (path: Path) => lineOfPath(yaml, doc.contents, path, lineOf);
  if (!parsed.success) {
    return {
      ok: false,
      problems: parsed.error.issues.map((issue) => {
        const path = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
        // An unknown key is reported on itself, where the reader's eye should go.
        if (issue.code === 'unrecognized_keys') {
          const at = [...path, issue.keys[0] ?? ''];
          return {
            line: placeOf(at),
            field: pathText(at),
            message: `unknown field ${issue.keys.join(', ')}`,
          };
        }
        return { line: placeOf(path), field: pathText(path), message: issue.message };
      }),
    };
  }
  const problems = graphProblems(parsed.data, nodes).map((p) => ({ ...p, line: placeOf(p.path) }));
  if (problems.length > 0)
    return {
      ok: false,
      problems: problems.map(({ line, path, message }) => ({ line, field: pathText(path), message })),
    };
  return { ok: true, definition: parsed.data };
}

function fail(line: number | null, field: string, message: string): DefinitionResult {
  return { ok: false, problems: [{ line, field, message }] };
}

/** The line of the deepest node on `path` that exists (a missing key is reported at its parent). */
function lineOfPath(
  { isMap, isSeq }: YamlModule,
  root: unknown,
  path: Path,
  lineOf: (offset: number) => number,
): number | null {
  let node = root as Node | null | undefined;
  let found: Node | null = (node as Node | null) ?? null;
  for (const part of path) {
    if (isMap(node)) {
      const pair = node.items.find((item) => (item.key as { value?: unknown } | null)?.value === part);
      if (!pair) break;
      node = pair.value as Node | null;
      found = (pair.key as Node | null) ?? found;
    } else if (isSeq(node) && typeof part === 'number') {
      node = node.items[part] as Node | null;
      found = node ?? found;
    } else break;
  }
  const offset = found?.range?.[0];
  return offset === undefined ? null : lineOf(offset);
}

interface PathProblem {
  path: Path;
  message: string;
}

/** What the schema cannot see: names that must be unique, references, cycles and input types. */
function graphProblems(definition: PipelineDefinition, nodes: readonly ActionNodeSpec[]): PathProblem[] {
  const problems: PathProblem[] = [];
  const byKey = new Map(nodes.map((n) => [n.key, n]));
  const parameters = new Set(definition.parameters.map((p) => p.name));
  problems.push(...parameterProblems(definition.parameters));
  problems.push(
    ...duplicates(
      definition.stages.map((s, i) => [s.id, ['stages', i, 'id']] as const),
      'stage',
    ),
  );
  const jobIds = definition.stages.flatMap((s, si) =>
    s.jobs.map((j, ji) => [j.id, ['stages', si, 'jobs', ji, 'id']] as const),
  );
  problems.push(...duplicates(jobIds, 'job'));
  definition.stages.forEach((stage, si) => {
    problems.push(...needsProblems(stage, si));
    stage.jobs.forEach((job, ji) => {
      const base: Path = ['stages', si, 'jobs', ji];
      problems.push(
        ...duplicates(
          job.steps.map((s, i) => [s.id, [...base, 'steps', i, 'id']] as const),
          'step in this job',
        ),
      );
      job.steps.forEach((step, i) => {
        problems.push(...stepProblems(step, [...base, 'steps', i], byKey, parameters));
      });
    });
  });
  return problems;
}

function parameterProblems(parameters: readonly PipelineParameter[]): PathProblem[] {
  const problems = duplicates(
    parameters.map((p, i) => [p.name, ['parameters', i, 'name']] as const),
    'parameter',
  );
  parameters.forEach((parameter, i) => {
    const spec = parameterAsInput(parameter);
    if (parameter.type === 'select' && spec.options.length === 0)
      problems.push({ path: ['parameters', i, 'options'], message: 'a select parameter needs options' });
    if (parameter.default !== undefined) {
      const problem = valueProblem(spec, parameter.default);
      if (problem) problems.push({ path: ['parameters', i, 'default'], message: problem });
    }
  });
  return problems;
}

/** A parameter checked like a node input. */
export function parameterAsInput(parameter: PipelineParameter): NodeInputSpec {
  return {
    name: parameter.name,
    label: parameter.name,
    type: parameter.type,
    required: parameter.default === undefined,
    defaultValue: parameter.default ?? null,
    options: parameter.options ?? [],
    pattern: null,
  };
}

function duplicates(
  entries: readonly (readonly [string, readonly (string | number)[]])[],
  what: string,
): PathProblem[] {
  const seen = new Set<string>();
  const problems: PathProblem[] = [];
  for (const [name, path] of entries) {
    if (seen.has(name)) problems.push({ path: [...path], message: `another ${what} is called ${name}` });
    seen.add(name);
  }
  return problems;
}

/** `needs` names jobs of the same stage (earlier stages have finished anyway), with no cycle. */
function needsProblems(stage: PipelineStage, stageIndex: number): PathProblem[] {
  const problems: PathProblem[] = [];
  const ids = new Set(stage.jobs.map((j) => j.id));
  stage.jobs.forEach((job, ji) => {
    (job.needs ?? []).forEach((need, ni) => {
      if (!ids.has(need))
        problems.push({
          path: ['stages', stageIndex, 'jobs', ji, 'needs', ni],
          message: `needs ${need}, which is not a job of stage ${stage.id}`,
        });
      else if (need === job.id)
        problems.push({
          path: ['stages', stageIndex, 'jobs', ji, 'needs', ni],
          message: 'a job cannot need itself',
        });
    });
  });
  if (problems.length > 0) return problems;
  const cycle = findCycle(stage.jobs);
  if (cycle) {
    const ji = stage.jobs.findIndex((j) => j.id === cycle[0]);
    problems.push({
      path: ['stages', stageIndex, 'jobs', ji, 'needs'],
      message: `the jobs need each other in a cycle: ${cycle.join(' → ')}`,
    });
  }
  return problems;
}

/** A cycle among the jobs' `needs` (the ids along it, first repeated last), or null. */
export function findCycle(jobs: readonly Pick<PipelineJob, 'id' | 'needs'>[]): string[] | null {
  const needs = new Map(jobs.map((j) => [j.id, j.needs ?? []]));
  const state = new Map<string, 'visiting' | 'done'>();
  const trail: string[] = [];
  const visit = (jobId: string): string[] | null => {
    if (state.get(jobId) === 'done') return null;
    if (state.get(jobId) === 'visiting') return [...trail.slice(trail.indexOf(jobId)), jobId];
    state.set(jobId, 'visiting');
    trail.push(jobId);
    for (const next of needs.get(jobId) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    trail.pop();
    state.set(jobId, 'done');
    return null;
  };
  for (const job of jobs) {
    const cycle = visit(job.id);
    if (cycle) return cycle;
  }
  return null;
}

function stepProblems(
  step: PipelineStep,
  path: Path,
  nodes: ReadonlyMap<string, ActionNodeSpec>,
  parameters: ReadonlySet<string>,
): PathProblem[] {
  const node = nodes.get(step.uses);
  if (!node) return [{ path: [...path, 'uses'], message: `no action node is called ${step.uses}` }];
  const unfinished = undeclaredPlaceholders(
    node.commandTemplate,
    node.inputs.map((i) => i.name),
  );
  if (unfinished.length > 0)
    return [
      {
        path: [...path, 'uses'],
        message: `${node.key} is not finished: its command names inputs it lacks (${unfinished.join(', ')})`,
      },
    ];
  const problems: PathProblem[] = [];
  const given = step.with ?? {};
  const declared = new Set(node.inputs.map((i) => i.name));
  for (const name of Object.keys(given)) {
    if (!declared.has(name))
      problems.push({ path: [...path, 'with', name], message: `${node.key} has no input called ${name}` });
  }
  for (const input of node.inputs) {
    const value = given[input.name];
    const where = value === undefined ? [...path, 'with'] : [...path, 'with', input.name];
    if (value === undefined) {
      if (input.required && input.defaultValue === null)
        problems.push({ path: where, message: `${input.name} is required by ${node.key}` });
      continue;
    }
    const unknown = typeof value === 'string' ? unknownParameter(value, parameters) : null;
    if (unknown) problems.push({ path: where, message: `{{ params.${unknown} }} names no parameter` });
    else if (!(typeof value === 'string' && isParameterReference(value))) {
      const problem = valueProblem(input, value);
      if (problem) problems.push({ path: where, message: problem });
    }
  }
  return problems;
}

const PARAMETER_REFERENCE = /\{\{\s*params\.([A-Za-z0-9_]+)\s*\}\}/g;

/** A value that is only `{{ params.X }}`: its type is known once the run's parameters are. */
const isParameterReference = (value: string) => /^\{\{\s*params\.[A-Za-z0-9_]+\s*\}\}$/.test(value.trim());

function unknownParameter(value: string, parameters: ReadonlySet<string>): string | null {
  for (const match of value.matchAll(PARAMETER_REFERENCE)) {
    if (!parameters.has(match[1] ?? '')) return match[1] ?? '';
  }
  return null;
}

/** Why `value` does not fit `input` (its type, options and pattern), or null when it does. */
export function valueProblem(input: NodeInputSpec, value: InputValue): string | null {
  switch (input.type) {
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? null : `${input.name} must be a number`;
    case 'boolean':
      return typeof value === 'boolean' ? null : `${input.name} must be true or false`;
    case 'select':
      return typeof value === 'string' && input.options.includes(value)
        ? null
        : `${input.name} must be one of ${input.options.join(', ')}`;
    default: {
      if (typeof value !== 'string') return `${input.name} must be a string (quote it)`;
      if (input.pattern && !new RegExp(`^(?:${input.pattern})$`).test(value))
        return `${input.name} must match ${input.pattern}`;
      return null;
    }
  }
}

const PLACEHOLDER = /\{\{\s*(inputs|params)\.([A-Za-z0-9_]+)\s*\}\}/g;

/** The `inputs.*` names a command template uses that the node does not declare. */
export function undeclaredPlaceholders(template: string, inputNames: readonly string[]): string[] {
  const declared = new Set(inputNames);
  return [...template.matchAll(PLACEHOLDER)]
    .filter((m) => m[1] === 'inputs' && !declared.has(m[2] ?? ''))
    .map((m) => m[2] ?? '');
}

/**
 * A step's command: the node's template with its inputs (given, else defaults) and the run's
 * parameters put in. Values go in as written: a step is a script its author wrote, not input
 * from a stranger (docs/pipelines.md "No isolation").
 */
export function renderCommand(
  node: ActionNodeSpec,
  given: Readonly<Record<string, InputValue>>,
  params: Readonly<Record<string, InputValue>>,
): string {
  const withParams = (text: string) =>
    text.replace(PARAMETER_REFERENCE, (_, name: string) => String(params[name] ?? ''));
  const inputs = new Map(
    node.inputs.map((i) => [i.name, withParams(String(given[i.name] ?? i.defaultValue ?? ''))]),
  );
  return node.commandTemplate.replace(PLACEHOLDER, (_, kind: string, name: string) =>
    kind === 'inputs' ? (inputs.get(name) ?? '') : String(params[name] ?? ''),
  );
}
