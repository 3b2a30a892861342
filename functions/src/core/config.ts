/**
 * Configuration, read from the environment and validated once at start-up. A missing or malformed
 * value fails the first import with a message naming the variable, not a request later on.
 * Defaults point at the local stack (infra/lib/definitions.ts), so tests and `npm start` need
 * nothing but the endpoints.
 */
import * as z from 'zod';
import { LOCAL_NAMES } from '../../../infra/lib/definitions';

const optionalUrl = z.url().optional();
const commaList = z
  .string()
  .optional()
  .transform((value) =>
    (value ?? '')
      .split(',')
      .map((item) => item.trim().replace(/\/$/, ''))
      .filter(Boolean),
  );
const positive = (fallback: number) => z.coerce.number().positive().default(fallback);

const EnvSchema = z.object({
  TABLE_NAME: z.string().min(3).default(LOCAL_NAMES.table),
  FILES_BUCKET: z.string().min(3).default(LOCAL_NAMES.buckets.files),
  ARTIFACTS_BUCKET: z.string().min(3).default(LOCAL_NAMES.buckets.artifacts),
  /** One endpoint for every AWS service (a LocalStack); the specific ones below win. */
  AWS_ENDPOINT_URL: optionalUrl,
  DYNAMODB_ENDPOINT: optionalUrl,
  S3_ENDPOINT: optionalUrl,
  AWS_REGION: z.string().min(1).default('us-east-1'),
  /** Origins, besides the request's own, that may send state-changing requests. */
  ALLOWED_ORIGINS: commaList,
  /** The address people use (e.g. https://pm.example.com); otherwise taken from each request. */
  PUBLIC_ORIGIN: optionalUrl,
  /**
   * The secret the front door (CloudFront; a reverse proxy) sends in X-Origin-Verify. Only a
   * request carrying it may set X-Forwarded-Host/-Proto and True-Client-IP; unset, nobody can.
   */
  FRONT_DOOR_SECRET: z.string().min(16).optional(),
  /** Requests per minute per signed-in user and per enterprise, in this process; 0 turns it off. */
  RATE_LIMIT_USER_PER_MINUTE: z.coerce.number().int().min(0).default(1200),
  RATE_LIMIT_ENTERPRISE_PER_MINUTE: z.coerce.number().int().min(0).default(6000),
  /** Where the one-line-per-request log goes: `stdout`, `off`, or a file (default: stdout on Lambda). */
  REQUEST_LOG: z.string().min(1).optional(),
  /** Set by the Lambda runtime. */
  AWS_LAMBDA_FUNCTION_NAME: z.string().optional(),
  SESSION_IDLE_MINUTES: positive(120),
  SESSION_MAX_HOURS: positive(24 * 14),
  SIGNIN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  /** Failed attempts one source address may make in a window, over all logins. */
  SIGNIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(50),
  SIGNIN_WINDOW_MINUTES: positive(15),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  APP_NAME: z.string().min(1).default('Workspace'),
  /** The largest file the knowledge base accepts (presigned POST policy and the check after it). */
  DOCS_MAX_UPLOAD_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(100 * 1024 * 1024),
  /** The SQS queue of each group that runs jobs, as JSON `{ "<group>": "<queue url>" }` (cloud only). */
  JOB_QUEUES: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (!value) return {};
      try {
        return z.record(z.string(), z.url()).parse(JSON.parse(value));
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be a JSON object of group names to queue URLs' });
        return z.NEVER;
      }
    }),
  SIGN_UP_OPEN: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  /**
   * Repositories on this machine (loopback addresses, plain http) may be connected: the embedded
   * default's local git server. Never set in the cloud.
   */
  REPOSITORY_ALLOW_LOOPBACK: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  /** The KMS key that encrypts repository tokens (cloud; set by the stack). */
  REPOSITORY_KMS_KEY_ID: z.string().min(1).optional(),
  /** Otherwise a local AES-256 key, base64 (the embedded default keeps one in DATA_DIR). */
  REPOSITORY_TOKEN_KEY: z
    .string()
    .optional()
    .refine(
      (value) => value === undefined || Buffer.from(value, 'base64').length === 32,
      'must be 32 bytes in base64',
    ),
});

export interface Config {
  tableName: string;
  filesBucket: string;
  artifactsBucket: string;
  dynamoEndpoint: string | undefined;
  s3Endpoint: string | undefined;
  region: string;
  allowedOrigins: readonly string[];
  publicOrigin: string | undefined;
  frontDoorSecret: string | undefined;
  rateLimitUserPerMinute: number;
  rateLimitEnterprisePerMinute: number;
  /** `stdout`, `off`, or a file path. */
  requestLog: string;
  sessionIdleMs: number;
  sessionMaxMs: number;
  signInMaxFailures: number;
  signInMaxFailuresPerAddress: number;
  signInWindowMs: number;
  bodyLimitBytes: number;
  appName: string;
  docsMaxUploadBytes: number;
  signUpOpen: boolean;
  /** Group name → SQS queue URL; empty in the embedded default, where jobs run in-process. */
  jobQueues: Readonly<Record<string, string>>;
  repositoryAllowLoopback: boolean;
  repositoryKmsKeyId: string | undefined;
  repositoryTokenKey: string | undefined;
}

const MINUTE = 60_000;

/** Parses an environment; exported so tests can check the rules without touching process.env. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  return {
    tableName: e.TABLE_NAME,
    filesBucket: e.FILES_BUCKET,
    artifactsBucket: e.ARTIFACTS_BUCKET,
    dynamoEndpoint: e.DYNAMODB_ENDPOINT ?? e.AWS_ENDPOINT_URL,
    s3Endpoint: e.S3_ENDPOINT ?? e.AWS_ENDPOINT_URL,
    region: e.AWS_REGION,
    allowedOrigins: e.ALLOWED_ORIGINS,
    publicOrigin: e.PUBLIC_ORIGIN?.replace(/\/$/, ''),
    frontDoorSecret: e.FRONT_DOOR_SECRET,
    rateLimitUserPerMinute: e.RATE_LIMIT_USER_PER_MINUTE,
    rateLimitEnterprisePerMinute: e.RATE_LIMIT_ENTERPRISE_PER_MINUTE,
    // Off by default on a machine: `npm start` and the tests name a file, so no terminal floods.
    requestLog: e.REQUEST_LOG ?? (e.AWS_LAMBDA_FUNCTION_NAME ? 'stdout' : 'off'),
    sessionIdleMs: e.SESSION_IDLE_MINUTES * MINUTE,
    sessionMaxMs: e.SESSION_MAX_HOURS * 60 * MINUTE,
    signInMaxFailures: e.SIGNIN_MAX_FAILURES,
    signInMaxFailuresPerAddress: e.SIGNIN_MAX_FAILURES_PER_ADDRESS,
    signInWindowMs: e.SIGNIN_WINDOW_MINUTES * MINUTE,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    appName: e.APP_NAME,
    docsMaxUploadBytes: e.DOCS_MAX_UPLOAD_BYTES,
    signUpOpen: e.SIGN_UP_OPEN,
    jobQueues: e.JOB_QUEUES,
    repositoryAllowLoopback: e.REPOSITORY_ALLOW_LOOPBACK,
    repositoryKmsKeyId: e.REPOSITORY_KMS_KEY_ID,
    repositoryTokenKey: e.REPOSITORY_TOKEN_KEY,
  };
}

export const config: Readonly<Config> = Object.freeze(parseConfig(process.env));
