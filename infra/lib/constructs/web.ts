import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Annotations, Duration, Fn } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CachePolicy,
  Function as CloudFrontFunction,
  Distribution,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  type HeadersReferrerPolicy,
  HttpVersion,
  type IOrigin,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  ResponseHeadersPolicy,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { AaaaRecord, ARecord, HostedZone, RecordTarget } from 'aws-cdk-lib/aws-route53';
import { CloudFrontTarget } from 'aws-cdk-lib/aws-route53-targets';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import {
  type ContentSecurityPolicyOptions,
  contentSecurityPolicy,
  FRONT_DOOR_HEADER,
  HSTS_MAX_AGE_SECONDS,
  PERMISSIONS_POLICY,
  REFERRER_POLICY,
} from '../security-headers';
import type { SiteDomain } from '../settings';
import { WEB_RUNTIME_CONFIG_PATH, webRuntimeConfigScript } from '../web-runtime-config';
import { FORWARDED_HOST_FUNCTION_CODE } from './forwarded-host';
import { siteRequestFunctionCode } from './site-request';

export interface WebProps {
  /** The private bucket the built app is served from. */
  readonly bucket: IBucket;
  /**
   * Custom domain: the distribution answers for `domainName` and `*.domainName` (tenants).
   * @default none: the site is served at the CloudFront domain
   */
  readonly domain?: SiteDomain;
  /**
   * The built web app (Vite's `web/dist`), uploaded on deploy. Hashed files are expected under
   * `assets/`, and the OpenAPI document at `api/openapi.json`.
   * @default none: nothing is uploaded. A folder without index.html counts as none, so the stack
   * synthesizes before the first `npm run build` (with a warning).
   */
  readonly webDistPath?: string;
  /** Where the pages may upload to and load previews from (the files bucket), for the CSP. */
  readonly storageOrigins: readonly string[];
  /**
   * The WAF web ACL (a CLOUDFRONT one, in us-east-1) to put in front of the distribution.
   * @default none
   */
  readonly webAclArn?: string;
}

const ONE_YEAR = Duration.days(365);

/**
 * CloudFront in front of the private web bucket (origin access control), serving the SPA with a
 * client-side-route rewrite, `/api/openapi.json` from the bucket, and `/api/*` to the HTTP API
 * once `routeApi` is called.
 */
export class Web extends Construct {
  readonly distribution: Distribution;
  /** `https://` + the custom domain, or the CloudFront domain. */
  readonly url: string;
  /** Origins the site's pages run on: the site, and with a custom domain every tenant subdomain. */
  readonly origins: string[];
  private readonly securityHeaders: ResponseHeadersPolicy;

  constructor(scope: Construct, id: string, props: WebProps) {
    super(scope, id);
    const { domain } = props;
    const siteOrigin = S3BucketOrigin.withOriginAccessControl(props.bucket);

    const headers = (id: string, cacheControl?: string) =>
      responseHeaders(this, id, { storageOrigins: props.storageOrigins }, cacheControl);
    this.securityHeaders = headers('ApiResponseHeaders');
    // Documents (index.html, openapi.json): the edge keeps them until the next deploy invalidates
    // them; browsers revalidate on every load so a deploy shows up at once.
    const documentCache = new CachePolicy(this, 'DocumentCache', {
      comment: 'Web documents: edge until invalidated by a deploy',
      defaultTtl: Duration.days(1),
      minTtl: Duration.seconds(0),
      maxTtl: ONE_YEAR,
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });
    const documentHeaders = headers('DocumentResponseHeaders', 'no-cache');
    // Vite puts a content hash in every file name under assets/: a changed file is a new URL.
    const hashedAssetCache = new CachePolicy(this, 'HashedAssetCache', {
      comment: 'Content-hashed web assets: immutable',
      defaultTtl: ONE_YEAR,
      minTtl: ONE_YEAR,
      maxTtl: ONE_YEAR,
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });
    const hashedAssetHeaders = headers(
      'HashedAssetResponseHeaders',
      `public, max-age=${ONE_YEAR.toSeconds()}, immutable`,
    );
    // Tenant hosts and the single-page fallback in one function: one per event per behaviour.
    const siteRequest = new CloudFrontFunction(this, 'SiteRequest', {
      comment: 'Tenant subdomains; client-side routes (no file extension) get /index.html',
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(siteRequestFunctionCode(domain ? { rootDomain: domain.domainName } : {})),
    });

    const fromBucket = (cachePolicy: CachePolicy, responseHeadersPolicy: ResponseHeadersPolicy) => ({
      origin: siteOrigin,
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
      cachePolicy,
      responseHeadersPolicy,
      compress: true,
    });

    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'Workspace web app and API',
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      ...(props.webAclArn ? { webAclId: props.webAclArn } : {}),
      ...(domain
        ? {
            domainNames: [domain.domainName, `*.${domain.domainName}`],
            certificate: Certificate.fromCertificateArn(this, 'Certificate', domain.certificateArn),
          }
        : {}),
      defaultBehavior: {
        ...fromBucket(documentCache, documentHeaders),
        functionAssociations: [{ function: siteRequest, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      // Deliberately no errorResponses (see site-request.ts). Order matters: CloudFront takes the
      // first matching pattern, and '/api/openapi.json' must win over '/api/*' (added by routeApi).
      additionalBehaviors: {
        '/assets/*': fromBucket(hashedAssetCache, hashedAssetHeaders),
        // Written into the bucket by the build: it describes every group, and no single group's
        // Lambda holds them all.
        '/api/openapi.json': fromBucket(documentCache, documentHeaders),
      },
    });

    this.url = `https://${domain ? domain.domainName : this.distribution.distributionDomainName}`;
    this.origins = domain ? [this.url, `https://*.${domain.domainName}`] : [this.url];

    if (domain?.hostedZoneId) {
      const zone = HostedZone.fromHostedZoneAttributes(this, 'Zone', {
        hostedZoneId: domain.hostedZoneId,
        zoneName: domain.domainName,
      });
      const target = RecordTarget.fromAlias(new CloudFrontTarget(this.distribution));
      for (const [recordId, recordName] of [
        ['Root', domain.domainName],
        ['Tenants', `*.${domain.domainName}`],
      ] as const) {
        new ARecord(this, `${recordId}A`, { zone, recordName, target });
        new AaaaRecord(this, `${recordId}Aaaa`, { zone, recordName, target });
      }
    }

    this.deploySite(props, webRuntimeConfigScript({ rootDomain: domain?.domainName ?? null }));
  }

  /**
   * Sends `/api/*` to the HTTP API: nothing cached, every method, and every viewer header, cookie
   * and query string forwarded except Host (API Gateway routes on its own host name), which
   * travels as X-Forwarded-Host instead (see forwarded-host.ts). The origin adds the front door's
   * secret (`frontDoorSecret`, overwriting any viewer value): only with it do the functions
   * believe X-Forwarded-Host and its kin (functions/src/core/http/origin.ts).
   */
  routeApi(httpApi: IHttpApi, frontDoorSecret: string): void {
    // apiEndpoint is https://{id}.execute-api.{region}.{suffix}: the origin wants the host alone.
    const apiHost = Fn.select(2, Fn.split('/', httpApi.apiEndpoint));
    const apiOrigin: IOrigin = new HttpOrigin(apiHost, {
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      customHeaders: { [FRONT_DOOR_HEADER]: frontDoorSecret },
    });
    const forwardedHost = new CloudFrontFunction(this, 'ForwardedHost', {
      comment: "Tells the API the viewer's host and address (X-Forwarded-Host, True-Client-IP)",
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(FORWARDED_HOST_FUNCTION_CODE),
    });
    this.distribution.addBehavior('/api/*', apiOrigin, {
      // A redirect would turn a POST into a GET; refuse plain HTTP instead.
      viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: AllowedMethods.ALLOW_ALL,
      cachePolicy: CachePolicy.CACHING_DISABLED,
      originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      responseHeadersPolicy: this.securityHeaders,
      functionAssociations: [{ function: forwardedHost, eventType: FunctionEventType.VIEWER_REQUEST }],
    });
  }

  /**
   * Uploads web/dist in two passes. Hashed assets first and never pruned, so a browser still
   * running the previous index.html can load its lazy chunks; then the rest (index.html,
   * api/openapi.json, root files), pruned, with a CloudFront invalidation. The build's default
   * config.js is replaced by this stage's (web-runtime-config.ts): the same build serves any domain.
   */
  private deploySite({ bucket, webDistPath }: WebProps, runtimeConfig: string): void {
    if (!webDistPath || !existsSync(join(webDistPath, 'index.html'))) {
      Annotations.of(this).addWarningV2(
        'workspace:webDistMissing',
        `No built web app at ${webDistPath ?? '(none)'}: the site bucket is not deployed. Run npm run build first.`,
      );
      return;
    }
    const assetsPath = join(webDistPath, 'assets');
    const assets = existsSync(assetsPath)
      ? new BucketDeployment(this, 'DeployHashedAssets', {
          sources: [Source.asset(assetsPath)],
          destinationBucket: bucket,
          destinationKeyPrefix: 'assets/',
          prune: false,
          cacheControl: [CacheControl.fromString(`public, max-age=${ONE_YEAR.toSeconds()}, immutable`)],
          memoryLimit: 512,
        })
      : undefined;
    const documents = new BucketDeployment(this, 'DeployDocuments', {
      sources: [
        Source.asset(webDistPath, { exclude: ['assets', WEB_RUNTIME_CONFIG_PATH] }),
        Source.data(WEB_RUNTIME_CONFIG_PATH, runtimeConfig),
      ],
      destinationBucket: bucket,
      // Keeps the sync from deleting what the first pass uploaded.
      exclude: ['assets/*'],
      prune: true,
      distribution: this.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
    });
    if (assets) documents.node.addDependency(assets);
  }
}

/**
 * Security headers on every response (security-headers.ts, shared with the embedded server),
 * plus an overriding Cache-Control when given. HSTS includes subdomains: tenants are served at
 * `{identifier}.{domain}`, all of them over https only.
 */
function responseHeaders(
  scope: Construct,
  id: string,
  csp: ContentSecurityPolicyOptions,
  cacheControl?: string,
): ResponseHeadersPolicy {
  const customHeaders = [
    ...(cacheControl ? [{ header: 'Cache-Control', value: cacheControl, override: true }] : []),
    { header: 'Permissions-Policy', value: PERMISSIONS_POLICY, override: true },
  ];
  return new ResponseHeadersPolicy(scope, id, {
    securityHeadersBehavior: {
      contentSecurityPolicy: { contentSecurityPolicy: contentSecurityPolicy(csp), override: true },
      strictTransportSecurity: {
        accessControlMaxAge: Duration.seconds(HSTS_MAX_AGE_SECONDS),
        includeSubdomains: true,
        override: true,
      },
      contentTypeOptions: { override: true },
      frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
      referrerPolicy: { referrerPolicy: REFERRER_POLICY as HeadersReferrerPolicy, override: true },
    },
    customHeadersBehavior: { customHeaders },
  });
}
