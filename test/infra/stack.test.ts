import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Match } from 'aws-cdk-lib/assertions';
import { CachePolicy, OriginRequestPolicy } from 'aws-cdk-lib/aws-cloudfront';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../functions/src/app';
import { ENDPOINT_GROUPS } from '../../functions/src/manifest';
import {
  DOCS_FILE_KEYS,
  ENTERPRISE_FILE_KEYS,
  EXPORT_ARCHIVE_KEYS,
  EXPORT_RETENTION_DAYS,
  EXPORTS_PREFIX,
  GROUP_BUCKET_ACCESS,
} from '../../infra/lib/bucket-access';
import { FORWARDED_HOST_FUNCTION_CODE } from '../../infra/lib/constructs/forwarded-host';
import { siteRequestFunctionCode } from '../../infra/lib/constructs/site-request';
import { BUCKET_ROLES, TABLE_DEFINITION } from '../../infra/lib/definitions';
import { webRuntimeConfigScript } from '../../infra/lib/web-runtime-config';
import { type Cfn, iamStatements, logicalId, type Synthesized, synthWorkspace } from './helpers';

/** A stand-in for web/dist, so the deployment constructs are tested whether or not a build ran. */
function webDistFixture(): string {
  const dist = mkdtempSync(join(tmpdir(), 'workspace-web-dist-'));
  mkdirSync(join(dist, 'assets'));
  mkdirSync(join(dist, 'api'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(dist, 'assets/index-4f2a9c.js'), 'console.log(1);');
  writeFileSync(join(dist, 'api/openapi.json'), '{"openapi":"3.1.0"}');
  // The build's default run-time config, which the stack replaces with the stage's own.
  writeFileSync(join(dist, 'config.js'), 'window.__WORKSPACE_CONFIG__ = { rootDomain: null };');
  return dist;
}

let webDist: string;
let s: Synthesized;
let resources: Record<string, Cfn>;
const ofType = (type: string): [string, Cfn][] =>
  Object.entries(resources).filter(([, r]) => r.Type === type);

beforeAll(() => {
  // The one synth of this file: bundling the functions is the slow part.
  webDist = webDistFixture();
  s = synthWorkspace({ stage: 'dev' }, { webDistPath: webDist });
  resources = s.template.toJSON().Resources;
}, 120_000);

afterAll(() => {
  for (const dir of [s.outdir, webDist]) rmSync(dir, { recursive: true, force: true });
});

describe('table', () => {
  it('has string keys pk/sk and string keys for both indexes', () => {
    const { partitionKey, sortKey, globalSecondaryIndexes } = TABLE_DEFINITION;
    const keyNames = [
      partitionKey,
      sortKey,
      ...globalSecondaryIndexes.flatMap((i) => [i.partitionKey, i.sortKey]),
    ];
    s.template.resourceCountIs('AWS::DynamoDB::Table', 1);
    s.template.hasResourceProperties('AWS::DynamoDB::Table', {
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      AttributeDefinitions: Match.arrayWith(
        keyNames.map((name) => ({ AttributeName: name, AttributeType: 'S' })),
      ),
    });
    const [, table] = ofType('AWS::DynamoDB::Table')[0]!;
    expect(table.Properties.AttributeDefinitions).toHaveLength(keyNames.length);
  });

  it('has gsi1 and gsi2 projecting all attributes', () => {
    const [, table] = ofType('AWS::DynamoDB::Table')[0]!;
    expect(table.Properties.GlobalSecondaryIndexes).toEqual([
      {
        IndexName: 'gsi1',
        KeySchema: [
          { AttributeName: 'gsi1pk', KeyType: 'HASH' },
          { AttributeName: 'gsi1sk', KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      },
      {
        IndexName: 'gsi2',
        KeySchema: [
          { AttributeName: 'gsi2pk', KeyType: 'HASH' },
          { AttributeName: 'gsi2sk', KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      },
    ]);
  });

  it('is on-demand, with point-in-time recovery and TTL on expiresAt', () => {
    s.template.hasResourceProperties('AWS::DynamoDB::Table', {
      BillingMode: 'PAY_PER_REQUEST',
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
    });
  });

  it('is deleted with a dev stack', () => {
    s.template.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Delete',
      Properties: Match.objectLike({ DeletionProtectionEnabled: false }),
    });
  });
});

describe('buckets', () => {
  it('are the data buckets of BUCKET_ROLES plus the web bucket', () => {
    s.template.resourceCountIs('AWS::S3::Bucket', BUCKET_ROLES.length + 1);
    for (const role of BUCKET_ROLES) {
      expect(logicalId(s.stack, s.stack.storage.buckets[role])).toBeDefined();
    }
  });

  it('are private and encrypted', () => {
    for (const [id, bucket] of ofType('AWS::S3::Bucket')) {
      expect(bucket.Properties.PublicAccessBlockConfiguration, id).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
      expect(bucket.Properties.BucketEncryption, id).toEqual({
        ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
      });
    }
  });

  it('refuse requests without TLS', () => {
    for (const [id] of ofType('AWS::S3::Bucket')) {
      s.template.hasResourceProperties('AWS::S3::BucketPolicy', {
        Bucket: { Ref: id },
        PolicyDocument: {
          Statement: Match.arrayWith([
            Match.objectLike({
              Effect: 'Deny',
              Action: 's3:*',
              Condition: { Bool: { 'aws:SecureTransport': 'false' } },
            }),
          ]),
        },
      });
    }
  });

  it('let the site PUT, POST, GET and HEAD data objects with presigned URLs and POST policies', () => {
    const siteOrigin = {
      'Fn::Join': [
        '',
        ['https://', { 'Fn::GetAtt': [logicalId(s.stack, s.stack.web.distribution), 'DomainName'] }],
      ],
    };
    for (const role of BUCKET_ROLES) {
      const bucket = resources[logicalId(s.stack, s.stack.storage.buckets[role])];
      expect(bucket.Properties.CorsConfiguration.CorsRules).toEqual([
        expect.objectContaining({
          AllowedMethods: ['PUT', 'POST', 'GET', 'HEAD'],
          AllowedOrigins: [siteOrigin],
        }),
      ]);
    }
    expect(
      resources[logicalId(s.stack, s.stack.storage.webBucket)].Properties.CorsConfiguration,
    ).toBeUndefined();
  });
});

describe('CloudFront', () => {
  let config: Cfn;
  let webOriginId: string;
  let apiOriginId: string;
  const behaviour = (pattern: string) => config.CacheBehaviors.find((b: Cfn) => b.PathPattern === pattern);

  beforeAll(() => {
    const distributions = ofType('AWS::CloudFront::Distribution');
    expect(distributions).toHaveLength(1);
    config = distributions[0]![1].Properties.DistributionConfig;
    const webBucket = logicalId(s.stack, s.stack.storage.webBucket);
    const httpApi = logicalId(s.stack, s.stack.api.httpApi);
    webOriginId = config.Origins.find(
      (o: Cfn) =>
        JSON.stringify(o.DomainName) === JSON.stringify({ 'Fn::GetAtt': [webBucket, 'RegionalDomainName'] }),
    )?.Id;
    apiOriginId = config.Origins.find((o: Cfn) => JSON.stringify(o.DomainName).includes(httpApi))?.Id;
  });

  it('reads the web bucket through origin access control', () => {
    s.template.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: { OriginAccessControlOriginType: 's3', SigningBehavior: 'always' },
    });
    const webOrigin = config.Origins.find((o: Cfn) => o.Id === webOriginId);
    expect(webOrigin.OriginAccessControlId).toEqual({ 'Fn::GetAtt': [expect.any(String), 'Id'] });
    s.template.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: logicalId(s.stack, s.stack.storage.webBucket) },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Allow',
            Action: 's3:GetObject',
            Principal: { Service: 'cloudfront.amazonaws.com' },
          }),
        ]),
      },
    });
  });

  it('serves index.html as the root object from the web bucket, with the site-request function', () => {
    expect(config.DefaultRootObject).toBe('index.html');
    expect(config.DefaultCacheBehavior.TargetOriginId).toBe(webOriginId);
    expect(config.DefaultCacheBehavior.FunctionAssociations).toEqual([
      { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [expect.any(String), 'FunctionARN'] } },
    ]);
    s.template.hasResourceProperties('AWS::CloudFront::Function', {
      // Without a custom domain: the single-page fallback, no tenant hosts.
      FunctionCode: siteRequestFunctionCode(),
      FunctionConfig: Match.objectLike({ Runtime: 'cloudfront-js-2.0' }),
    });
  });

  it('has no distribution-wide error responses (they would turn API 403/404 into the web page)', () => {
    expect(config.CustomErrorResponses).toBeUndefined();
  });

  it("sends '/api/*' to API Gateway uncached, with every method and the viewer's headers", () => {
    const api = behaviour('/api/*');
    expect(apiOriginId).toBeDefined();
    expect(api).toMatchObject({
      TargetOriginId: apiOriginId,
      CachePolicyId: CachePolicy.CACHING_DISABLED.cachePolicyId,
      OriginRequestPolicyId: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER.originRequestPolicyId,
      ViewerProtocolPolicy: 'https-only',
    });
    expect([...api.AllowedMethods].sort()).toEqual([
      'DELETE',
      'GET',
      'HEAD',
      'OPTIONS',
      'PATCH',
      'POST',
      'PUT',
    ]);
    // Not the SPA rewrite: only the function that passes the viewer's host on.
    const [association] = api.FunctionAssociations;
    expect(api.FunctionAssociations).toHaveLength(1);
    expect(resources[association.FunctionARN['Fn::GetAtt'][0]].Properties.FunctionCode).toBe(
      FORWARDED_HOST_FUNCTION_CODE,
    );
    const apiOrigin = config.Origins.find((o: Cfn) => o.Id === apiOriginId);
    expect(apiOrigin.CustomOriginConfig.OriginProtocolPolicy).toBe('https-only');
  });

  it("serves '/api/openapi.json' from the web bucket, matched before '/api/*'", () => {
    expect(behaviour('/api/openapi.json')).toMatchObject({ TargetOriginId: webOriginId });
    const patterns = config.CacheBehaviors.map((b: Cfn) => b.PathPattern);
    expect(patterns.indexOf('/api/openapi.json')).toBeLessThan(patterns.indexOf('/api/*'));
  });

  it("caches the hashed '/assets/*' for a year and index.html not at all in browsers", () => {
    const assets = behaviour('/assets/*');
    expect(assets.TargetOriginId).toBe(webOriginId);
    const assetCache = resources[assets.CachePolicyId.Ref].Properties.CachePolicyConfig;
    expect(assetCache).toMatchObject({ MinTTL: 31_536_000, DefaultTTL: 31_536_000 });
    const headerValue = (policyRef: Cfn) =>
      resources[policyRef.Ref].Properties.ResponseHeadersPolicyConfig.CustomHeadersConfig.Items[0];
    expect(headerValue(assets.ResponseHeadersPolicyId)).toEqual({
      Header: 'Cache-Control',
      Value: 'public, max-age=31536000, immutable',
      Override: true,
    });
    expect(headerValue(config.DefaultCacheBehavior.ResponseHeadersPolicyId)).toEqual({
      Header: 'Cache-Control',
      Value: 'no-cache',
      Override: true,
    });
  });

  it('deploys the built app: hashed assets unpruned, then the documents with an invalidation', () => {
    const deployments = ofType('Custom::CDKBucketDeployment').map(([, r]) => r);
    expect(deployments).toHaveLength(2);
    const assets = deployments.find((d) => d.Properties.DestinationBucketKeyPrefix === 'assets/');
    const documents = deployments.find((d) => d.Properties.DestinationBucketKeyPrefix === undefined);
    expect(assets.Properties.Prune).toBe(false);
    expect(documents.Properties).toMatchObject({
      Prune: true,
      Exclude: ['assets/*'],
      DistributionPaths: ['/*'],
    });
    expect(documents.DependsOn).toEqual(
      expect.arrayContaining([expect.stringMatching(/DeployHashedAssets/)]),
    );
  });

  it("replaces the build's config.js with the stage's run-time config", () => {
    const documents = ofType('Custom::CDKBucketDeployment')
      .map(([, r]) => r)
      .find((d) => d.Properties.DestinationBucketKeyPrefix === undefined);
    const stagedDirs = (documents.Properties.SourceObjectKeys as string[]).map((key) =>
      join(s.outdir, `asset.${key.replace(/\.zip$/, '')}`),
    );
    expect(stagedDirs).toHaveLength(2);
    const [dist, config] = stagedDirs as [string, string];
    expect(readdirSync(dist).sort()).toEqual(['api', 'index.html']);
    expect(readdirSync(config)).toEqual(['config.js']);
    expect(readFileSync(join(config, 'config.js'), 'utf8')).toBe(
      webRuntimeConfigScript({ rootDomain: null }),
    );
  });
});

describe('API', () => {
  const groupFunctions = () =>
    ofType('AWS::Lambda::Function').filter(([, f]) => f.Properties.Environment?.Variables?.TABLE_NAME);

  it('has one function per endpoint group, nodejs22.x on arm64', () => {
    expect(groupFunctions()).toHaveLength(ENDPOINT_GROUPS.length);
    expect(Object.keys(s.stack.api.functions).sort()).toEqual(ENDPOINT_GROUPS.map((g) => g.name).sort());
    const enterprise = logicalId(s.stack, s.stack.api.functions.enterprise!);
    for (const [id, fn] of groupFunctions()) {
      // 15 s: well inside API Gateway's 30 s integration limit, so the function's own log shows
      // where the time went. The enterprise function's data export job gets 15 minutes, 1 GB and
      // 4 GB of /tmp to spool items (GROUP_FUNCTION_SIZES); its API calls are still cut at 30 s by
      // API Gateway.
      const size =
        id === enterprise
          ? { MemorySize: 1024, Timeout: 900, EphemeralStorage: { Size: 4096 } }
          : { MemorySize: 512, Timeout: 15 };
      expect(fn.Properties, id).toMatchObject({
        Runtime: 'nodejs22.x',
        Architectures: ['arm64'],
        ...size,
        Handler: 'index.handler',
      });
    }
  });

  it('gives every function its table, buckets, site origin and source maps', () => {
    const table = logicalId(s.stack, s.stack.table.table);
    for (const [id, fn] of groupFunctions()) {
      expect(fn.Properties.Environment.Variables, id).toMatchObject({
        TABLE_NAME: { Ref: table },
        FILES_BUCKET: { Ref: logicalId(s.stack, s.stack.storage.buckets.files) },
        ARTIFACTS_BUCKET: { Ref: logicalId(s.stack, s.stack.storage.buckets.artifacts) },
        PUBLIC_ORIGIN: { 'Fn::Join': ['', ['https://', expect.anything()]] },
        NODE_OPTIONS: '--enable-source-maps',
      });
    }
  });

  it('routes every path of every group (ANY) to that group’s function', () => {
    const integrations = ofType('AWS::ApiGatewayV2::Integration');
    const routes = ofType('AWS::ApiGatewayV2::Route').map(([, r]) => r.Properties);
    expect(routes).toHaveLength(ENDPOINT_GROUPS.reduce((n, g) => n + g.routes.length, 0));
    for (const group of ENDPOINT_GROUPS) {
      const fn = logicalId(s.stack, s.stack.api.functions[group.name]!);
      const integration = integrations.filter(
        ([, i]) =>
          JSON.stringify(i.Properties.IntegrationUri) === JSON.stringify({ 'Fn::GetAtt': [fn, 'Arn'] }),
      );
      expect(integration, group.name).toHaveLength(1);
      expect(integration[0]![1].Properties).toMatchObject({
        IntegrationType: 'AWS_PROXY',
        PayloadFormatVersion: '2.0',
      });
      for (const path of group.routes) {
        expect(routes, `${group.name} ${path}`).toContainEqual(
          expect.objectContaining({
            RouteKey: `ANY ${path}`,
            Target: { 'Fn::Join': ['', ['integrations/', { Ref: integration[0]![0] }]] },
          }),
        );
      }
    }
  });

  it('bundles each function into a minified ES module with a source map, that loads and exports handler', async () => {
    for (const [id, fn] of groupFunctions()) {
      const assetHash = String(fn.Properties.Code.S3Key).replace(/\.zip$/, '');
      const bundle = join(s.outdir, `asset.${assetHash}`, 'index.mjs');
      const text = readFileSync(bundle, 'utf8');
      // Minified: a few long lines, where unminified esbuild output averages well under 80.
      expect(text.length / text.split('\n').length, id).toBeGreaterThan(500);
      expect(existsSync(`${bundle}.map`), id).toBe(true);
      expect(text.trimEnd().endsWith('//# sourceMappingURL=index.mjs.map'), id).toBe(true);
      const module = await import(pathToFileURL(bundle).href);
      expect(typeof module.handler, id).toBe('function');
    }
  });
});

describe('IAM', () => {
  /** What the pipelines function reads of its builds' log group (infra/lib/constructs/pipeline-engine.ts). */
  const BUILD_LOG_READS = ['logs:GetLogEvents', 'logs:FilterLogEvents'];
  const isWildcardAction = (action: string) => action === '*' || /^[a-z0-9-]+:\*$/.test(action);

  it('grants no wildcard action on every resource', () => {
    for (const statement of iamStatements(s.template)) {
      if (statement.Effect !== 'Allow' || !statement.Resource.includes('*')) continue;
      expect(statement.Action.filter(isWildcardAction), statement.policy).toEqual([]);
    }
  });

  it('scopes every DynamoDB statement to the table and its indexes', () => {
    const table = logicalId(s.stack, s.stack.table.table);
    const allowed = [
      JSON.stringify({ 'Fn::GetAtt': [table, 'Arn'] }),
      JSON.stringify({ 'Fn::Join': ['', [{ 'Fn::GetAtt': [table, 'Arn'] }, '/index/*']] }),
    ];
    const dynamo = iamStatements(s.template).filter((st) => st.Action.some((a) => a.startsWith('dynamodb:')));
    expect(dynamo.length).toBeGreaterThanOrEqual(ENDPOINT_GROUPS.length);
    for (const statement of dynamo) {
      expect(statement.Action.filter(isWildcardAction), statement.policy).toEqual([]);
      for (const resource of statement.Resource)
        expect(allowed, statement.policy).toContain(JSON.stringify(resource));
    }
  });

  it('gives each group function its own role: its log group and the table, no managed policies', () => {
    for (const group of ENDPOINT_GROUPS) {
      const fn = resources[logicalId(s.stack, s.stack.api.functions[group.name]!)];
      const roleId = fn.Properties.Role['Fn::GetAtt'][0];
      expect(resources[roleId].Properties.ManagedPolicyArns, group.name).toBeUndefined();
      const logGroup = fn.Properties.LoggingConfig.LogGroup.Ref;
      const statements = Object.values(resources)
        .filter(
          (r) => r.Type === 'AWS::IAM::Policy' && r.Properties.Roles.some((ref: Cfn) => ref.Ref === roleId),
        )
        .flatMap((p) => p.Properties.PolicyDocument.Statement);
      // Writes to logs: its own group only (the pipelines function also reads the build logs).
      const logs = statements.filter((st: Cfn) =>
        [st.Action].flat().some((a: string) => a.startsWith('logs:') && !BUILD_LOG_READS.includes(a)),
      );
      expect(logs.map((st: Cfn) => st.Resource)).toEqual([{ 'Fn::GetAtt': [logGroup, 'Arn'] }]);
      // Only the groups listed in infra/lib/bucket-access.ts have bucket access.
      if (GROUP_BUCKET_ACCESS[group.name]) continue;
      expect(statements.some((st: Cfn) => [st.Action].flat().some((a: string) => a.startsWith('s3:')))).toBe(
        false,
      );
    }
  });
});

describe('logs and outputs', () => {
  it('gives every log group a retention, and every group function its own of one month', () => {
    const logGroups = ofType('AWS::Logs::LogGroup');
    expect(logGroups.length).toBeGreaterThanOrEqual(ENDPOINT_GROUPS.length);
    for (const [id, logGroup] of logGroups)
      expect(logGroup.Properties.RetentionInDays, id).toBeGreaterThan(0);
    const own = ENDPOINT_GROUPS.map((group) => {
      const fn = resources[logicalId(s.stack, s.stack.api.functions[group.name]!)];
      return fn.Properties.LoggingConfig.LogGroup.Ref as string;
    });
    expect(new Set(own).size).toBe(ENDPOINT_GROUPS.length);
    for (const id of own)
      expect(resources[id]).toMatchObject({
        Type: 'AWS::Logs::LogGroup',
        Properties: { RetentionInDays: 30 },
      });
  });

  it('outputs the site and API URLs at the CloudFront domain without a custom domain', () => {
    const domainName = { 'Fn::GetAtt': [logicalId(s.stack, s.stack.web.distribution), 'DomainName'] };
    s.template.hasOutput('SiteUrl', { Value: { 'Fn::Join': ['', ['https://', domainName]] } });
    s.template.hasOutput('ApiUrl', { Value: { 'Fn::Join': ['', ['https://', domainName, '/api']] } });
    s.template.hasOutput('ApiGatewayUrl', {
      Value: { 'Fn::GetAtt': [logicalId(s.stack, s.stack.api.httpApi), 'ApiEndpoint'] },
    });
  });

  it('outputs the site, the API, the table and the buckets', () => {
    const outputs = Object.keys(s.template.toJSON().Outputs);
    expect(outputs).toEqual(
      expect.arrayContaining([
        'SiteUrl',
        'ApiUrl',
        'TableName',
        'FilesBucketName',
        'ArtifactsBucketName',
        'WebBucketName',
      ]),
    );
  });
});

describe('OpenAPI coverage', () => {
  /** An API Gateway route path as a matcher: `{name}` is one segment, `{proxy+}` the rest. */
  const matcher = (routePath: string) =>
    new RegExp(
      `^${routePath
        .replace(/[.]/g, '\\.')
        .replace(/\{[^}]+\+\}/g, '.+')
        .replace(/\{[^}]+\}/g, '[^/]+')}$`,
    );
  /** API Gateway prefers a route without a greedy `{proxy+}` over one with it. */
  const greedy = (routePath: string) => /\{[^}]+\+\}/.test(routePath);
  const mostSpecific = <T>(matches: T[], routeOf: (match: T) => string): T[] =>
    matches.some((m) => !greedy(routeOf(m))) ? matches.filter((m) => !greedy(routeOf(m))) : matches;
  const groupOf = (path: string) =>
    mostSpecific(
      ENDPOINT_GROUPS.flatMap((g) =>
        (g.routes as readonly string[]).filter((r) => matcher(r).test(path)).map((route) => ({ g, route })),
      ),
      (m) => m.route,
    )
      .map((m) => m.g)
      .filter((g, i, all) => all.indexOf(g) === i);

  it('gives every documented path a route to its group’s function, and every such group a function', () => {
    const routes = ofType('AWS::ApiGatewayV2::Route').map(([, r]) => r.Properties);
    const integrations = Object.fromEntries(ofType('AWS::ApiGatewayV2::Integration'));
    const functionOfRoute = (route: Cfn) =>
      integrations[route.Target['Fn::Join'][1][1].Ref].Properties.IntegrationUri['Fn::GetAtt'][0];
    const paths = Object.keys(buildOpenApiDocument().paths ?? {});
    expect(paths.length).toBeGreaterThan(0);

    const documentedGroups = new Set<string>();
    for (const path of paths) {
      // The OpenAPI document itself comes from the web bucket (CloudFront), not from a function.
      if (path === '/api/openapi.json') continue;
      const concrete = path.replace(/\{[^}]+\}/g, 'x');
      const groups = groupOf(concrete);
      expect(
        groups.map((g) => g.name),
        path,
      ).toHaveLength(1);
      const group = groups[0]!;
      documentedGroups.add(group.name);
      const fn = s.stack.api.functions[group.name];
      expect(fn, `${group.name} has no function`).toBeDefined();
      const routeKey = (r: Cfn) => String(r.RouteKey).replace(/^[A-Z]+ /, '');
      const matching = mostSpecific(
        routes.filter((r) => matcher(routeKey(r)).test(concrete)),
        routeKey,
      );
      expect(matching.length, `${path} has no API Gateway route`).toBeGreaterThan(0);
      for (const route of matching) {
        expect(functionOfRoute(route), `${route.RouteKey} for ${path}`).toBe(logicalId(s.stack, fn!));
      }
    }
    for (const name of documentedGroups) {
      const [, fn] = ofType('AWS::Lambda::Function').find(
        ([id]) => id === logicalId(s.stack, s.stack.api.functions[name]!),
      )!;
      expect(fn.Properties.Handler, name).toBe('index.handler');
    }
  });
});

describe('the enterprise function and data exports', () => {
  const s3Statements = () => {
    const fn = resources[logicalId(s.stack, s.stack.api.functions.enterprise!)];
    const roleId = fn.Properties.Role['Fn::GetAtt'][0];
    return iamStatements(s.template)
      .filter((st) => resources[st.policy]?.Properties.Roles?.some((ref: Cfn) => ref.Ref === roleId))
      .filter((st) => st.Action.some((a) => a.startsWith('s3:')));
  };

  it("reads the enterprises' files and writes only under the exports prefix", () => {
    const files = logicalId(s.stack, s.stack.storage.buckets.files);
    const bucket = { 'Fn::GetAtt': [files, 'Arn'] };
    const fileObjects = { 'Fn::Join': ['', [bucket, `/${ENTERPRISE_FILE_KEYS}`]] };
    const exportObjects = { 'Fn::Join': ['', [bucket, `/${EXPORT_ARCHIVE_KEYS}`]] };
    expect(ENTERPRISE_FILE_KEYS).toBe('ent/*');
    expect(EXPORT_ARCHIVE_KEYS).toBe('exports/*');
    const statements = s3Statements();
    expect(statements.length).toBeGreaterThan(0);
    for (const statement of statements) {
      for (const resource of statement.Resource) {
        expect([bucket, fileObjects, exportObjects]).toContainEqual(resource);
      }
      // Writes and deletes reach the archives' objects only (the bucket itself is there for the
      // bucket-level actions, which write no object).
      const writes = statement.Action.some((a) => a.startsWith('s3:Put') || a.startsWith('s3:Delete'));
      const objects = statement.Resource.filter((r) => 'Fn::Join' in r);
      if (writes) expect(objects).toEqual([exportObjects]);
    }
    const artifacts = logicalId(s.stack, s.stack.storage.buckets.artifacts);
    expect(JSON.stringify(statements)).not.toContain(artifacts);
    expect(s.stack.api.jobQueues.enterprise).toBeDefined();
    // Six times the function's time-out, so a slow export is not delivered again while it runs.
    const queue = resources[logicalId(s.stack, s.stack.api.jobQueues.enterprise!)];
    expect(queue.Properties.VisibilityTimeout).toBe(5400);
  });

  it('expires the archives under the exports prefix after the retention', () => {
    const files = resources[logicalId(s.stack, s.stack.storage.buckets.files)];
    const rules = files.Properties.LifecycleConfiguration.Rules as Cfn[];
    expect(rules).toContainEqual(
      expect.objectContaining({
        Id: 'ExpireDataExports',
        Prefix: EXPORTS_PREFIX,
        ExpirationInDays: EXPORT_RETENTION_DAYS,
        Status: 'Enabled',
      }),
    );
    expect(EXPORTS_PREFIX).toBe('exports/');
  });
});

describe('the knowledge base (docs) function', () => {
  const s3Statements = () => {
    const fn = resources[logicalId(s.stack, s.stack.api.functions.docs!)];
    const roleId = fn.Properties.Role['Fn::GetAtt'][0];
    return iamStatements(s.template)
      .filter((st) => resources[st.policy]?.Properties.Roles?.some((ref: Cfn) => ref.Ref === roleId))
      .filter((st) => st.Action.some((a) => a.startsWith('s3:')));
  };

  it("touches only the files bucket's docs sub-prefix of each enterprise", () => {
    const files = logicalId(s.stack, s.stack.storage.buckets.files);
    const bucket = { 'Fn::GetAtt': [files, 'Arn'] };
    const docsObjects = { 'Fn::Join': ['', [bucket, `/${DOCS_FILE_KEYS}`]] };
    expect(DOCS_FILE_KEYS).toBe('ent/*/docs/*');
    const statements = s3Statements();
    const objectStatements = statements.filter((st) => st.Action.includes('s3:PutObject'));
    expect(objectStatements.flatMap((st) => st.Resource)).toEqual(expect.arrayContaining([docsObjects]));
    for (const statement of statements) {
      for (const resource of statement.Resource) expect([bucket, docsObjects]).toContainEqual(resource);
    }
    // Objects only under the docs prefix: the bucket itself appears only for its bucket-level
    // actions (List*, GetBucket*), which read no object.
    const objectResources = statements.flatMap((st) => st.Resource).filter((r) => 'Fn::Join' in r);
    expect(objectResources.length).toBeGreaterThan(0);
    for (const resource of objectResources) expect(resource).toEqual(docsObjects);
    const artifacts = logicalId(s.stack, s.stack.storage.buckets.artifacts);
    expect(JSON.stringify(statements)).not.toContain(artifacts);
  });

  it('runs its sweeps hourly and has a job queue', () => {
    const rules = ofType('AWS::Events::Rule').map(([, r]) => r.Properties);
    const docsRules = rules.filter((r: Cfn) => String(r.Description).includes('docs'));
    expect(docsRules.map((r: Cfn) => r.ScheduleExpression).sort()).toEqual(['rate(1 hour)', 'rate(1 hour)']);
    expect(s.stack.api.jobQueues.docs).toBeDefined();
  });
});
