import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Duration, RemovalPolicy, Size, Stack } from 'aws-cdk-lib';
import {
  type CfnStage,
  HttpApi,
  HttpMethod,
  HttpRoute,
  HttpRouteKey,
  type ThrottleSettings,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { Rule, RuleTargetInput, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { MAX_JOB_ATTEMPTS } from '../../../functions/src/core/jobs/attempts';
import {
  ENDPOINT_GROUPS,
  type EndpointGroup,
  handlerEntry,
  subscribersOf,
} from '../../../functions/src/manifest';
import { type BucketGrant, GROUP_BUCKET_ACCESS, type GroupBucketAccess } from '../bucket-access';
import { functionBundling } from '../function-bundling';
import { REPO_ROOT } from '../paths';
import type { Storage } from './storage';
import type { WorkspaceTable } from './table';

/**
 * Functions that need more than an API call's 15 s, 512 MB and 512 MB of /tmp, for their jobs (API
 * Gateway still ends every API call at 30 s). The enterprise group's data export reads all of an
 * enterprise, spools its items to /tmp and streams the zip to the bucket
 * (functions/src/modules/enterprise/archive.ts): it needs time and disk more than memory.
 */
export const GROUP_FUNCTION_SIZES: Readonly<
  Record<string, { timeout: Duration; memorySize: number; ephemeralStorageSize?: Size }>
> = {
  enterprise: { timeout: Duration.minutes(15), memorySize: 1024, ephemeralStorageSize: Size.gibibytes(4) },
};

export interface ApiProps {
  readonly table: WorkspaceTable;
  readonly storage: Storage;
  /** The site's origin (`https://example.com`): the functions build links and check `Origin` with it. */
  readonly publicOrigin: string;
  /** Passed to the functions as STAGE. */
  readonly stage: string;
  /**
   * The secret the CloudFront origin sends (FRONT_DOOR_SECRET): the functions believe
   * X-Forwarded-Host/-Proto and True-Client-IP only from requests carrying it.
   */
  readonly frontDoorSecret: string;
  /**
   * API Gateway's throttle for every route of the stage: the one limit that counts all instances
   * of all functions together (each function's own limit counts its instance's requests only).
   * @default 500 requests per second, bursts of 1,000
   */
  readonly throttle?: ThrottleSettings;
  /**
   * A lower throttle for the sign-in routes (`/api/auth/...`: sign-up, sign-in and password
   * change hash a password with scrypt, the most expensive calls there are).
   * @default 50 requests per second, bursts of 100
   */
  readonly authThrottle?: ThrottleSettings;
  /**
   * The groups to deploy, one function each.
   * @default ENDPOINT_GROUPS (functions/src/manifest.ts)
   */
  readonly groups?: readonly EndpointGroup[];
  /**
   * Bucket permissions per group.
   * @default GROUP_BUCKET_ACCESS (infra/lib/bucket-access.ts)
   */
  readonly bucketAccess?: GroupBucketAccess;
  /**
   * Function time-out. API Gateway gives up on an HTTP API integration after 30 s; stopping
   * well before lets the function's own log show where the time went.
   * @default 15 seconds
   */
  readonly timeout?: Duration;
  /** @default 512 (Lambda's CPU share grows with memory; 512 MB keeps cold starts near 1 s) */
  readonly memorySize?: number;
  /** @default RetentionDays.ONE_MONTH */
  readonly logRetention?: RetentionDays;
  /** Keep the log groups when the stack is deleted. @default false */
  readonly retainLogs?: boolean;
}

/**
 * The HTTP API: one Lambda function per endpoint group (a Hono app), and for each of the group's
 * route paths an `ANY` route to that function. Routing by group rather than by route keeps the
 * function count small (fewer cold starts) while one group's failure stays inside its function.
 */
export class Api extends Construct {
  readonly httpApi: HttpApi;
  /** The function of each endpoint group, by group name. */
  readonly functions: Readonly<Record<string, NodejsFunction>>;
  /** The job queue of each group that runs jobs (manifest `background.queue`), by group name. */
  readonly jobQueues: Readonly<Record<string, Queue>>;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    assertLocalEsbuild();
    const groups = props.groups ?? ENDPOINT_GROUPS;
    // Indexed by plain string: `groups` may name groups outside the manifest's type.
    const bucketAccess: Readonly<Record<string, readonly BucketGrant[] | undefined>> =
      props.bucketAccess ?? GROUP_BUCKET_ACCESS;
    const { table, storage } = props;

    // No CORS configuration: browsers reach the API through CloudFront on the site's own origin.
    this.httpApi = new HttpApi(this, 'HttpApi', {
      description: 'Workspace API: one integration per endpoint group',
    });

    const functions: Record<string, NodejsFunction> = {};
    const routes: Record<string, HttpRoute> = {};
    const sizeOf = (name: string) => ({
      timeout: props.timeout ?? Duration.seconds(15),
      memorySize: props.memorySize ?? 512,
      ...GROUP_FUNCTION_SIZES[name],
    });
    const jobQueues = this.createJobQueues(groups, (name) => sizeOf(name).timeout);
    for (const group of groups) {
      const name = pascal(group.name);
      const entry = join(REPO_ROOT, handlerEntry(group.name));
      if (!existsSync(entry)) throw new Error(`endpoint group ${group.name}: ${entry} does not exist`);

      // Explicit log group: retention is ours to set, and the role can be scoped to it.
      const logGroup = new LogGroup(this, `${name}Logs`, {
        retention: props.logRetention ?? RetentionDays.ONE_MONTH,
        removalPolicy: props.retainLogs ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      });
      // Our own role instead of the default one, whose AWSLambdaBasicExecutionRole allows writing
      // to every log group in the account ('*'); this one may write to its own group only.
      const role = new Role(this, `${name}Role`, {
        assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
        description: `Endpoint group ${group.name}`,
      });
      logGroup.grantWrite(role);

      const fn = new NodejsFunction(this, `${name}Function`, {
        description: `Endpoint group ${group.name}`,
        entry,
        handler: 'handler',
        projectRoot: REPO_ROOT,
        depsLockFilePath: join(REPO_ROOT, 'package-lock.json'),
        runtime: Runtime.NODEJS_22_X,
        architecture: Architecture.ARM_64,
        memorySize: sizeOf(group.name).memorySize,
        timeout: sizeOf(group.name).timeout,
        ephemeralStorageSize: GROUP_FUNCTION_SIZES[group.name]?.ephemeralStorageSize,
        role,
        logGroup,
        environment: {
          STAGE: props.stage,
          TABLE_NAME: table.tableName,
          FILES_BUCKET: storage.buckets.files.bucketName,
          ARTIFACTS_BUCKET: storage.buckets.artifacts.bucketName,
          PUBLIC_ORIGIN: props.publicOrigin,
          FRONT_DOOR_SECRET: props.frontDoorSecret,
          NODE_OPTIONS: '--enable-source-maps',
        },
        bundling: functionBundling(entry),
      });
      table.grantReadWriteData(fn);
      for (const grant of bucketAccess[group.name] ?? []) storage.grant(fn, grant);

      // One integration per group, shared by all of its routes.
      const integration = new HttpLambdaIntegration(`${name}Integration`, fn);
      for (const path of group.routes) {
        routes[`ANY ${path}`] = new HttpRoute(this, `${name} ANY ${path}`, {
          httpApi: this.httpApi,
          routeKey: HttpRouteKey.with(path, HttpMethod.ANY),
          integration,
        });
      }
      functions[group.name] = fn;
    }
    this.functions = functions;
    this.jobQueues = jobQueues;
    this.throttleStage(routes, props);
    for (const group of groups) this.wireBackground(group, functions[group.name]!, jobQueues);
  }

  /**
   * Stage throttling (HttpApi takes no stage settings, so on its default stage's resource): every
   * route at `throttle`, the auth group's password routes at `authThrottle`. API Gateway answers
   * 429 beyond them, before any function runs.
   */
  private throttleStage(routes: Record<string, HttpRoute>, props: ApiProps): void {
    const settings = ({ rateLimit, burstLimit }: ThrottleSettings) => ({
      throttlingRateLimit: rateLimit,
      throttlingBurstLimit: burstLimit,
    });
    const stage = this.httpApi.defaultStage?.node.defaultChild as CfnStage;
    stage.defaultRouteSettings = settings(props.throttle ?? { rateLimit: 500, burstLimit: 1000 });
    const authRoutes = Object.keys(routes).filter((key) => key.startsWith('ANY /api/auth/'));
    const { rateLimit, burstLimit } = props.authThrottle ?? { rateLimit: 50, burstLimit: 100 };
    // A JSON map in CloudFormation's own spelling: the CDK does not rename keys inside it.
    const auth = { ThrottlingRateLimit: rateLimit, ThrottlingBurstLimit: burstLimit };
    stage.routeSettings = Object.fromEntries(authRoutes.map((key) => [key, auth]));
    // A route setting names a route that must exist before the stage is updated.
    for (const key of authRoutes) stage.node.addDependency(routes[key]!);
  }

  /** A queue (encrypted, with a dead-letter queue) for each group that runs jobs. */
  private createJobQueues(
    groups: readonly EndpointGroup[],
    timeoutOf: (group: string) => Duration,
  ): Record<string, Queue> {
    const queues: Record<string, Queue> = {};
    for (const group of groups) {
      if (!group.background?.queue) continue;
      const name = pascal(group.name);
      const deadLetters = new Queue(this, `${name}DeadJobs`, {
        encryption: QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        retentionPeriod: Duration.days(14),
      });
      queues[group.name] = new Queue(this, `${name}Jobs`, {
        encryption: QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        // SQS's advice: at least six times the function's time-out, so a retried batch is not
        // delivered again while a slow attempt still runs.
        visibilityTimeout: Duration.seconds(timeoutOf(group.name).toSeconds() * 6),
        deadLetterQueue: { queue: deadLetters, maxReceiveCount: MAX_JOB_ATTEMPTS },
      });
    }
    return queues;
  }

  /**
   * The group's background work (manifest `background`): its queue feeds its function, it may
   * send to the queues it names, and each schedule is a rule that invokes the function with
   * `{ "schedule": "<name>" }` (core/lambda/group-handler.ts).
   */
  private wireBackground(group: EndpointGroup, fn: NodejsFunction, queues: Record<string, Queue>): void {
    const background = group.background ?? {};
    const name = pascal(group.name);
    const own = queues[group.name];
    if (own) fn.addEventSource(new SqsEventSource(own, { batchSize: 5, reportBatchItemFailures: true }));
    const reachable: Record<string, string> = {};
    // A publisher sends each event to the queues of the groups that subscribe to it.
    const subscribers = (background.publishes ?? []).flatMap((event) => subscribersOf(event));
    const targets = new Set([...(own ? [group.name] : []), ...(background.queuesTo ?? []), ...subscribers]);
    for (const target of targets) {
      const queue = queues[target];
      if (!queue) throw new Error(`endpoint group ${group.name} queues to ${target}, which has no queue`);
      queue.grantSendMessages(fn);
      reachable[target] = queue.queueUrl;
    }
    if (Object.keys(reachable).length > 0)
      fn.addEnvironment('JOB_QUEUES', Stack.of(this).toJsonString(reachable));
    for (const [schedule, { everyMinutes }] of Object.entries(background.schedules ?? {})) {
      new Rule(this, `${name}${pascal(schedule)}Schedule`, {
        description: `Endpoint group ${group.name}: schedule ${schedule}`,
        schedule: Schedule.rate(Duration.minutes(everyMinutes)),
        targets: [
          new LambdaFunction(fn, { event: RuleTargetInput.fromObject({ schedule }), retryAttempts: 2 }),
        ],
      });
    }
  }

  /** The API Gateway endpoint, `https://{id}.execute-api.{region}.amazonaws.com`. */
  get endpoint(): string {
    return this.httpApi.apiEndpoint;
  }
}

/**
 * NodejsFunction silently falls back to Docker when it cannot find esbuild, and there is no
 * Docker here: fail with the fix instead.
 */
function assertLocalEsbuild(): void {
  try {
    createRequire(join(REPO_ROOT, 'package.json')).resolve('esbuild');
  } catch {
    throw new Error(
      'esbuild is not installed in node_modules (run npm ci); the stack bundles functions locally',
    );
  }
}

function pascal(value: string): string {
  return value.replace(/(^|[-_])(\w)/g, (_, __, letter: string) => letter.toUpperCase());
}
