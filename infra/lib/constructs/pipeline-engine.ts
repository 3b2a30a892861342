import { ArnFormat, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { BuildSpec, ComputeType, LinuxBuildImage, Project } from 'aws-cdk-lib/aws-codebuild';
import { Rule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { Function as LambdaFunctionResource } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { DefinitionBody, StateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';

export interface PipelineEngineProps {
  /** The pipelines group's function: it starts and stops runs and hears their events. */
  readonly fn: LambdaFunctionResource;
  /** The stage, in the Parameter Store path of the runs' git credentials. */
  readonly stage: string;
  /** Keep the build logs when the stack is deleted. @default false */
  readonly retainLogs?: boolean;
}

/** The Step Functions rule CodeBuild's `.sync` integration manages to hear a build end. */
const SYNC_RULE = 'StepFunctionsGetEventForCodeBuildStartBuildRule';

/**
 * The cloud engine of pipelines (docs/pipelines.md "Cloud engine"; the function's side is
 * functions/src/modules/pipelines/executor/cloud.ts):
 * - a CodeBuild project on the generic Linux image with no source: each build brings its own
 *   buildspec, which checks the repository out from the git service;
 * - a state machine that runs a run's waves of jobs one after another and the builds of a wave
 *   side by side (`startBuild.sync`), the project name fixed in its definition;
 * - EventBridge rules sending the project's build state changes and the machine's ended
 *   executions to the pipelines function, and the builds' log group, which that function reads.
 * Every role may do only its part: the machine starts and stops builds of this project; the
 * project reads only the runs' credentials; the function starts and stops executions of this
 * machine, stops builds of this project, writes and deletes the runs' credentials and reads the
 * build logs.
 */
export class PipelineEngine extends Construct {
  readonly project: Project;
  readonly stateMachine: StateMachine;
  readonly logGroup: LogGroup;
  /** Parameter Store path of the runs' git credentials (one SecureString per run). */
  readonly credentialsPath: string;

  constructor(scope: Construct, id: string, props: PipelineEngineProps) {
    super(scope, id);
    const stack = Stack.of(this);
    this.credentialsPath = `/workspace/${props.stage}/pipeline-runs`;
    const credentialsArn = stack.formatArn({
      service: 'ssm',
      resource: 'parameter',
      resourceName: `${this.credentialsPath.slice(1)}/*`,
    });

    this.logGroup = new LogGroup(this, 'BuildLogs', {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: props.retainLogs ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });

    this.project = new Project(this, 'Builds', {
      description: 'Pipeline jobs: one build per job, with the buildspec its run generated',
      // Replaced by every build's own; a build started without one does nothing.
      buildSpec: BuildSpec.fromObject({
        version: '0.2',
        phases: { build: { commands: ['echo "A pipeline build brings its own buildspec"'] } },
      }),
      environment: { buildImage: LinuxBuildImage.STANDARD_7_0, computeType: ComputeType.SMALL },
      logging: { cloudWatch: { logGroup: this.logGroup } },
      timeout: Duration.hours(36),
    });
    this.project.addToRolePolicy(
      new PolicyStatement({ actions: ['ssm:GetParameters'], resources: [credentialsArn] }),
    );

    const machineRole = new Role(this, 'MachineRole', {
      assumedBy: new ServicePrincipal('states.amazonaws.com'),
      description: 'Runs the builds of pipeline jobs',
    });
    machineRole.addToPolicy(
      new PolicyStatement({
        actions: ['codebuild:StartBuild', 'codebuild:StopBuild', 'codebuild:BatchGetBuilds'],
        resources: [this.project.projectArn],
      }),
    );
    machineRole.addToPolicy(
      new PolicyStatement({
        actions: ['events:PutTargets', 'events:PutRule', 'events:DescribeRule'],
        resources: [stack.formatArn({ service: 'events', resource: 'rule', resourceName: SYNC_RULE })],
      }),
    );
    this.stateMachine = new StateMachine(this, 'Runs', {
      comment: 'A pipeline run: waves in order, the builds of a wave side by side',
      definitionBody: DefinitionBody.fromString(stack.toJsonString(runDefinition(this.project.projectName))),
      role: machineRole,
      timeout: Duration.hours(36),
    });

    new Rule(this, 'BuildStateChange', {
      description: 'Pipeline builds started and ended, to the pipelines function',
      eventPattern: {
        source: ['aws.codebuild'],
        detailType: ['CodeBuild Build State Change'],
        detail: { 'project-name': [this.project.projectName] },
      },
      targets: [new LambdaFunction(props.fn, { retryAttempts: 8 })],
    });
    new Rule(this, 'RunEnded', {
      description: 'Pipeline runs ended, to the pipelines function',
      eventPattern: {
        source: ['aws.states'],
        detailType: ['Step Functions Execution Status Change'],
        detail: {
          stateMachineArn: [this.stateMachine.stateMachineArn],
          status: ['SUCCEEDED', 'FAILED', 'TIMED_OUT', 'ABORTED'],
        },
      },
      targets: [new LambdaFunction(props.fn, { retryAttempts: 8 })],
    });

    this.grantTo(props.fn, credentialsArn);
  }

  private grantTo(fn: LambdaFunctionResource, credentialsArn: string): void {
    const stack = Stack.of(this);
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['states:StartExecution'],
        resources: [this.stateMachine.stateMachineArn],
      }),
    );
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['states:StopExecution'],
        resources: [
          stack.formatArn({
            service: 'states',
            resource: 'execution',
            resourceName: `${this.stateMachine.stateMachineName}:*`,
            arnFormat: ArnFormat.COLON_RESOURCE_NAME,
          }),
        ],
      }),
    );
    fn.addToRolePolicy(
      new PolicyStatement({ actions: ['codebuild:StopBuild'], resources: [this.project.projectArn] }),
    );
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['ssm:PutParameter', 'ssm:DeleteParameter'],
        resources: [credentialsArn],
      }),
    );
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['logs:GetLogEvents', 'logs:FilterLogEvents'],
        resources: [this.logGroup.logGroupArn, `${this.logGroup.logGroupArn}:log-stream:*`],
      }),
    );
    fn.addEnvironment('PIPELINE_ENGINE', 'cloud');
    fn.addEnvironment('PIPELINE_STATE_MACHINE_ARN', this.stateMachine.stateMachineArn);
    fn.addEnvironment('PIPELINE_CREDENTIALS_PATH', this.credentialsPath);
  }
}

/**
 * The machine's definition (Amazon States Language): the input's `waves` one at a time, the
 * `jobs` of each side by side, each a build of `project` with the job's buildspec, environment
 * and time-out. A failed build fails its wave and the execution, so later waves never start.
 */
export function runDefinition(project: string) {
  return {
    Comment: 'A pipeline run',
    StartAt: 'Waves',
    States: {
      Waves: {
        Type: 'Map',
        ItemsPath: '$.waves',
        MaxConcurrency: 1,
        ItemProcessor: {
          ProcessorConfig: { Mode: 'INLINE' },
          StartAt: 'Jobs',
          States: {
            Jobs: {
              Type: 'Map',
              ItemsPath: '$.jobs',
              ItemProcessor: {
                ProcessorConfig: { Mode: 'INLINE' },
                StartAt: 'Build',
                States: {
                  Build: {
                    Type: 'Task',
                    Resource: 'arn:aws:states:::codebuild:startBuild.sync',
                    Parameters: {
                      ProjectName: project,
                      'BuildspecOverride.$': '$.buildspec',
                      'EnvironmentVariablesOverride.$': '$.environment',
                      'TimeoutInMinutesOverride.$': '$.timeoutInMinutes',
                      SourceTypeOverride: 'NO_SOURCE',
                    },
                    ResultSelector: { 'buildId.$': '$.Build.Id', 'status.$': '$.Build.BuildStatus' },
                    End: true,
                  },
                },
              },
              End: true,
            },
          },
        },
        End: true,
      },
    },
  };
}
