import { Stack, type StackProps } from 'aws-cdk-lib';
import { StringParameter } from 'aws-cdk-lib/aws-ssm';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { AwsCustomResource, AwsCustomResourcePolicy, PhysicalResourceId } from 'aws-cdk-lib/custom-resources';
import type { Construct } from 'constructs';

/** CloudFront reads web ACLs (and certificates) only in us-east-1. */
export const EDGE_REGION = 'us-east-1';

export interface EdgeStackProps extends StackProps {
  readonly stage: string;
  /**
   * Requests to `/api/` one address may make in five minutes before WAF blocks it for a while.
   * @default 6000 (20 a second on average; offices behind one address share it)
   */
  readonly apiRequestsPerAddress?: number;
}

/**
 * The part of a stage that must live in us-east-1 whatever region the workspace is in: the WAF
 * web ACL of the distribution (scope CLOUDFRONT). Its ARN goes into an SSM parameter there, which
 * the workspace stack reads at deploy (`webAclArnOf`), the way the CDK's own EdgeFunction passes a
 * Lambda@Edge version across regions. The workspace stack stays environment-agnostic (synth
 * without an account or a region), so the CDK's crossRegionReferences, which need both regions
 * known at synth, do not apply.
 */
export class EdgeStack extends Stack {
  readonly webAcl: CfnWebACL;
  /** The SSM parameter (in us-east-1) holding the web ACL's ARN. */
  readonly webAclArnParameter: string;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, { ...props, env: { ...props.env, region: EDGE_REGION } });
    const visibility = (metricName: string) => ({
      cloudWatchMetricsEnabled: true,
      sampledRequestsEnabled: true,
      metricName,
    });
    const managed = (priority: number, name: string, countOnly: string[] = []) => ({
      name,
      priority,
      overrideAction: { none: {} },
      statement: {
        managedRuleGroupStatement: {
          vendorName: 'AWS',
          name,
          ruleActionOverrides: countOnly.map((rule) => ({ name: rule, actionToUse: { count: {} } })),
        },
      },
      visibilityConfig: visibility(name),
    });

    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      description: `Workspace ${props.stage}: in front of the CloudFront distribution`,
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility(`workspace-${props.stage}`),
      rules: [
        {
          // Per address, on the API only: assets are cached at the edge and cost the origin nothing.
          name: 'ApiRequestsPerAddress',
          priority: 0,
          action: { block: {} },
          statement: {
            rateBasedStatement: {
              aggregateKeyType: 'IP',
              limit: props.apiRequestsPerAddress ?? 6000,
              evaluationWindowSec: 300,
              scopeDownStatement: {
                byteMatchStatement: {
                  fieldToMatch: { uriPath: {} },
                  positionalConstraint: 'STARTS_WITH',
                  searchString: '/api/',
                  textTransformations: [{ priority: 0, type: 'NONE' }],
                },
              },
            },
          },
          visibilityConfig: visibility('ApiRequestsPerAddress'),
        },
        // Counted, not blocked: bodies over 8 KB are ordinary here (spreadsheet imports, long wiki
        // pages; the API has its own limits), and wiki pages are markdown that may quote HTML
        // (rendered without raw HTML, so it never runs).
        managed(1, 'AWSManagedRulesCommonRuleSet', ['SizeRestrictions_BODY', 'CrossSiteScripting_BODY']),
        managed(2, 'AWSManagedRulesKnownBadInputsRuleSet'),
      ],
    });

    this.webAclArnParameter = `/workspace/${props.stage}/web-acl-arn`;
    new StringParameter(this, 'WebAclArn', {
      parameterName: this.webAclArnParameter,
      description: 'The ARN of the web ACL of the workspace distribution (read by the workspace stack)',
      stringValue: this.webAcl.attrArn,
    });
  }
}

/**
 * The web ACL's ARN, read at deploy from the edge stack's parameter in us-east-1. Read again when
 * the parameter name changes; a rule change keeps the ACL and its ARN, so nothing else needs it.
 */
export function webAclArnOf(scope: Construct, edge: EdgeStack): string {
  const stack = Stack.of(scope);
  const reader = new AwsCustomResource(scope, 'WebAclArnReader', {
    onUpdate: {
      service: 'SSM',
      action: 'getParameter',
      parameters: { Name: edge.webAclArnParameter },
      region: EDGE_REGION,
      physicalResourceId: PhysicalResourceId.of(edge.webAclArnParameter),
    },
    policy: AwsCustomResourcePolicy.fromSdkCalls({
      resources: [
        stack.formatArn({
          service: 'ssm',
          region: EDGE_REGION,
          resource: 'parameter',
          resourceName: edge.webAclArnParameter.slice(1),
        }),
      ],
    }),
    installLatestAwsSdk: false,
  });
  return reader.getResponseField('Parameter.Value');
}
