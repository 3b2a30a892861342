/**
 * The artifact library's schedules in the stack (docs/artifacts.md "Retention"): its manifest
 * entry becomes two hourly EventBridge rules that invoke the artifacts group's own function with
 * `{ "schedule": "retention" }` (the cleanup rules whose daily run is due) and
 * `{ "schedule": "sweep-blobs" }` (the blobs nothing counts), and the function may do what they
 * do: read the table's index and delete items, and delete objects under the library's prefix.
 */
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINT_GROUPS } from '../../functions/src/manifest';
import { ARTIFACT_FILE_KEYS } from '../../infra/lib/bucket-access';
import { apiTemplate, asArray, type Cfn } from './helpers';

let template: Template;
const artifacts = ENDPOINT_GROUPS.find((group) => group.name === 'artifacts')!;

beforeAll(() => {
  template = apiTemplate('ArtifactSchedules', [artifacts]);
}, 120_000);

const functionId = () =>
  Object.keys(
    template.findResources('AWS::Lambda::Function', {
      Properties: { Description: 'Endpoint group artifacts' },
    }),
  )[0]!;

/** Every statement of the policies attached to the artifacts function's role. */
function statements(): Cfn[] {
  const role = template.findResources('AWS::Lambda::Function')[functionId()]!.Properties.Role;
  const policies = Object.values(template.findResources('AWS::IAM::Policy')).filter((policy) =>
    JSON.stringify(policy.Properties.Roles).includes(JSON.stringify(role['Fn::GetAtt'][0])),
  );
  return policies.flatMap((policy) => policy.Properties.PolicyDocument.Statement as Cfn[]);
}

describe('the artifact library schedules', () => {
  it('are declared in the manifest: the cleanup rules and the blob sweep, hourly', () => {
    expect(artifacts.background?.schedules).toEqual({
      retention: { everyMinutes: 60 },
      'sweep-blobs': { everyMinutes: 60 },
    });
  });

  it('invoke the artifacts function every hour, each with its name', () => {
    template.resourceCountIs('AWS::Events::Rule', 2);
    for (const schedule of ['retention', 'sweep-blobs']) {
      template.hasResourceProperties('AWS::Events::Rule', {
        ScheduleExpression: 'rate(1 hour)',
        State: 'ENABLED',
        Targets: [
          Match.objectLike({
            Arn: { 'Fn::GetAtt': [functionId(), 'Arn'] },
            Input: JSON.stringify({ schedule }),
            RetryPolicy: { MaximumRetryAttempts: 2 },
          }),
        ],
      });
    }
  });

  it('may be invoked by EventBridge, read the index, delete items and the blobs', () => {
    template.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      FunctionName: { 'Fn::GetAtt': [functionId(), 'Arn'] },
      Principal: 'events.amazonaws.com',
    });
    const granted = statements();
    const actions = granted.flatMap((st) => asArray(st.Action));
    expect(actions).toEqual(expect.arrayContaining(['dynamodb:Query', 'dynamodb:DeleteItem']));
    const dynamo = granted.find((st) => asArray(st.Action).includes('dynamodb:Query'))!;
    // The schedules read gsi1 (the due entries): the grant covers the table's indexes.
    expect(JSON.stringify(dynamo.Resource)).toContain('/index/*');
    const s3 = granted.find((st) => asArray(st.Action).some((a: string) => a.startsWith('s3:DeleteObject')))!;
    expect(JSON.stringify(s3.Resource)).toContain(`/${ARTIFACT_FILE_KEYS}`);
  });
});
