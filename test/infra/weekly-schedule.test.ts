/**
 * The weekly reminders in the stack: the weekly group's manifest entry becomes an EventBridge
 * rule that invokes the group's own function every 15 minutes with `{ "schedule": "reminders" }`
 * (core/lambda/group-handler.ts runs `weekly.reminders` from it); the group runs no queued jobs,
 * so it gets no queue of its own, and it may send its activity (the reminders) to the queue of the
 * notifications group, which subscribes to it.
 */
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINT_GROUPS } from '../../functions/src/manifest';
import { apiTemplate } from './helpers';

let template: Template;
const weekly = ENDPOINT_GROUPS.find((group) => group.name === 'weekly')!;
const notificationsGroup = ENDPOINT_GROUPS.find((group) => group.name === 'notifications')!;
/**
 * Only the notifications group's queue matters here: its own digest schedule and mail queue are
 * test/infra/notification-digest.test.ts's (its mail goes to the auth group, not built here).
 */
const notifications = {
  ...notificationsGroup,
  background: { queue: true, subscribes: notificationsGroup.background.subscribes },
};

beforeAll(() => {
  template = apiTemplate('Weekly', [weekly, notifications]);
}, 120_000);

const weeklyFunction = () =>
  Object.keys(
    template.findResources('AWS::Lambda::Function', { Properties: { Description: 'Endpoint group weekly' } }),
  )[0]!;

describe('the weekly reminder schedule', () => {
  it('is declared in the manifest as a 15-minute schedule', () => {
    expect(weekly.background).toEqual({
      schedules: { reminders: { everyMinutes: 15 } },
      publishes: ['weekly.activity'],
    });
  });

  it("invokes the weekly function every 15 minutes with the schedule's name", () => {
    template.resourceCountIs('AWS::Events::Rule', 1);
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(15 minutes)',
      State: 'ENABLED',
      Targets: [
        Match.objectLike({
          Arn: { 'Fn::GetAtt': [weeklyFunction(), 'Arn'] },
          Input: JSON.stringify({ schedule: 'reminders' }),
          RetryPolicy: { MaximumRetryAttempts: 2 },
        }),
      ],
    });
  });

  it('lets EventBridge invoke the function, and gives the group no queue of its own', () => {
    template.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      FunctionName: { 'Fn::GetAtt': [weeklyFunction(), 'Arn'] },
      Principal: 'events.amazonaws.com',
    });
    const env =
      template.findResources('AWS::Lambda::Function')[weeklyFunction()]!.Properties.Environment.Variables;
    // Only the notifications group's queue (and its dead-letter queue) exists; weekly sends to it.
    template.resourceCountIs('AWS::SQS::Queue', 2);
    const queues = JSON.stringify(env.JOB_QUEUES);
    expect(queues).toContain('notifications');
    expect(queues).not.toMatch(/\\"weekly\\"|WeeklyJobs/);
  });

  it('routes the pmsProjectWeeklyReport calls to the weekly function', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Route', {
      RouteKey: 'ANY /api/pms/{identifier}/pmsProjectWeeklyReport/{proxy+}',
    });
  });
});
