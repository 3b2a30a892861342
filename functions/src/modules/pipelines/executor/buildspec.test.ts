import { execFileSync } from 'node:child_process';
import type { StartBuildCommandInput } from '@aws-sdk/client-codebuild';
import type { ActionNodeSpec } from '@shared/domain/pipeline-catalogue';
import type { PipelineJob } from '@shared/domain/pipeline-definition';
import { describe, expect, it } from 'vitest';
import { type BuildContext, jobBuild, jobWaves, shellQuote, stepCommand, stepOutcomes } from './buildspec';

const shell: ActionNodeSpec = {
  key: 'shell-script',
  commandTemplate: '{{ inputs.script }}',
  inputs: [
    {
      name: 'script',
      label: 'Script',
      type: 'text',
      required: true,
      defaultValue: null,
      options: [],
      pattern: null,
    },
  ],
} as unknown as ActionNodeSpec;
const nodes = new Map([[shell.key, shell]]);

const context: BuildContext = {
  jobRef: 'ent1/pipe1/7/test',
  pipelineId: 'pipe1',
  runNumber: 7,
  branch: 'main',
  commit: 'a'.repeat(40),
  repositoryUrl: 'https://git.example.com/team/app.git',
  gitAuthParameter: '/workspace/dev/pipeline-runs/ent1/pipe1/7',
  parameters: { NODE_ENV: 'test', RETRIES: 2 },
};

const job: PipelineJob = {
  id: 'test',
  name: 'Test',
  steps: [
    { id: 'install', uses: 'shell-script', with: { script: 'npm ci' } },
    {
      id: 'test',
      name: 'Run the tests',
      uses: 'shell-script',
      with: { script: "echo 'it''s {{ params.NODE_ENV }}'" },
      timeoutMinutes: 5,
    },
  ],
} as PipelineJob;

/** Runs a generated command line in bash, as CodeBuild's shell would, and answers its output and code. */
function bash(line: string): { out: string; code: number } {
  try {
    return { out: execFileSync('bash', ['-c', line], { encoding: 'utf8' }), code: 0 };
  } catch (error) {
    const e = error as { stdout: string; status: number };
    return { out: e.stdout, code: e.status };
  }
}

/** A build environment variable as StartBuild takes it, in plain text (no secret behind it). */
const plainVariable = (name: string, value: string) => ({ name, value, type: 'PLAINTEXT' });

describe('the build of a job', () => {
  const build = jobBuild(job, nodes, context);
  const spec = JSON.parse(build.buildspec);

  it('is a StartBuild override the SDK accepts: buildspec, environment and time-out', () => {
    const input: StartBuildCommandInput = {
      projectName: 'pipelines',
      buildspecOverride: build.buildspec,
      environmentVariablesOverride: build.environment,
      timeoutInMinutesOverride: build.timeoutInMinutes,
      sourceTypeOverride: 'NO_SOURCE',
    };
    expect(input.environmentVariablesOverride).toEqual(
      expect.arrayContaining([
        plainVariable('NODE_ENV', 'test'),
        plainVariable('RETRIES', '2'),
        plainVariable('PIPELINE_JOB_REF', 'ent1/pipe1/7/test'),
        plainVariable('PIPELINE_COMMIT', 'a'.repeat(40)),
      ]),
    );
    // The token is read by CodeBuild from Parameter Store, never written into the build.
    expect(spec.env['parameter-store']).toEqual({ PIPELINE_GIT_AUTH: context.gitAuthParameter });
    expect(build.buildspec).not.toContain('Authorization: Basic ey');
  });

  it('gives the build its steps’ time-outs (60 minutes when not given) and ten for the checkout', () => {
    expect(build.timeoutInMinutes).toBe(60 + 5 + 10);
    expect(
      jobBuild({ ...job, steps: job.steps.map((s) => ({ ...s, timeoutMinutes: 360 })) }, nodes, context)
        .timeoutInMinutes,
    ).toBe(730);
    const many = {
      ...job,
      steps: Array.from({ length: 8 }, (_, i) => ({ ...job.steps[0]!, id: `s${i}`, timeoutMinutes: 360 })),
    };
    expect(jobBuild(many, nodes, context).timeoutInMinutes).toBe(2160);
  });

  it('checks out the commit first, then runs each step in order, stopping at the first failure', () => {
    expect(spec.version).toBe(0.2);
    expect(spec.phases.pre_build['on-failure']).toBe('ABORT');
    expect(spec.phases.pre_build.commands.join('\n')).toMatch(
      /git fetch .*--depth=50 "\$PIPELINE_REPOSITORY_URL"/,
    );
    expect(spec.phases.pre_build.commands.join('\n')).toContain(
      'git checkout --quiet --detach "$PIPELINE_COMMIT"',
    );
    expect(spec.phases.pre_build.commands.at(-1)).toMatch(/^unset .*PIPELINE_GIT_AUTH/);
    expect(spec.phases.build['on-failure']).toBe('ABORT');
    expect(spec.phases.build.commands).toHaveLength(2);
    expect(spec.phases.build.commands[0]).toContain(`timeout -k 2 3600 sh -c 'npm ci'`);
    expect(spec.phases.build.commands[1]).toContain('timeout -k 2 300 sh -c');
  });

  it('renders inputs and parameters into the command, quoted for the shell as one word', () => {
    expect(spec.phases.build.commands[1]).toContain(shellQuote("echo 'it''s test'"));
    const { out, code } = bash(spec.phases.build.commands[1]);
    expect(code).toBe(0);
    expect(out).toBe("▶ Run the tests\n$ echo 'it''s test'\nits test\n[Exit code 0]\n");
  });
});

describe('a step command, run for real', () => {
  it('prints the local executor’s header and end lines and exits with the step’s code', () => {
    const { out, code } = bash(stepCommand('fail', 'echo out; exit 3', 1));
    expect(code).toBe(1);
    expect(out).toBe('▶ fail\n$ echo out; exit 3\nout\n[Exit code 3]\n');
  });

  it('says a step ran out of time', () => {
    const { out } = bash(stepCommand('slow', 'sleep 5', 1).replace('timeout -k 2 60', 'timeout -k 2 0.2'));
    expect(out).toContain('[Timed out after 1 minute]');
  });
});

describe('step outcomes from the end lines of a build log', () => {
  it('reads succeeded, failed and skipped steps in order', () => {
    expect(stepOutcomes(['[Checked out x by a@b]', '[Exit code 0]', '[Exit code 3]'], 3, 'failed')).toEqual([
      { status: 'succeeded', exitCode: 0, message: '' },
      { status: 'failed', exitCode: 3, message: 'Exit code 3' },
      { status: 'skipped', exitCode: null, message: '' },
    ]);
  });

  it('marks the step the build ended in as the build ended (time-out, stop)', () => {
    expect(stepOutcomes(['[Exit code 0]'], 3, 'stopped').map((o) => o.status)).toEqual([
      'succeeded',
      'stopped',
      'skipped',
    ]);
    expect(stepOutcomes(['[Timed out after 5 minutes]'], 2, 'failed')[0]).toEqual({
      status: 'failed',
      exitCode: 124,
      message: 'Timed out after 5 minutes',
    });
  });
});

describe('waves of a stage', () => {
  it('puts each job after every job it needs, the rest side by side', () => {
    const waves = jobWaves([
      { id: 'lint' },
      { id: 'deploy', needs: ['test', 'build'] },
      { id: 'build' },
      { id: 'test', needs: ['build'] },
    ]);
    expect(waves.map((w) => w.map((j) => j.id))).toEqual([['lint', 'build'], ['test'], ['deploy']]);
  });
});
