import { describe, expect, it } from 'vitest';
import { type ActionNodeSpec, SEED_ACTION_NODES, SEED_TEMPLATES } from './pipeline-catalogue';
import { checkDefinition, describeProblem, findCycle, renderCommand } from './pipeline-definition';

const NODES: ActionNodeSpec[] = SEED_ACTION_NODES.map((n) => ({
  ...n,
  inputs: n.inputs.map((i) => ({ ...i, options: i.options ?? [], pattern: i.pattern ?? null })),
}));

const problemsOf = async (text: string) => {
  const result = await checkDefinition(text, NODES);
  if (result.ok) throw new Error('expected problems');
  return result.problems.map(describeProblem);
};

const oneJob = (steps: string, extra = '') => `name: P
${extra}stages:
  - id: build
    jobs:
      - id: job
        steps:
${steps}`;

describe('checkDefinition', async () => {
  it.each(SEED_TEMPLATES.map((t) => [t.name, t.yaml]))('accepts the template %s', async (_, yaml) => {
    expect(await checkDefinition(yaml, NODES)).toMatchObject({ ok: true });
  });

  it('fills the defaults: a manual trigger and no parameters', async () => {
    const result = await checkDefinition(oneJob('          - id: s\n            uses: git-info\n'), NODES);
    expect(result).toMatchObject({ ok: true, definition: { trigger: { manual: true }, parameters: [] } });
  });

  it('names the line of a YAML syntax error', async () => {
    expect(await problemsOf('name: P\nstages:\n  - id: [unclosed\n')).toEqual([
      expect.stringMatching(/^line [34], document: /),
    ]);
  });

  it('names the line and field of a schema error', async () => {
    const text = oneJob('          - id: s\n            uses: git-info\n            colour: red\n');
    expect(await problemsOf(text)).toEqual([
      'line 9, stages[0].jobs[0].steps[0].colour: unknown field colour',
    ]);
  });

  it('refuses an unknown action node, an unknown input and a value of the wrong type', async () => {
    const text = oneJob(
      [
        '          - id: a',
        '            uses: npm-tset',
        '          - id: b',
        '            uses: wait',
        '            with:',
        '              seconds: soon',
        '              colour: red',
        '',
      ].join('\n'),
    );
    expect(await problemsOf(text)).toEqual([
      'line 8, stages[0].jobs[0].steps[0].uses: no action node is called npm-tset',
      'line 13, stages[0].jobs[0].steps[1].with.colour: wait has no input called colour',
      'line 12, stages[0].jobs[0].steps[1].with.seconds: seconds must be a number',
    ]);
  });

  it('refuses a missing required input and a value outside the pattern or options', async () => {
    const text = oneJob(
      [
        '          - id: a',
        '            uses: echo',
        '          - id: b',
        '            uses: npm-install',
        '            with: { command: yarn }',
        '          - id: c',
        '            uses: npm-script',
        '            with: { script: "test; rm -rf /" }',
        '',
      ].join('\n'),
    );
    expect(await problemsOf(text)).toEqual([
      'line 7, stages[0].jobs[0].steps[0].with: message is required by echo',
      'line 11, stages[0].jobs[0].steps[1].with.command: command must be one of ci, install',
      'line 14, stages[0].jobs[0].steps[2].with.script: script must match [A-Za-z0-9:._-]+',
    ]);
  });

  it('takes {{ params.X }} for any type, but only for a declared parameter', async () => {
    const steps =
      '          - id: a\n            uses: wait\n            with: { seconds: "{{ params.DELAY }}" }\n';
    expect(await problemsOf(oneJob(steps))).toEqual([
      'line 9, stages[0].jobs[0].steps[0].with.seconds: {{ params.DELAY }} names no parameter',
    ]);
    const declared = 'parameters:\n  - name: DELAY\n    type: number\n    default: 3\n';
    expect(await checkDefinition(oneJob(steps, declared), NODES)).toMatchObject({ ok: true });
  });

  it('refuses a cycle and a dangling need', async () => {
    const text = `name: P
stages:
  - id: s
    jobs:
      - id: a
        needs: [b]
        steps: [{ id: x, uses: git-info }]
      - id: b
        needs: [a]
        steps: [{ id: x, uses: git-info }]
      - id: c
        needs: [ghost]
        steps: [{ id: x, uses: git-info }]
`;
    expect(await problemsOf(text)).toEqual([
      'line 12, stages[0].jobs[2].needs[0]: needs ghost, which is not a job of stage s',
    ]);
    expect(await problemsOf(text.replace('[ghost]', '[a]'))).toEqual([
      'line 6, stages[0].jobs[0].needs: the jobs need each other in a cycle: a → b → a',
    ]);
  });

  it('refuses duplicate ids, a bad cron and a parameter default of the wrong type', async () => {
    const text = `name: P
trigger:
  cron: every day
parameters:
  - name: N
    type: number
    default: many
stages:
  - id: s
    jobs:
      - id: a
        steps: [{ id: x, uses: git-info }, { id: x, uses: git-info }]
`;
    expect(await problemsOf(text)).toEqual([
      'line 3, trigger.cron: cron must have five fields: minute hour day month weekday',
    ]);
    expect(await problemsOf(text.replace('every day', '0 2 * * 1-5'))).toEqual([
      'line 7, parameters[0].default: N must be a number',
      'line 12, stages[0].jobs[0].steps[1].id: another step in this job is called x',
    ]);
  });
});

describe('findCycle', async () => {
  it('finds none in a chain', async () => {
    expect(findCycle([{ id: 'a' }, { id: 'b', needs: ['a'] }, { id: 'c', needs: ['a', 'b'] }])).toBeNull();
  });
});

describe('renderCommand', async () => {
  it('puts in inputs, defaults and parameters', async () => {
    const ssh = NODES.find((n) => n.key === 'ssh-deploy')!;
    expect(renderCommand(ssh, { host: '{{ params.HOST }}', script: './deploy.sh' }, { HOST: 'box' })).toBe(
      "ssh -p 22 deploy@box './deploy.sh'",
    );
  });
});
