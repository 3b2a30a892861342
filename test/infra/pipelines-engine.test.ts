/**
 * The pipelines' cloud engine in the stack (infra/lib/constructs/pipeline-engine.ts): the
 * CodeBuild project, the state machine that runs a run's waves of builds, the EventBridge rules
 * that bring build and execution state changes to the pipelines function, the build log group,
 * and roles that may do only their part.
 */
import { App, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { Code, Function as LambdaFunction, Runtime } from 'aws-cdk-lib/aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { PipelineEngine, runDefinition } from '../../infra/lib/constructs/pipeline-engine';
import { type Cfn, iamStatements } from './helpers';

let template: Template;
let engine: PipelineEngine;
let stack: Stack;

beforeAll(() => {
  const app = new App();
  stack = new Stack(app, 'Pipelines', { env: { account: '111122223333', region: 'eu-west-1' } });
  const fn = new LambdaFunction(stack, 'PipelinesFn', {
    runtime: Runtime.NODEJS_22_X,
    handler: 'index.handler',
    code: Code.fromInline('exports.handler = async () => ({})'),
    description: 'Endpoint group pipelines',
  });
  engine = new PipelineEngine(stack, 'Engine', { fn, stage: 'dev' });
  template = Template.fromStack(stack);
}, 120_000);

const idOf = (type: string) => Object.keys(template.findResources(type))[0]!;
const statementsOf = (roleId: string) =>
  iamStatements(template).filter((s) => {
    const policy = template.toJSON().Resources[s.policy.split('/')[0]!];
    return (
      s.policy.startsWith(roleId) || JSON.stringify(policy?.Properties?.Roles ?? []).includes(`"${roleId}"`)
    );
  });
const actionsOf = (roleId: string) =>
  statementsOf(roleId)
    .flatMap((s) => s.Action)
    .sort();

describe('the CodeBuild project', () => {
  it('builds on the generic Linux image with no source, logging to its own group', () => {
    template.hasResourceProperties('AWS::CodeBuild::Project', {
      Source: { Type: 'NO_SOURCE', BuildSpec: Match.anyValue() },
      Environment: {
        Image: 'aws/codebuild/standard:7.0',
        Type: 'LINUX_CONTAINER',
        ComputeType: 'BUILD_GENERAL1_SMALL',
      },
      LogsConfig: { CloudWatchLogs: { Status: 'ENABLED', GroupName: { Ref: idOf('AWS::Logs::LogGroup') } } },
    });
    template.hasResourceProperties('AWS::Logs::LogGroup', { RetentionInDays: 30 });
  });

  it('may read only the runs’ git credentials besides its logs', () => {
    const role =
      template.toJSON().Resources[idOf('AWS::CodeBuild::Project')].Properties.ServiceRole['Fn::GetAtt'][0];
    const ssm = statementsOf(role).filter((s) => s.Action.some((a: string) => a.startsWith('ssm:')));
    expect(ssm.flatMap((s) => s.Action)).toEqual(['ssm:GetParameters']);
    expect(JSON.stringify(ssm[0]!.Resource)).toContain('parameter/workspace/dev/pipeline-runs/*');
  });
});

describe('the state machine', () => {
  it('runs the waves one at a time and the builds of a wave side by side, of this project only', () => {
    const definition = runDefinition('the-project');
    expect(definition.States.Waves).toMatchObject({ Type: 'Map', ItemsPath: '$.waves', MaxConcurrency: 1 });
    const jobs = definition.States.Waves.ItemProcessor.States.Jobs;
    expect(jobs).toMatchObject({ Type: 'Map', ItemsPath: '$.jobs' });
    expect(jobs).not.toHaveProperty('MaxConcurrency');
    expect(jobs.ItemProcessor.States.Build).toMatchObject({
      Resource: 'arn:aws:states:::codebuild:startBuild.sync',
      Parameters: {
        ProjectName: 'the-project',
        'BuildspecOverride.$': '$.buildspec',
        'EnvironmentVariablesOverride.$': '$.environment',
        'TimeoutInMinutesOverride.$': '$.timeoutInMinutes',
        SourceTypeOverride: 'NO_SOURCE',
      },
    });
    const machine = template.toJSON().Resources[idOf('AWS::StepFunctions::StateMachine')].Properties;
    expect(JSON.stringify(machine.DefinitionString)).toContain(idOf('AWS::CodeBuild::Project'));
  });

  it('has a role that starts and stops builds of the project and manages the .sync rule, nothing else', () => {
    const role =
      template.toJSON().Resources[idOf('AWS::StepFunctions::StateMachine')].Properties.RoleArn[
        'Fn::GetAtt'
      ][0];
    expect(actionsOf(role)).toEqual([
      'codebuild:BatchGetBuilds',
      'codebuild:StartBuild',
      'codebuild:StopBuild',
      'events:DescribeRule',
      'events:PutRule',
      'events:PutTargets',
    ]);
    const events = statementsOf(role).find((s) => s.Action.includes('events:PutRule'))!;
    expect(JSON.stringify(events.Resource)).toContain('rule/StepFunctionsGetEventForCodeBuildStartBuildRule');
    for (const s of statementsOf(role)) expect(s.Resource).not.toContain('*');
  });
});

describe('the event rules', () => {
  const fnArn = () => ({ 'Fn::GetAtt': [idOf('AWS::Lambda::Function'), 'Arn'] });

  it('send the project’s build state changes to the pipelines function', () => {
    template.hasResourceProperties('AWS::Events::Rule', {
      EventPattern: {
        source: ['aws.codebuild'],
        'detail-type': ['CodeBuild Build State Change'],
        detail: { 'project-name': [{ Ref: idOf('AWS::CodeBuild::Project') }] },
      },
      Targets: [Match.objectLike({ Arn: fnArn() })],
    });
  });

  it('send the machine’s ended executions to the pipelines function', () => {
    template.hasResourceProperties('AWS::Events::Rule', {
      EventPattern: {
        source: ['aws.states'],
        'detail-type': ['Step Functions Execution Status Change'],
        detail: {
          stateMachineArn: [{ Ref: idOf('AWS::StepFunctions::StateMachine') }],
          status: ['SUCCEEDED', 'FAILED', 'TIMED_OUT', 'ABORTED'],
        },
      },
      Targets: [Match.objectLike({ Arn: fnArn() })],
    });
    template.resourceCountIs('AWS::Lambda::Permission', 2);
  });
});

describe('the pipelines function', () => {
  const fn = () => template.toJSON().Resources[idOf('AWS::Lambda::Function')] as Cfn;

  it('is told to use the cloud engine, its machine and its credentials path', () => {
    expect(fn().Properties.Environment.Variables).toMatchObject({
      PIPELINE_ENGINE: 'cloud',
      PIPELINE_STATE_MACHINE_ARN: { Ref: idOf('AWS::StepFunctions::StateMachine') },
      PIPELINE_CREDENTIALS_PATH: engine.credentialsPath,
    });
  });

  it('may start and stop runs, stop builds, write the credentials and read the logs, on these resources only', () => {
    const role = fn().Properties.Role['Fn::GetAtt'][0];
    expect(actionsOf(role)).toEqual([
      'codebuild:StopBuild',
      'logs:FilterLogEvents',
      'logs:GetLogEvents',
      'ssm:DeleteParameter',
      'ssm:PutParameter',
      'states:StartExecution',
      'states:StopExecution',
    ]);
    for (const s of statementsOf(role)) expect(s.Resource).not.toContain('*');
    const stop = statementsOf(role).find((s) => s.Action.includes('states:StopExecution'))!;
    expect(JSON.stringify(stop.Resource)).toMatch(/:execution:.*:\*/);
  });
});
