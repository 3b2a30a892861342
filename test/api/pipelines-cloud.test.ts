/**
 * Pipelines on the cloud engine (docs/pipelines.md "Cloud engine"), through the whole stack but
 * AWS: the API starts a run (Parameter Store gets the run's git credentials, Step Functions an
 * execution with the run's waves of builds), the pipelines function's handler takes the build and
 * execution state changes EventBridge would send, job logs are read from CloudWatch Logs by event
 * index, and a stop stops the execution and its running builds. Only the AWS calls are mocked
 * (aws-sdk-client-mock), and the requests are checked against the SDK's own input types.
 */
import {
  CloudWatchLogsClient,
  FilterLogEventsCommand,
  type FilterLogEventsCommandInput,
  GetLogEventsCommand,
  type GetLogEventsCommandInput,
} from '@aws-sdk/client-cloudwatch-logs';
import { CodeBuildClient, StopBuildCommand, type StopBuildCommandInput } from '@aws-sdk/client-codebuild';
import {
  SFNClient,
  StartExecutionCommand,
  type StartExecutionCommandInput,
  StopExecutionCommand,
  type StopExecutionCommandInput,
} from '@aws-sdk/client-sfn';
import {
  DeleteParameterCommand,
  type DeleteParameterCommandInput,
  PutParameterCommand,
  type PutParameterCommandInput,
  SSMClient,
} from '@aws-sdk/client-ssm';
import type { Page } from '@shared/schemas/common';
import type { Notification } from '@shared/schemas/notifications';
import type { PipelineDetail } from '@shared/schemas/pipelines';
import type { JobLog, RunResults } from '@shared/schemas/pipelines-runs';
import type { Repository } from '@shared/schemas/repositories';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drainJobs } from '../../functions/src/core/jobs/jobs';
import { pause } from '../../functions/src/core/pause';
import type { ExecutionInput } from '../../functions/src/modules/pipelines/executor/cloud';
import { handler } from '../../functions/src/modules/pipelines/handler';
import { expectStatus } from './helpers';
import { createTeam, type Team } from './issue-fixtures';
import { connect, gitServer, WorkingCopy } from './repository-fixtures';

const MACHINE = 'arn:aws:states:eu-west-1:111122223333:stateMachine:PipelineRuns';
const CREDENTIALS = '/workspace/test/pipeline-runs';
const LOG_GROUP = '/aws/codebuild/pipelines';

const sfn = mockClient(SFNClient);
const ssm = mockClient(SSMClient);
const codebuild = mockClient(CodeBuildClient);
const logs = mockClient(CloudWatchLogsClient);
const saved = { ...process.env };

let team: Team;
let repository: Repository;
let headSha: string;
let pipeline: PipelineDetail;
let pms: (rest: string) => string;
const owner = () => team.owner.client;

/** The end lines each build's log holds (by stream), and its whole log as events. */
const endLines = new Map<string, string[]>();
const streams = new Map<string, string[]>();

beforeAll(async () => {
  Object.assign(process.env, {
    PIPELINE_ENGINE: 'cloud',
    PIPELINE_STATE_MACHINE_ARN: MACHINE,
    PIPELINE_CREDENTIALS_PATH: CREDENTIALS,
  });
  sfn.on(StartExecutionCommand).callsFake(async (input: StartExecutionCommandInput) => {
    return {
      executionArn: `${MACHINE.replace(':stateMachine:', ':execution:')}:${input.name}`,
      startDate: new Date(),
    };
  });
  sfn.on(StopExecutionCommand).resolves({ stopDate: new Date() });
  ssm.on(PutParameterCommand).resolves({ Version: 1 });
  ssm.on(DeleteParameterCommand).resolves({});
  codebuild.on(StopBuildCommand).resolves({});
  logs.on(FilterLogEventsCommand).callsFake(async (input: FilterLogEventsCommandInput) => ({
    events: (endLines.get(input.logStreamNames?.[0] ?? '') ?? []).map((message) => ({
      message: `${message}\n`,
    })),
  }));
  // Pages of two events, as GetLogEvents pages (its forward token comes back at the end).
  logs.on(GetLogEventsCommand).callsFake(async (input: GetLogEventsCommandInput) => {
    const events = streams.get(input.logStreamName ?? '') ?? [];
    const from = Number(input.nextToken?.slice(2) ?? 0);
    const page = events.slice(from, from + 2);
    return {
      events: page.map((message, i) => ({ message, timestamp: from + i })),
      nextForwardToken: `f/${from + page.length}`,
    };
  });

  team = await createTeam(1);
  pms = (rest) => `/api/pms/${team.enterprise.enterpriseIdentifier}/${rest}`;
  const copy = await WorkingCopy.create();
  headSha = await copy.commit('First');
  await copy.push('main');
  repository = await connect(team.owner, team.enterprise, copy);
  expectStatus(
    await owner().post(pms('pmsProjectRepository'), {
      pmsProjectId: team.project.id,
      repositoryIds: [repository.id],
    }),
    201,
  );
  const yaml = `name: Cloud
parameters:
  - name: TARGET
    default: staging
stages:
  - id: build
    jobs:
      - id: compile
        steps:
          - id: make
            uses: shell-script
            with: { script: make all }
      - id: lint
        steps:
          - { id: one, uses: shell-script, with: { script: 'true' } }
          - { id: two, uses: shell-script, with: { script: exit 2 } }
          - { id: three, uses: shell-script, with: { script: echo never } }
      - id: package
        needs: [compile]
        steps:
          - { id: pack, uses: shell-script, timeoutMinutes: 5, with: { script: 'echo {{ params.TARGET }}' } }
  - id: test
    jobs:
      - id: unit
        steps:
          - { id: run, uses: shell-script, with: { script: npm test } }
`;
  pipeline = expectStatus(
    await owner().post<PipelineDetail>(pms('pipelines'), {
      repositoryId: repository.id,
      projectId: team.project.id,
      yaml,
    }),
    201,
  ).data;
}, 60_000);

afterAll(() => {
  for (const name of ['PIPELINE_ENGINE', 'PIPELINE_STATE_MACHINE_ARN', 'PIPELINE_CREDENTIALS_PATH'])
    if (saved[name] === undefined) delete process.env[name];
  sfn.restore();
  ssm.restore();
  codebuild.restore();
  logs.restore();
});

const runPath = (rest: string) => pms(`pipelines/${pipeline.id}/${rest}`);
const results = async (n: number) =>
  expectStatus(await owner().get<RunResults>(runPath(`run_results/${n}`)), 200).data;
const jobOf = (run: RunResults, id: string) => run.stages.flatMap((s) => s.jobs).find((j) => j.id === id)!;

async function until<T>(read: () => Promise<T> | T, done: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`Never ${what}: ${JSON.stringify(value)}`);
    await pause(20);
  }
}

/** The execution input of the n-th start (1-based). */
const started = (n: number) => {
  const call = sfn.commandCalls(StartExecutionCommand)[n - 1]!;
  const input: StartExecutionCommandInput = call.args[0].input;
  return { input, body: JSON.parse(input.input ?? '{}') as ExecutionInput };
};
const arnOf = (n: number) => `${MACHINE.replace(':stateMachine:', ':execution:')}:${started(n).input.name}`;

/** A build's state change as EventBridge delivers it, for a job of the n-th execution. */
function buildEvent(n: number, jobId: string, status: string) {
  const job = started(n)
    .body.waves.flatMap((w) => w.jobs)
    .find((j) => j.jobId === jobId)!;
  const id = `pipelines:${n}-${jobId}`;
  return {
    version: '0',
    source: 'aws.codebuild',
    'detail-type': 'CodeBuild Build State Change',
    time: new Date().toISOString(),
    detail: {
      'build-status': status,
      'build-id': `arn:aws:codebuild:eu-west-1:111122223333:build/${id}`,
      'project-name': 'pipelines',
      'additional-information': {
        environment: { 'environment-variables': job.environment },
        logs: { 'group-name': LOG_GROUP, 'stream-name': id },
      },
    },
  };
}

function executionEvent(n: number, status: string) {
  return {
    version: '0',
    source: 'aws.states',
    'detail-type': 'Step Functions Execution Status Change',
    time: new Date().toISOString(),
    detail: { executionArn: arnOf(n), stateMachineArn: MACHINE, status, input: started(n).input.input },
  };
}

const deliver = (event: object) => handler(event, {});

describe('a run on the cloud engine', () => {
  it('puts the git credentials in Parameter Store and starts an execution of the run’s waves', async () => {
    const queued = expectStatus(await owner().post<RunResults>(runPath('run'), {}), 201).data;
    expect(queued).toMatchObject({ number: 1, status: 'queued' });
    await until(
      () => sfn.commandCalls(StartExecutionCommand).length,
      (n) => n === 1,
      'started an execution',
    );

    const put: PutParameterCommandInput = ssm.commandCalls(PutParameterCommand)[0]!.args[0].input;
    const name = `${CREDENTIALS}/${team.enterprise.id}/${pipeline.id}/1`;
    expect(put).toMatchObject({ Name: name, Type: 'SecureString', Overwrite: true });
    expect(Buffer.from(put.Value ?? '', 'base64').toString()).toContain(`:${gitServer.token}`);

    const { input, body } = started(1);
    expect(input.stateMachineArn).toBe(MACHINE);
    expect(input.name).toMatch(new RegExp(`^${pipeline.id}-1-[0-9a-f]{8}$`));
    // The token is in no execution input.
    expect(input.input).not.toContain(gitServer.token);
    expect(body.runRef).toBe(`${team.enterprise.id}/${pipeline.id}/1`);
    expect(body.waves.map((w) => [w.stageId, w.jobs.map((j) => j.jobId)])).toEqual([
      ['build', ['compile', 'lint']],
      ['build', ['package']],
      ['test', ['unit']],
    ]);
    const pack = body.waves[1]!.jobs[0]!;
    expect(pack.environment).toContainEqual({ name: 'TARGET', value: 'staging', type: 'PLAINTEXT' });
    expect(pack.environment).toContainEqual({
      name: 'PIPELINE_REPOSITORY_URL',
      value: repository.cloneUrl,
      type: 'PLAINTEXT',
    });
    expect(JSON.parse(pack.buildspec).env['parameter-store']).toEqual({ PIPELINE_GIT_AUTH: name });
    expect(pack.timeoutInMinutes).toBe(15);

    const run = await results(1);
    expect(run.status).toBe('running');
    expect(jobOf(run, 'compile').status).toBe('queued');
  });

  it('records a build that started, and one that ended, from their state change events', async () => {
    await deliver(buildEvent(1, 'compile', 'IN_PROGRESS'));
    await deliver(buildEvent(1, 'lint', 'IN_PROGRESS'));
    let run = await results(1);
    expect(jobOf(run, 'compile')).toMatchObject({ status: 'running' });
    expect(jobOf(run, 'compile').steps[0]!.status).toBe('running');
    expect(run.stages[0]!.status).toBe('running');

    endLines.set('pipelines:1-compile', [`[Checked out ${headSha} by dana@example.test]`, '[Exit code 0]']);
    await deliver(buildEvent(1, 'compile', 'SUCCEEDED'));
    endLines.set('pipelines:1-lint', ['[Exit code 0]', '[Exit code 2]']);
    await deliver(buildEvent(1, 'lint', 'FAILED'));
    // A second delivery of the same event changes nothing.
    await deliver(buildEvent(1, 'lint', 'FAILED'));

    const filter: FilterLogEventsCommandInput = logs.commandCalls(FilterLogEventsCommand)[0]!.args[0].input;
    expect(filter).toMatchObject({ logGroupName: LOG_GROUP, logStreamNames: ['pipelines:1-compile'] });
    run = await results(1);
    expect(run.commit).toBe(headSha);
    expect(jobOf(run, 'compile')).toMatchObject({ status: 'succeeded' });
    expect(jobOf(run, 'lint').steps.map((s) => [s.id, s.status, s.exitCode])).toEqual([
      ['one', 'succeeded', 0],
      ['two', 'failed', 2],
      ['three', 'skipped', null],
    ]);
    expect(jobOf(run, 'lint').status).toBe('failed');
    expect(run.stages[0]!.status).toBe('failed');
    expect(run.status).toBe('running');
  });

  it('reads a job’s log from CloudWatch by event index, page by page, and refuses an offset past the end', async () => {
    streams.set('pipelines:1-compile', ['▶ make\n', '$ make all\n', 'built\n', 'done\n', '[Exit code 0]\n']);
    const all = expectStatus(
      await owner().get<JobLog>(runPath('runs/1/jobs/compile/logs?offset=0')),
      200,
    ).data;
    expect(all).toMatchObject({
      offset: 0,
      nextOffset: 5,
      text: '▶ make\n$ make all\nbuilt\ndone\n[Exit code 0]\n',
      gaps: [],
      complete: true,
      status: 'succeeded',
    });
    const read: GetLogEventsCommandInput = logs.commandCalls(GetLogEventsCommand)[0]!.args[0].input;
    expect(read).toEqual({
      logGroupName: LOG_GROUP,
      logStreamName: 'pipelines:1-compile',
      startFromHead: true,
    });
    const rest = expectStatus(
      await owner().get<JobLog>(runPath('runs/1/jobs/compile/logs?offset=3')),
      200,
    ).data;
    expect(rest).toMatchObject({ nextOffset: 5, text: 'done\n[Exit code 0]\n', complete: true });
    const past = await owner().get(runPath('runs/1/jobs/compile/logs?offset=6'));
    expect(past.status).toBe(400);
    expect(past.body.errorMessage).toMatch(/offset/);
  });

  it('ends the run when its execution ends: what never ran is skipped, the credentials go, people hear of it', async () => {
    await deliver(executionEvent(1, 'FAILED'));
    await deliver(executionEvent(1, 'FAILED'));
    const run = await results(1);
    expect(run).toMatchObject({ status: 'failed', message: 'Job lint failed' });
    expect(run.finishedAt).not.toBeNull();
    expect(jobOf(run, 'package').status).toBe('skipped');
    expect(jobOf(run, 'unit').status).toBe('skipped');
    expect(run.stages.map((s) => s.status)).toEqual(['failed', 'skipped']);
    const deleted: DeleteParameterCommandInput = ssm.commandCalls(DeleteParameterCommand)[0]!.args[0].input;
    expect(deleted).toEqual({ Name: `${CREDENTIALS}/${team.enterprise.id}/${pipeline.id}/1` });

    await drainJobs();
    const inbox = expectStatus(
      await owner().get<Page<Notification>>(pms('notifications?pageNum=1&pageSize=20')),
      200,
    ).data;
    expect(inbox.rows).toContainEqual(
      expect.objectContaining({
        kind: 'pipelineFailed',
        subject: expect.objectContaining({
          type: 'pipelineRun',
          id: `${repository.id}.${pipeline.id}.1`,
          title: 'Cloud, run 1 (Job lint failed)',
        }),
      }),
    );
  });

  it('stops a run: its execution and running builds are stopped, and the late ABORTED event changes nothing', async () => {
    expectStatus(await owner().post<RunResults>(runPath('run'), {}), 201);
    await until(
      () => sfn.commandCalls(StartExecutionCommand).length,
      (n) => n === 2,
      'started the second run',
    );
    await deliver(buildEvent(2, 'compile', 'IN_PROGRESS'));
    const stopped = expectStatus(await owner().post<RunResults>(runPath('runs/2/stop'), {}), 200).data;
    expect(stopped).toMatchObject({ status: 'stopped', message: 'Stopped' });
    expect(jobOf(stopped, 'compile').status).toBe('stopped');
    expect(jobOf(stopped, 'lint').status).toBe('skipped');

    const stopExecution: StopExecutionCommandInput = sfn.commandCalls(StopExecutionCommand)[0]!.args[0].input;
    expect(stopExecution).toEqual({ executionArn: arnOf(2), cause: 'Stopped' });
    const stopBuild: StopBuildCommandInput = codebuild.commandCalls(StopBuildCommand)[0]!.args[0].input;
    expect(stopBuild).toEqual({ id: 'arn:aws:codebuild:eu-west-1:111122223333:build/pipelines:2-compile' });

    await deliver(buildEvent(2, 'compile', 'STOPPED'));
    await deliver(executionEvent(2, 'ABORTED'));
    expect(await results(2)).toEqual(stopped);
    // The slot is free: the next run starts an execution of its own.
    expectStatus(await owner().post<RunResults>(runPath('run'), {}), 201);
    await until(
      () => sfn.commandCalls(StartExecutionCommand).length,
      (n) => n === 3,
      'started the third run',
    );
  });

  it('ignores events of builds and executions that are not ours', async () => {
    await expect(
      deliver({
        ...buildEvent(1, 'compile', 'SUCCEEDED'),
        detail: { 'build-status': 'SUCCEEDED', 'build-id': 'x', 'project-name': 'other' },
      }),
    ).resolves.toBeUndefined();
    await expect(
      deliver({
        ...executionEvent(1, 'SUCCEEDED'),
        detail: { executionArn: 'x', status: 'SUCCEEDED', input: '{}' },
      }),
    ).resolves.toBeUndefined();
    expect((await results(1)).status).toBe('failed');
  });
});
