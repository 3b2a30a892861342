/**
 * `npm start`: the whole product on one machine. Starts DynamoDB Local and s3rver (data under
 * DATA_DIR, default .data/), creates the table and buckets, builds the web app if needed, and
 * serves API and web on PORT (default 3000). With AWS_ENDPOINT_URL set, uses that endpoint
 * (a LocalStack, say) instead of starting the emulators.
 */
import { resolve } from 'node:path';
import { LOCAL_NAMES } from '../infra/lib/definitions';
import { dynamoClient, ensureBuckets, ensureTable, localEnv, s3Client, startLocalStack } from './lib/local-stack';
import { createLocalApp, listen } from './lib/local-server';
import { buildWebIfNeeded } from './lib/web-build';

async function startStorage(): Promise<() => Promise<void>> {
  const external = process.env.AWS_ENDPOINT_URL;
  if (external) {
    Object.assign(process.env, { ...localEnv(external, external), ...pickDefined(process.env) });
    await ensureTable(dynamoClient(external), process.env.TABLE_NAME ?? LOCAL_NAMES.table);
    await ensureBuckets(s3Client(external), Object.values(LOCAL_NAMES.buckets));
    console.log(`Using the AWS endpoint at ${external}`);
    return async () => undefined;
  }
  const dataDir = resolve(process.env.DATA_DIR ?? '.data');
  const stack = await startLocalStack({ dataDir });
  Object.assign(process.env, stack.env);
  console.log(`DynamoDB Local at ${stack.dynamoEndpoint}, S3 at ${stack.s3Endpoint}, data in ${dataDir}`);
  return stack.stop;
}

/** Keeps variables the user set explicitly over the local defaults. */
function pickDefined(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

async function main(): Promise<void> {
  const port = Number(process.env.PORT ?? 3000);
  const stopStorage = await startStorage();
  await buildWebIfNeeded();
  // Imported only now: the API reads its configuration from the environment set above.
  const { app: api } = await import('../functions/src/app');
  const server = await listen(createLocalApp(api), port);
  console.log(`\nThe workspace is running at ${server.url}\n`);
  const shutdown = async () => {
    await server.close();
    await stopStorage();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
