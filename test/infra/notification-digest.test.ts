/**
 * The notifications group in the stack (docs/email.md "Notification email"): its manifest entry
 * becomes an hourly EventBridge rule that invokes the group's own function with
 * `{ "schedule": "digest" }` (the daily digest run), and the function may send to the auth
 * group's queue, where every mail is sent from.
 */
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINT_GROUPS } from '../../functions/src/manifest';
import { apiTemplate } from './helpers';

let template: Template;
const notifications = ENDPOINT_GROUPS.find((group) => group.name === 'notifications')!;
const auth = ENDPOINT_GROUPS.find((group) => group.name === 'auth')!;

beforeAll(() => {
  template = apiTemplate('NotificationDigest', [auth, notifications]);
}, 120_000);

const functionId = (group: string) =>
  Object.keys(
    template.findResources('AWS::Lambda::Function', {
      Properties: { Description: `Endpoint group ${group}` },
    }),
  )[0]!;

describe('the notification digest schedule and mail', () => {
  it('is declared in the manifest: an hourly digest, mail queued to auth', () => {
    expect(notifications.background).toMatchObject({
      queue: true,
      queuesTo: ['auth'],
      schedules: { digest: { everyMinutes: 60 } },
    });
  });

  it('invokes the notifications function every hour with the schedule name', () => {
    template.resourceCountIs('AWS::Events::Rule', 1);
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(1 hour)',
      State: 'ENABLED',
      Targets: [
        Match.objectLike({
          Arn: { 'Fn::GetAtt': [functionId('notifications'), 'Arn'] },
          Input: JSON.stringify({ schedule: 'digest' }),
        }),
      ],
    });
  });

  it("lets the notifications function send to the auth group's mail queue", () => {
    const env =
      template.findResources('AWS::Lambda::Function')[functionId('notifications')]!.Properties.Environment
        .Variables;
    const queues = JSON.stringify(env.JOB_QUEUES);
    expect(queues).toContain('\\"auth\\"');
    expect(queues).toContain('\\"notifications\\"');
  });

  it('routes the public unsubscribe call to the notifications function', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Route', {
      RouteKey: 'ANY /api/notifications/unsubscribe',
    });
  });
});
