/**
 * Starts the whole product in this process: storage (the embedded emulators, or the endpoint in
 * AWS_ENDPOINT_URL), the web build when stale, and the one server. Used by `npm start` and by
 * `npm run seed` when no server is running.
 */
import { resolve } from 'node:path';
import { LOCAL_NAMES } from '../../infra/lib/definitions';
import { createLocalApp, listen } from './local-server';
import { dynamoClient, ensureBuckets, ensureTable, localEnv, s3Client, startLocalStack } from './local-stack';
import { buildWebIfNeeded } from './web-build';

export interface RunningProduct {
  url: string;
  stop(): Promise<void>;
}

/** Keeps variables the user set explicitly over the local defaults. */
function definedEnv(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

async function startStorage(log: (message: string) => void): Promise<() => Promise<void>> {
  const external = process.env.AWS_ENDPOINT_URL;
  if (external) {
    Object.assign(process.env, { ...localEnv(external, external), ...definedEnv() });
    await ensureTable(dynamoClient(external), process.env.TABLE_NAME ?? LOCAL_NAMES.table);
    await ensureBuckets(s3Client(external), Object.values(LOCAL_NAMES.buckets));
    log(`Using the AWS endpoint at ${external}`);
    return async () => undefined;
  }
  const dataDir = resolve(process.env.DATA_DIR ?? '.data');
  const stack = await startLocalStack({ dataDir });
  Object.assign(process.env, stack.env);
  log(`DynamoDB Local at ${stack.dynamoEndpoint}, S3 at ${stack.s3Endpoint}, data in ${dataDir}`);
  return stack.stop;
}

export async function startProduct(
  port: number,
  log: (message: string) => void = console.log,
): Promise<RunningProduct> {
  const stopStorage = await startStorage(log);
  try {
    await buildWebIfNeeded(log);
    // Imported only now: the API reads its configuration from the environment set above.
    const { app: api } = await import('../../functions/src/app');
    const { startLocalSchedules } = await import('../../functions/src/core/jobs/jobs');
    const server = await listen(createLocalApp(api), port);
    // The cloud's EventBridge schedules, as timers in this process.
    const stopSchedules = startLocalSchedules((message, error) => console.error(message, error));
    return {
      url: server.url,
      stop: async () => {
        stopSchedules();
        await server.close();
        await stopStorage();
      },
    };
  } catch (error) {
    await stopStorage();
    throw error;
  }
}
