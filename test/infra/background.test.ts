/**
 * Background work in the stack (functions/src/core/jobs): a group whose manifest entry declares a
 * queue gets an encrypted SQS queue with a dead-letter queue feeding its own function; a group
 * that queues to it may send there; each schedule is an EventBridge rule invoking the group's
 * function with the schedule's name.
 */
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_JOB_ATTEMPTS } from '../../functions/src/core/jobs/attempts';
import { apiTemplate, asArray, type Cfn } from './helpers';

let template: Template;

beforeAll(() => {
  template = apiTemplate('Background', [
    {
      name: 'issues',
      routes: ['/api/pms/{identifier}/pmsProjectIssues/{proxy+}'],
      background: { queue: true, schedules: { snapshots: { everyMinutes: 10 } } },
    },
    {
      name: 'sprints',
      routes: ['/api/pms/{identifier}/pmsProjectSprint'],
      background: { queuesTo: ['issues'] },
    },
    { name: 'auth', routes: ['/api/auth/{proxy+}'] },
  ]);
}, 120_000);

const functionId = (group: string) =>
  Object.keys(
    template.findResources('AWS::Lambda::Function', {
      Properties: { Description: `Endpoint group ${group}` },
    }),
  )[0]!;

const queueIds = () => Object.keys(template.findResources('AWS::SQS::Queue'));

describe('a group with a job queue', () => {
  it('has an encrypted queue whose messages go to a dead-letter queue after the last attempt', () => {
    expect(queueIds()).toHaveLength(2);
    template.hasResourceProperties('AWS::SQS::Queue', {
      SqsManagedSseEnabled: true,
      VisibilityTimeout: 90,
      RedrivePolicy: { maxReceiveCount: MAX_JOB_ATTEMPTS, deadLetterTargetArn: Match.anyValue() },
    });
  });

  it('is fed to its own function, which reports failed messages one by one', () => {
    template.resourceCountIs('AWS::Lambda::EventSourceMapping', 1);
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: functionId('issues') },
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      BatchSize: 5,
    });
  });

  it('runs each schedule by a rule that names it', () => {
    template.resourceCountIs('AWS::Events::Rule', 1);
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(10 minutes)',
      Targets: [
        Match.objectLike({
          Arn: { 'Fn::GetAtt': [functionId('issues'), 'Arn'] },
          Input: JSON.stringify({ schedule: 'snapshots' }),
        }),
      ],
    });
  });
});

describe('which functions may queue', () => {
  const sendersOf = (queueLogicalId: string): string[] => {
    const policies = template.findResources('AWS::IAM::Policy');
    return Object.values(policies)
      .filter((policy: Cfn) =>
        policy.Properties.PolicyDocument.Statement.some(
          (s: Cfn) =>
            asArray(s.Action).includes('sqs:SendMessage') &&
            JSON.stringify(s.Resource).includes(queueLogicalId),
        ),
      )
      .flatMap((policy: Cfn) => policy.Properties.Roles.map((role: Cfn) => role.Ref as string));
  };
  const roleOf = (group: string): string =>
    template.findResources('AWS::Lambda::Function')[functionId(group)]!.Properties.Role['Fn::GetAtt'][0];

  it('lets the owner and the groups that declare it send to a queue, and nobody else', () => {
    const jobs = queueIds().find((id) => id.includes('IssuesJobs'))!;
    expect(sendersOf(jobs).sort()).toEqual([roleOf('issues'), roleOf('sprints')].sort());
  });

  it('tells each function the queues it may use, and others none', () => {
    const env = (group: string) =>
      template.findResources('AWS::Lambda::Function')[functionId(group)]!.Properties.Environment.Variables;
    expect(env('issues').JOB_QUEUES).toBeDefined();
    expect(JSON.stringify(env('sprints').JOB_QUEUES)).toContain('IssuesJobs');
    expect(env('auth').JOB_QUEUES).toBeUndefined();
  });
});
