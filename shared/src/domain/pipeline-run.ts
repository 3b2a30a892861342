/**
 * A pipeline's runs: the states a run, a job and a step go through, the check of a run's
 * parameters against the definition, and which branches a push trigger matches. Web and server
 * share these rules (docs/pipelines.md "Runs").
 */
import type { InputValue } from './pipeline-catalogue';
import {
  type PipelineDefinition,
  type PipelineParameter,
  parameterAsInput,
  valueProblem,
} from './pipeline-definition';
import type { JobState } from './pipeline-states';

// Apart, without zod: the runs page's address (the first script) reads them.
export { JOB_STATES, type JobState, RUN_STATES, type RunState } from './pipeline-states';

export const FINISHED_STATES: readonly JobState[] = ['succeeded', 'failed', 'stopped', 'skipped'];
export const isFinished = (state: JobState) => FINISHED_STATES.includes(state);

export const RUN_TRIGGERS = ['manual', 'push', 'cron', 'rerun'] as const;
export type RunTrigger = (typeof RUN_TRIGGERS)[number];

/** At most this many runs of one pipeline wait behind the running one (the issue's default). */
export const MAX_QUEUED_RUNS = 5;

export interface ParameterProblem {
  field: string;
  message: string;
}

/**
 * The run's parameter values: each declared parameter from `given`, else its default. Unknown
 * names, missing required values and values of the wrong type are problems naming
 * `parameters.NAME`. A number or boolean may come as text (`"3"`, `"true"`), as a form sends it.
 */
export function checkRunParameters(
  definition: Pick<PipelineDefinition, 'parameters'>,
  given: Readonly<Record<string, InputValue>>,
): { values: Record<string, InputValue>; problems: ParameterProblem[] } {
  const declared = new Map(definition.parameters.map((p) => [p.name, p]));
  const problems: ParameterProblem[] = Object.keys(given)
    .filter((name) => !declared.has(name))
    .map((name) => ({ field: `parameters.${name}`, message: `the pipeline has no parameter ${name}` }));
  const values: Record<string, InputValue> = {};
  for (const parameter of definition.parameters) {
    const raw = given[parameter.name] ?? parameter.default;
    if (raw === undefined) {
      problems.push({ field: `parameters.${parameter.name}`, message: `${parameter.name} is required` });
      continue;
    }
    const value = coerce(parameter, raw);
    const problem = valueProblem(parameterAsInput(parameter), value);
    if (problem) problems.push({ field: `parameters.${parameter.name}`, message: problem });
    else values[parameter.name] = value;
  }
  return { values, problems };
}

function coerce(parameter: PipelineParameter, value: InputValue): InputValue {
  if (typeof value !== 'string') return value;
  if (parameter.type === 'number' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  if (parameter.type === 'boolean' && (value === 'true' || value === 'false')) return value === 'true';
  return value;
}

/**
 * Whether `branch` matches a trigger's pattern: `*` stands for any characters but `/`, `**` for
 * any characters, `?` for one character but `/`; everything else is itself (`release/*`).
 */
export function branchMatches(pattern: string, branch: string): boolean {
  let source = '';
  for (let i = 0; i < pattern.length; i += 1) {
    const char = pattern[i] ?? '';
    if (char === '*' && pattern[i + 1] === '*') {
      source += '.*';
      i += 1;
    } else if (char === '*') source += '[^/]*';
    else if (char === '?') source += '[^/]';
    else source += char.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`).test(branch);
}

/** `refs/heads/main` → `main`; null for tags and other refs. */
export function branchOfRef(ref: string): string | null {
  return ref.startsWith('refs/heads/') ? ref.slice('refs/heads/'.length) : null;
}
