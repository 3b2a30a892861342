/**
 * What the stack puts between the internet and the functions: the response headers (one policy
 * definition shared with the embedded server), the front door's secret header that the functions
 * require before they believe X-Forwarded-*, API Gateway throttling, and the WAF web ACL on the
 * distribution (in us-east-1, as CloudFront requires).
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FRONT_DOOR_HEADER } from '../../functions/src/core/http/origin';
import { contentSecurityPolicy, PERMISSIONS_POLICY } from '../../infra/lib/security-headers';
import { type Cfn, type Synthesized, synthWorkspace } from './helpers';

let s: Synthesized;
let resources: Record<string, Cfn>;
let edge: Template;
const ofType = (type: string): [string, Cfn][] =>
  Object.entries(resources).filter(([, r]) => r.Type === type);

beforeAll(() => {
  s = synthWorkspace(
    {
      stage: 'prod',
      domainName: 'example.com',
      certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/0f1e2d3c-4b5a-6978-8a9b-0c1d2e3f4a5b',
    },
    { bundle: false, webDistPath: join(import.meta.dirname, 'no-such-web-dist') },
  );
  resources = s.template.toJSON().Resources;
  edge = s.stack.edge && Template.fromStack(s.stack.edge);
}, 60_000);

afterAll(() => rmSync(s.outdir, { recursive: true, force: true }));

const distributionConfig = () => ofType('AWS::CloudFront::Distribution')[0]![1].Properties.DistributionConfig;

describe('response headers', () => {
  const policies = () => ofType('AWS::CloudFront::ResponseHeadersPolicy').map(([, p]) => p);

  it('every behaviour answers with the CSP, nosniff, DENY framing, referrer and permissions policies', () => {
    const config = distributionConfig();
    const behaviours = [config.DefaultCacheBehavior, ...config.CacheBehaviors];
    expect(behaviours.length).toBeGreaterThanOrEqual(4);
    // The storage origin is the files bucket's regional domain, a token resolved at deploy.
    const files = `https://${s.stack.storage.buckets.files.bucketRegionalDomainName}`;
    const expectedCsp = s.stack.resolve(contentSecurityPolicy({ storageOrigins: [files] }));
    for (const behaviour of behaviours) {
      const policy = resources[behaviour.ResponseHeadersPolicyId.Ref].Properties.ResponseHeadersPolicyConfig;
      const security = policy.SecurityHeadersConfig;
      expect(security.ContentSecurityPolicy.ContentSecurityPolicy).toEqual(expectedCsp);
      expect(security.ContentSecurityPolicy.Override).toBe(true);
      expect(security.ContentTypeOptions).toEqual({ Override: true });
      expect(security.FrameOptions).toEqual({ FrameOption: 'DENY', Override: true });
      expect(security.ReferrerPolicy).toEqual({
        ReferrerPolicy: 'strict-origin-when-cross-origin',
        Override: true,
      });
      expect(policy.CustomHeadersConfig.Items).toContainEqual({
        Header: 'Permissions-Policy',
        Value: PERMISSIONS_POLICY,
        Override: true,
      });
    }
  });

  it('the CSP allows no inline script or eval, no framing, and only our and the storage origins', () => {
    const csp = contentSecurityPolicy({ storageOrigins: ['https://files.example'] });
    const directives = Object.fromEntries(
      csp.split(';').map((d) => {
        const [name = '', ...values] = d.trim().split(/\s+/);
        return [name, values];
      }),
    );
    expect(directives['script-src']).toEqual(["'self'"]);
    expect(csp).not.toContain('unsafe-eval');
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    expect(directives['object-src']).toEqual(["'none'"]);
    for (const name of ['connect-src', 'img-src', 'frame-src']) {
      expect(directives[name]).toContain('https://files.example');
    }
  });

  it("without a custom domain the CSP allows the region's S3 hosts (the bucket's CORS names the distribution)", () => {
    const dev = synthWorkspace(
      { stage: 'dev' },
      { bundle: false, webDistPath: join(import.meta.dirname, 'no-such-web-dist') },
    );
    try {
      const [policy] = Object.values(
        dev.template.findResources('AWS::CloudFront::ResponseHeadersPolicy'),
      ) as Cfn[];
      const csp = policy.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig.ContentSecurityPolicy;
      expect(csp.ContentSecurityPolicy).toEqual(
        dev.stack.resolve(
          contentSecurityPolicy({
            storageOrigins: [`https://*.s3.${dev.stack.region}.${dev.stack.urlSuffix}`],
          }),
        ),
      );
    } finally {
      rmSync(dev.outdir, { recursive: true, force: true });
    }
  });

  it('HSTS covers the tenant subdomains', () => {
    for (const policy of policies()) {
      expect(
        policy.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig.StrictTransportSecurity,
      ).toEqual({
        AccessControlMaxAgeSec: 31_536_000,
        IncludeSubdomains: true,
        Override: true,
      });
    }
  });
});

describe('the front door', () => {
  it('the API origin sends the secret header that every group function requires, from one secret', () => {
    const config = distributionConfig();
    const api = config.CacheBehaviors.find((b: Cfn) => b.PathPattern === '/api/*');
    const origin = config.Origins.find((o: Cfn) => o.Id === api.TargetOriginId);
    const header = origin.OriginCustomHeaders.find((h: Cfn) => h.HeaderName === FRONT_DOOR_HEADER);
    expect(header).toBeDefined();
    const [secretId] = ofType('AWS::SecretsManager::Secret').map(([id]) => id);
    expect(JSON.stringify(header.HeaderValue)).toContain(`{"Ref":"${secretId}"}`);
    expect(JSON.stringify(header.HeaderValue)).toContain('resolve:secretsmanager');
    const functions = ofType('AWS::Lambda::Function').filter(
      ([, f]) => f.Properties.Environment?.Variables?.TABLE_NAME,
    );
    expect(functions.length).toBeGreaterThan(5);
    for (const [, fn] of functions)
      expect(fn.Properties.Environment.Variables.FRONT_DOOR_SECRET).toEqual(header.HeaderValue);
  });
});

describe('throttling', () => {
  it('the API stage throttles every route, and the sign-in routes harder', () => {
    const [, stage] = ofType('AWS::ApiGatewayV2::Stage')[0]!;
    const { DefaultRouteSettings, RouteSettings } = stage.Properties;
    expect(DefaultRouteSettings.ThrottlingRateLimit).toBeGreaterThan(0);
    expect(DefaultRouteSettings.ThrottlingBurstLimit).toBeGreaterThan(0);
    const auth = RouteSettings['ANY /api/auth/{proxy+}'];
    expect(auth.ThrottlingRateLimit).toBeLessThan(DefaultRouteSettings.ThrottlingRateLimit);
    // Route settings must name routes that exist, or the deployment fails.
    const routeKeys = ofType('AWS::ApiGatewayV2::Route').map(([, r]) => r.Properties.RouteKey);
    for (const key of Object.keys(RouteSettings)) expect(routeKeys).toContain(key);
  });
});

describe('WAF', () => {
  it('a CLOUDFRONT web ACL in us-east-1 with the common and known-bad-inputs rules and a rate rule', () => {
    expect(s.stack.edge.region).toBe('us-east-1');
    edge.resourceCountIs('AWS::WAFv2::WebACL', 1);
    const [acl] = Object.values(edge.findResources('AWS::WAFv2::WebACL')) as Cfn[];
    expect(acl.Properties.Scope).toBe('CLOUDFRONT');
    expect(acl.Properties.DefaultAction).toEqual({ Allow: {} });
    const managed = acl.Properties.Rules.map((r: Cfn) => r.Statement.ManagedRuleGroupStatement?.Name).filter(
      Boolean,
    );
    expect(managed).toEqual(
      expect.arrayContaining(['AWSManagedRulesCommonRuleSet', 'AWSManagedRulesKnownBadInputsRuleSet']),
    );
    const rate = acl.Properties.Rules.find((r: Cfn) => r.Statement.RateBasedStatement);
    expect(rate.Action).toEqual({ Block: {} });
    expect(rate.Statement.RateBasedStatement).toMatchObject({
      AggregateKeyType: 'IP',
      Limit: expect.any(Number),
    });
  });

  it('is associated with the distribution', () => {
    const config = distributionConfig();
    // The ARN comes from us-east-1 through a parameter the edge stack writes.
    expect(JSON.stringify(config.WebACLId)).toMatch(/Parameter\.Value/);
    const [param] = Object.values(edge.findResources('AWS::SSM::Parameter')) as Cfn[];
    expect(JSON.stringify(param.Properties.Value)).toContain('"Arn"');
    expect(s.stack.dependencies).toContain(s.stack.edge);
  });
});
