import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GroupBucketAccess } from '../../infra/lib/bucket-access';
import { siteRequestFunctionCode } from '../../infra/lib/constructs/site-request';
import { type Cfn, iamStatements, logicalId, type Synthesized, synthWorkspace } from './helpers';

const DOMAIN = 'example.com';
const CERTIFICATE = 'arn:aws:acm:us-east-1:123456789012:certificate/0f1e2d3c-4b5a-6978-8a9b-0c1d2e3f4a5b';
const ZONE = 'Z0123456789ABCDEFGHIJ';

// Exercises the grant mechanism; the foundation groups themselves have no bucket access yet.
const BUCKET_ACCESS: GroupBucketAccess = {
  enterprise: [{ bucket: 'files', access: 'readWrite', keys: 'tenants/*' }],
  system: [{ bucket: 'artifacts', access: 'read' }],
};

let s: Synthesized;
let resources: Record<string, Cfn>;
const ofType = (type: string): [string, Cfn][] =>
  Object.entries(resources).filter(([, r]) => r.Type === type);

beforeAll(() => {
  // The template is all this file reads, so it skips bundling (stack.test.ts covers the bundles).
  s = synthWorkspace(
    { stage: 'prod', domainName: DOMAIN, certificateArn: CERTIFICATE, hostedZoneId: ZONE },
    {
      bundle: false,
      webDistPath: join(import.meta.dirname, 'no-such-web-dist'),
      bucketAccess: BUCKET_ACCESS,
    },
  );
  resources = s.template.toJSON().Resources;
}, 60_000);

afterAll(() => rmSync(s.outdir, { recursive: true, force: true }));

describe('prod stage', () => {
  it('names the stack after the stage', () => {
    expect(s.stack.stackName).toBe('Workspace-prod');
  });

  it('protects and retains the table', () => {
    s.template.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: Match.objectLike({ DeletionProtectionEnabled: true }),
    });
  });

  it('retains the buckets and their objects, and the log groups', () => {
    for (const [id, bucket] of ofType('AWS::S3::Bucket')) expect(bucket.DeletionPolicy, id).toBe('Retain');
    s.template.resourceCountIs('Custom::S3AutoDeleteObjects', 0);
    for (const [id, logGroup] of ofType('AWS::Logs::LogGroup'))
      expect(logGroup.DeletionPolicy, id).toBe('Retain');
  });
});

describe('custom domain', () => {
  it('serves the root domain and every tenant subdomain with the us-east-1 certificate', () => {
    s.template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Aliases: [DOMAIN, `*.${DOMAIN}`],
        ViewerCertificate: Match.objectLike({ AcmCertificateArn: CERTIFICATE, SslSupportMethod: 'sni-only' }),
      }),
    });
  });

  it('maps tenant hosts of the domain at the edge, on the default behaviour', () => {
    const [, distribution] = ofType('AWS::CloudFront::Distribution')[0]!;
    const [association] =
      distribution.Properties.DistributionConfig.DefaultCacheBehavior.FunctionAssociations;
    expect(association.EventType).toBe('viewer-request');
    expect(resources[association.FunctionARN['Fn::GetAtt'][0]].Properties).toMatchObject({
      FunctionCode: siteRequestFunctionCode({ rootDomain: DOMAIN }),
      FunctionConfig: { Runtime: 'cloudfront-js-2.0' },
    });
  });

  it('points A and AAAA records of both names at the distribution', () => {
    const records = ofType('AWS::Route53::RecordSet').map(([, r]) => r.Properties);
    expect(records.map((r) => `${r.Type} ${r.Name}`).sort()).toEqual(
      [`A *.${DOMAIN}.`, `A ${DOMAIN}.`, `AAAA *.${DOMAIN}.`, `AAAA ${DOMAIN}.`].sort(),
    );
    for (const record of records) {
      expect(record.HostedZoneId).toBe(ZONE);
      expect(record.AliasTarget.DNSName).toEqual({ 'Fn::GetAtt': [expect.any(String), 'DomainName'] });
    }
  });

  it('tells the functions the site origin and lets tenant pages use presigned URLs', () => {
    for (const fn of Object.values(s.stack.api.functions)) {
      expect(resources[logicalId(s.stack, fn)].Properties.Environment.Variables.PUBLIC_ORIGIN).toBe(
        `https://${DOMAIN}`,
      );
    }
    const files = resources[logicalId(s.stack, s.stack.storage.buckets.files)];
    expect(files.Properties.CorsConfiguration.CorsRules[0].AllowedOrigins).toEqual([
      `https://${DOMAIN}`,
      `https://*.${DOMAIN}`,
    ]);
  });

  it('outputs the custom domain as the site URL', () => {
    s.template.hasOutput('SiteUrl', { Value: `https://${DOMAIN}` });
    s.template.hasOutput('ApiUrl', { Value: `https://${DOMAIN}/api` });
  });
});

describe('without a web build', () => {
  it('synthesizes without a deployment, with a warning', () => {
    s.template.resourceCountIs('Custom::CDKBucketDeployment', 0);
    Annotations.fromStack(s.stack).hasWarning(
      '/Workspace-prod/Web',
      Match.stringLikeRegexp('No built web app'),
    );
  });
});

describe('bucket grants', () => {
  const s3Statements = (group: string) => {
    const fn = resources[logicalId(s.stack, s.stack.api.functions[group]!)];
    const roleId = fn.Properties.Role['Fn::GetAtt'][0];
    return iamStatements(s.template)
      .filter((st) => resources[st.policy]?.Properties.Roles?.some((ref: Cfn) => ref.Ref === roleId))
      .filter((st) => st.Action.some((a) => a.startsWith('s3:')));
  };
  const arn = (bucketId: string) => ({ 'Fn::GetAtt': [bucketId, 'Arn'] });
  const objects = (bucketId: string, keys: string) => ({ 'Fn::Join': ['', [arn(bucketId), `/${keys}`]] });

  it('scopes a group to the bucket and key prefix it was granted', () => {
    const files = logicalId(s.stack, s.stack.storage.buckets.files);
    const statements = s3Statements('enterprise');
    expect(statements.length).toBeGreaterThan(0);
    expect(statements.flatMap((st) => st.Resource)).toEqual(
      expect.arrayContaining([arn(files), objects(files, 'tenants/*')]),
    );
    for (const resource of statements.flatMap((st) => st.Resource)) {
      expect([arn(files), objects(files, 'tenants/*')]).toContainEqual(resource);
    }
    expect(statements.flatMap((st) => st.Action)).toContain('s3:PutObject');
  });

  it('gives read access without write', () => {
    const artifacts = logicalId(s.stack, s.stack.storage.buckets.artifacts);
    const statements = s3Statements('system');
    for (const resource of statements.flatMap((st) => st.Resource)) {
      expect([arn(artifacts), objects(artifacts, '*')]).toContainEqual(resource);
    }
    const actions = statements.flatMap((st) => st.Action);
    expect(actions).toContain('s3:GetObject*');
    expect(actions.filter((a) => /Put|Delete/.test(a))).toEqual([]);
  });

  it('gives an unlisted group no bucket access', () => {
    expect(s3Statements('auth')).toEqual([]);
  });

  it('never grants a wildcard action on every resource', () => {
    for (const statement of iamStatements(s.template)) {
      if (statement.Effect !== 'Allow' || !statement.Resource.includes('*')) continue;
      expect(
        statement.Action.filter((a) => a === '*' || /^[a-z0-9-]+:\*$/.test(a)),
        statement.policy,
      ).toEqual([]);
    }
  });
});
