import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { SEED_ACTION_NODES, SEED_TEMPLATES } from './pipeline-catalogue';
import { type PipelineDefinition, PipelineDefinitionSchema } from './pipeline-definition';
import {
  addJob,
  addStage,
  addStep,
  checkGraph,
  deleteEntity,
  GraphEditError,
  graphFromDefinition,
  moveStep,
  type PipelineGraph,
  printGraph,
  readGraph,
  setField,
  setInput,
  setNeeds,
} from './pipeline-graph';

const graphOf = (text: string): PipelineGraph => {
  const read = readGraph(text);
  if (!read.ok) throw new Error(`expected a graph: ${JSON.stringify(read.problems)}`);
  return read.graph;
};
const keysOf = (graph: PipelineGraph) => graph.nodes.map((n) => n.key);
/** The document's data as it is (an edit may leave a stage without jobs for the check to report). */
const definitionOf = (text: string) => parse(text) as PipelineDefinition;

const TWO_JOBS = `name: P # the pipeline
stages:
  - id: build
    jobs:
      - id: compile
        steps:
          - id: make
            uses: shell-script
            with: {script: make}
      - id: test
        needs: [compile]
        steps:
          - id: test
            uses: npm-script # runs npm test
`;

describe('readGraph', () => {
  it.each(SEED_TEMPLATES.map((t) => [t.name, t.yaml]))('prints the template %s back exactly', (_, yaml) => {
    expect(printGraph(graphOf(yaml))).toBe(yaml);
  });

  it('has start, the stages with their jobs and steps, end, and the flow and needs edges', () => {
    const graph = graphOf(TWO_JOBS);
    expect(keysOf(graph)).toEqual(['start', 's0', 's0.j0', 's0.j0.t0', 's0.j1', 's0.j1.t0', 'end']);
    expect(graph.edges).toEqual([
      { kind: 'flow', source: 'start', target: 's0' },
      { kind: 'needs', source: 's0.j0', target: 's0.j1' },
      { kind: 'flow', source: 's0', target: 'end' },
    ]);
    expect(graph.nodes[3]).toMatchObject({
      kind: 'step',
      id: 'make',
      uses: 'shell-script',
      inputs: { script: 'make' },
    });
  });

  it('draws a stage without jobs and a job without steps (the check reports them later)', () => {
    const graph = graphOf('name: P\nstages:\n  - id: a\n  - id: b\n    jobs:\n      - id: j\n');
    expect(keysOf(graph)).toEqual(['start', 's0', 's1', 's1.j0', 'end']);
  });

  it('names the line of YAML that does not parse', () => {
    expect(readGraph('name: P\nstages:\n  - id: [open\n')).toMatchObject({
      ok: false,
      problems: [{ line: expect.any(Number), field: '' }],
    });
  });

  it('names the line and field of a list that is not one', () => {
    expect(readGraph('name: P\nstages:\n  - id: a\n    jobs: 3\n')).toEqual({
      ok: false,
      problems: [{ line: 4, field: 'stages[0].jobs', message: 'jobs must be a list' }],
    });
    expect(readGraph('- a\n')).toMatchObject({ ok: false, problems: [{ field: '' }] });
  });
});

describe('checkGraph', () => {
  const nodes = SEED_ACTION_NODES;

  it('accepts the templates', () => {
    for (const t of SEED_TEMPLATES) expect(checkGraph(graphOf(t.yaml), nodes)).toEqual([]);
  });

  it('names the job of a cycle and of a dangling need, and the step of an unknown node', () => {
    const text = `name: P
stages:
  - id: s
    jobs:
      - id: a
        needs: [b]
        steps: [{ id: x, uses: echo }]
      - id: b
        needs: [a, ghost]
        steps: [{ id: y, uses: npm-tset }]
`;
    expect(checkGraph(graphOf(text), nodes)).toEqual([
      { key: 's0.j1', message: 'job b needs ghost, which is not a job of stage s' },
      { key: 's0.j0', message: 'jobs need each other in a cycle: a → b → a' },
      { key: 's0.j1.t0', message: 'step y uses npm-tset, which is no action node' },
    ]);
  });
});

describe('edits', () => {
  it('adds a stage holding a job with a first step, and then a job and a step', () => {
    let text = addStage(TWO_JOBS, { step: { key: 'shell-script' } });
    text = addJob(text, { stage: 1 });
    text = addStep(text, { stage: 1, job: 1 }, { key: 'echo' });
    text = addStep(text, { stage: 1, job: 1 }, { key: 'echo' });
    const stage = definitionOf(text).stages[1];
    expect(stage).toEqual({
      id: 'stage-2',
      name: 'Stage 2',
      jobs: [
        { id: 'job-3', name: 'Job 3', steps: [{ id: 'shell-script', uses: 'shell-script' }] },
        {
          id: 'job-4',
          name: 'Job 4',
          steps: [
            { id: 'echo', uses: 'echo' },
            { id: 'echo-2', uses: 'echo' },
          ],
        },
      ],
    });
    // What the edits did not touch is as it was, comments and flow style included.
    expect(text.startsWith(TWO_JOBS)).toBe(true);
  });

  it('starts an empty document', () => {
    const text = addStage('', { step: { key: 'git-info' } });
    expect(text).toBe(
      'stages:\n  - id: stage-1\n    name: Stage 1\n    jobs:\n      - id: job-1\n        name: Job 1\n        steps:\n          - id: git-info\n            uses: git-info\n',
    );
  });

  it('moves a step to another job, renaming it when the id is taken there, and back', () => {
    const moved = moveStep(TWO_JOBS, { stage: 0, job: 1, step: 0 }, { stage: 0, job: 0, step: 0 });
    const compile = definitionOf(moved).stages[0]?.jobs[0];
    expect(compile?.steps.map((s) => s.id)).toEqual(['test', 'make']);
    const renamed = moveStep(
      addStep(TWO_JOBS, { stage: 0, job: 1 }, { key: 'echo' }),
      { stage: 0, job: 0, step: 0 },
      { stage: 0, job: 1, step: 2 },
    );
    expect(renamed).toContain('          - id: make\n');
    const there = moveStep(
      renamed.replace('id: make', 'id: test'),
      { stage: 0, job: 1, step: 2 },
      { stage: 0, job: 0, step: 0 },
    );
    expect(definitionOf(there).stages[0]?.jobs[0]?.steps.map((s) => s.id)).toEqual(['test']);
    expect(moveStep(TWO_JOBS, { stage: 0, job: 1, step: 0 }, { stage: 0, job: 1, step: 0 })).toBe(TWO_JOBS);
  });

  it('deletes a job with the needs that named it, and a step and a stage', () => {
    const text = deleteEntity(TWO_JOBS, { stage: 0, job: 0 });
    expect(definitionOf(text).stages[0]?.jobs).toEqual([
      { id: 'test', steps: [{ id: 'test', uses: 'npm-script' }] },
    ]);
    expect(deleteEntity(TWO_JOBS, { stage: 0, job: 1, step: 0 })).not.toContain('npm-script');
    expect(deleteEntity(TWO_JOBS, { stage: 0 })).toBe('name: P # the pipeline\nstages: []\n');
  });

  it('sets and removes an input, keeping the flow map it was in', () => {
    const step = { stage: 0, job: 0, step: 0 };
    const set = setInput(TWO_JOBS, step, 'script', 'make all');
    expect(set).toContain('with: {script: make all}');
    expect(setInput(set, step, 'script', 'make')).toBe(TWO_JOBS);
    expect(setInput(TWO_JOBS, step, 'script', undefined)).not.toContain('with');
    const number = setInput(TWO_JOBS, { stage: 0, job: 1, step: 0 }, 'retries', 3);
    expect(number).toContain(
      '            uses: npm-script # runs npm test\n            with:\n              retries: 3\n',
    );
  });

  it('renames a job in the needs that name it, and sets and clears fields and needs', () => {
    const renamed = setField(TWO_JOBS, { stage: 0, job: 0 }, 'id', 'compile-all');
    expect(renamed).toContain('needs: [compile-all]');
    expect(setField(renamed, { stage: 0, job: 0 }, 'id', 'compile')).toBe(TWO_JOBS);
    const named = setField(TWO_JOBS, { stage: 0 }, 'name', 'Build');
    expect(named).toContain('  - id: build\n    jobs:');
    expect(named).toContain('    name: Build\n');
    expect(setField(named, { stage: 0 }, 'name', '')).toBe(TWO_JOBS);
    expect(setNeeds(TWO_JOBS, { stage: 0, job: 1 }, [])).not.toContain('needs');
    expect(setNeeds(TWO_JOBS, { stage: 0, job: 1 }, ['compile'])).toBe(TWO_JOBS);
  });

  it('refuses to edit YAML that does not parse, or an address that is not there', () => {
    expect(() => addStage('name: [')).toThrow(GraphEditError);
    expect(() => addStep(TWO_JOBS, { stage: 3, job: 0 }, { key: 'echo' })).toThrow(
      'nothing is at stages[3].jobs[0]',
    );
  });
});

// ---- the round trip over generated definitions ------------------------------------------------

const idArb = fc.stringMatching(/^[a-z][a-z0-9_-]{0,8}$/);
/** Strings a YAML printer gets wrong when careless: look-alikes of other types, markers, lines. */
const trickyText = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.constantFrom(
    'true',
    'no',
    '123',
    '1e3',
    'null',
    '~',
    '- a',
    'a: b',
    '#x',
    '{{ params.X }}',
    "it's",
    '"q"',
  ),
  fc.constantFrom('two\nlines', 'trailing\n', ' lead', 'tab\there', '  indented\n  block\n'),
);
const nameArb = trickyText.filter((s) => s.length > 0 && s.length <= 100 && s.trim() === s);
const scalarArb = fc.oneof(
  trickyText,
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
);
const uniqueById = <T extends { id: string }>(item: fc.Arbitrary<T>, max: number) =>
  fc.uniqueArray(item, { minLength: 1, maxLength: max, selector: (x) => x.id });

const stepArb = fc.record(
  {
    id: idArb,
    name: nameArb,
    uses: fc.constantFrom(...SEED_ACTION_NODES.map((n) => n.key)),
    with: fc.dictionary(fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,6}$/), scalarArb, { maxKeys: 3 }),
    timeoutMinutes: fc.integer({ min: 1, max: 360 }),
  },
  { requiredKeys: ['id', 'uses'] },
);
const jobArb = fc.record(
  {
    id: idArb,
    name: nameArb,
    needs: fc.array(idArb, { maxLength: 2 }),
    steps: uniqueById(stepArb, 3),
  },
  { requiredKeys: ['id', 'steps'] },
);
const stageArb = fc.record(
  { id: idArb, name: nameArb, jobs: uniqueById(jobArb, 3) },
  { requiredKeys: ['id', 'jobs'] },
);
const parameterArb = fc.record(
  {
    name: fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,8}$/),
    type: fc.constantFrom('string', 'number', 'boolean', 'select'),
    default: scalarArb,
    options: fc.array(trickyText, { maxLength: 3 }),
    description: trickyText,
  },
  { requiredKeys: ['name', 'type'] },
);
const definitionArb: fc.Arbitrary<PipelineDefinition> = fc.record(
  {
    name: nameArb,
    description: trickyText,
    trigger: fc.record(
      {
        manual: fc.boolean(),
        push: fc.record({
          branches: fc.array(
            nameArb.filter((s) => s.length <= 200),
            { minLength: 1, maxLength: 3 },
          ),
        }),
        cron: fc.constantFrom('0 2 * * 1-5', '*/15 * * * *', '5 4 1,15 * *'),
      },
      { requiredKeys: ['manual'] },
    ),
    parameters: fc.array(parameterArb, { maxLength: 3 }),
    stages: uniqueById(stageArb, 3),
  },
  { requiredKeys: ['name', 'trigger', 'parameters', 'stages'] },
) as fc.Arbitrary<PipelineDefinition>;

describe('the round trip', () => {
  it('parse(print(graph(definition))) is the definition', () => {
    fc.assert(
      fc.property(definitionArb, (definition) => {
        const text = printGraph(graphFromDefinition(definition));
        expect(PipelineDefinitionSchema.parse(parse(text))).toEqual(definition);
        expect(printGraph(graphOf(text))).toBe(text);
      }),
      { numRuns: 50 },
    );
  }, 30_000);
});
