import type { Node } from 'constructs';

export const STAGES = ['dev', 'prod'] as const;
export type Stage = (typeof STAGES)[number];

/** A custom domain for the site; tenants are served at `{identifier}.{domainName}`. */
export interface SiteDomain {
  /** Root domain, e.g. `example.com`. The distribution answers for it and for `*.example.com`. */
  readonly domainName: string;
  /** ACM certificate in us-east-1 (CloudFront only reads certificates there) covering both names. */
  readonly certificateArn: string;
  /** Route 53 hosted zone of `domainName`; when set, the stack writes the alias records. */
  readonly hostedZoneId?: string;
}

/** What one deployment of the stack varies on; read from CDK context (see infra/README.md). */
export interface StageSettings {
  readonly stage: Stage;
  /** @default none: the site is served at the CloudFront domain */
  readonly domain?: SiteDomain;
}

const DOMAIN_NAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const US_EAST_1_CERTIFICATE = /^arn:aws[a-z-]*:acm:us-east-1:\d{12}:certificate\/[\w-]+$/;
const HOSTED_ZONE_ID = /^Z[A-Z0-9]{1,31}$/;

/**
 * Reads and validates the stage settings from CDK context (`cdk.json`, or `-c key=value`).
 * Throws with the setting's name, so a typo fails the synth instead of deploying something else.
 */
export function readStageSettings(node: Node): StageSettings {
  const read = (key: string): string | undefined => {
    const value: unknown = node.tryGetContext(key);
    if (value === undefined || value === null || value === '') return undefined;
    if (typeof value !== 'string') throw new Error(`context ${key}: expected a string`);
    return value.trim();
  };

  const stage = read('stage') ?? 'dev';
  if (!(STAGES as readonly string[]).includes(stage)) {
    throw new Error(`context stage: expected one of ${STAGES.join(', ')}, got '${stage}'`);
  }
  const domainName = read('domainName')?.toLowerCase();
  const certificateArn = read('certificateArn');
  const hostedZoneId = read('hostedZoneId');

  if (!domainName) {
    if (certificateArn || hostedZoneId) {
      throw new Error('context certificateArn/hostedZoneId: only meaningful with domainName');
    }
    return { stage: stage as Stage };
  }
  if (!DOMAIN_NAME.test(domainName))
    throw new Error(`context domainName: '${domainName}' is not a domain name`);
  // The stack cannot create the certificate itself: it would have to live in us-east-1 whatever
  // region the stack is in, which takes a second stack. Issuing it once by hand is simpler.
  if (!certificateArn) throw new Error('context certificateArn: required with domainName');
  if (!US_EAST_1_CERTIFICATE.test(certificateArn)) {
    throw new Error('context certificateArn: expected an ACM certificate ARN in us-east-1');
  }
  if (hostedZoneId && !HOSTED_ZONE_ID.test(hostedZoneId)) {
    throw new Error(`context hostedZoneId: '${hostedZoneId}' is not a Route 53 hosted zone id`);
  }
  return {
    stage: stage as Stage,
    domain: { domainName, certificateArn, ...(hostedZoneId ? { hostedZoneId } : {}) },
  };
}
