/**
 * The weekly reminders in the stack: the weekly group's manifest entry becomes an EventBridge
 * rule that invokes the group's own function every 15 minutes with `{ "schedule": "reminders" }`
 * (core/lambda/group-handler.ts runs `weekly.reminders` from it); the group runs no queued jobs,
 * so it gets no queue.
 */
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINT_GROUPS } from '../../functions/src/manifest';
import { apiTemplate } from './helpers';

let template: Template;
const weekly = ENDPOINT_GROUPS.find((group) => group.name === 'weekly')!;

beforeAll(() => {
  template = apiTemplate('Weekly', [weekly]);
}, 120_000);

const weeklyFunction = () =>
  Object.keys(
    template.findResources('AWS::Lambda::Function', { Properties: { Description: 'Endpoint group weekly' } }),
  )[0]!;

describe('the weekly reminder schedule', () => {
  it('is declared in the manifest as a 15-minute schedule', () => {
    expect(weekly.background).toEqual({ schedules: { reminders: { everyMinutes: 15 } } });
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

  it('lets EventBridge invoke the function, and gives the group no queue', () => {
    template.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      FunctionName: { 'Fn::GetAtt': [weeklyFunction(), 'Arn'] },
      Principal: 'events.amazonaws.com',
    });
    template.resourceCountIs('AWS::SQS::Queue', 0);
    const env =
      template.findResources('AWS::Lambda::Function')[weeklyFunction()]!.Properties.Environment.Variables;
    expect(env.JOB_QUEUES).toBeUndefined();
  });

  it('routes the pmsProjectWeeklyReport calls to the weekly function', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Route', {
      RouteKey: 'ANY /api/pms/{identifier}/pmsProjectWeeklyReport/{proxy+}',
    });
  });
});
