/**
 * `npm run test:localstack`: the API integration suite against the stack deployed to the
 * LocalStack at AWS_ENDPOINT_URL (`npm run deploy:local`), over real HTTP through API Gateway and
 * the group Lambdas. STAGE picks the stack (default dev); API_TEST_URL overrides the API address
 * read from the stack's outputs.
 *
 * Only the files that use nothing but HTTP run: the others read or write DynamoDB directly, move
 * the functions' clock, mint sessions without the API, call group apps in this process, or need
 * ALLOWED_ORIGINS set on the server, none of which reaches a deployed function.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describeStackOutputs, getSecretValue } from './lib/cloudformation';

const HTTP_ONLY_API_TESTS = [
  'test/api/issues.test.ts',
  'test/api/product-demands-journals.test.ts',
  'test/api/requirement-specs.test.ts',
  'test/api/system.test.ts',
  'test/api/testcases.test.ts',
  'test/api/user-requirements.test.ts',
];

/** What a test file must not use to run against a deployed API. */
const IN_PROCESS_ONLY = /from '\.\.\/\.\.\/functions\/|freshSession|TRUSTED_PARTNER_ORIGIN|\bapp\.request\(/;

/** Fails fast when a listed file has started to reach into the server's process. */
function assertHttpOnly(files: readonly string[]): void {
  const offenders = files.filter((file) => IN_PROCESS_ONLY.test(readFileSync(file, 'utf8')));
  if (offenders.length > 0) {
    throw new Error(
      `Not HTTP-only any more (remove from scripts/localstack-test.ts): ${offenders.join(', ')}`,
    );
  }
}

const endpoint = process.env.AWS_ENDPOINT_URL;
if (!endpoint) {
  console.log('AWS_ENDPOINT_URL is not set: no LocalStack to test against; nothing was run.');
  process.exit(0);
}

const stackName = `Workspace-${process.env.STAGE || 'dev'}`;

/**
 * The API's address and the front door's secret: the tests go to the HTTP API itself (its routes
 * carry the /api prefix, and it needs no CloudFront emulation), sending the secret as CloudFront's
 * origin does, or the functions would not believe the host the tests say they are on.
 */
async function deployedApi(): Promise<{ url: string; frontDoorSecret?: string }> {
  const outputs = await describeStackOutputs(endpoint!, stackName);
  const url = process.env.API_TEST_URL ?? outputs?.ApiGatewayUrl;
  if (!outputs && !url)
    throw new Error(`No stack ${stackName} at ${endpoint}: run npm run deploy:local first.`);
  if (!url) throw new Error(`${stackName} at ${endpoint} has no ApiGatewayUrl output`);
  const secretArn = outputs?.FrontDoorSecretArn;
  return secretArn ? { url, frontDoorSecret: await getSecretValue(endpoint!, secretArn) } : { url };
}

async function assertReachable(url: string): Promise<void> {
  try {
    const response = await fetch(`${url.replace(/\/+$/, '')}/api/setting.json`);
    if (!response.ok) throw new Error(`GET /api/setting.json answered ${response.status}`);
  } catch (error) {
    throw new Error(`The API at ${url} does not answer: ${(error as Error).message}`);
  }
}

try {
  assertHttpOnly(HTTP_ONLY_API_TESTS);
  const { url, frontDoorSecret } = await deployedApi();
  await assertReachable(url);
  console.log(
    `Running ${HTTP_ONLY_API_TESTS.length} API test files against ${url} (${stackName} at ${endpoint})`,
  );
  const vitest = join('node_modules', 'vitest', 'vitest.mjs');
  const result = spawnSync(process.execPath, [vitest, 'run', '--project', 'api', ...HTTP_ONLY_API_TESTS], {
    stdio: 'inherit',
    env: {
      ...process.env,
      API_TEST_URL: url,
      ...(frontDoorSecret ? { FRONT_DOOR_SECRET: frontDoorSecret } : {}),
    },
  });
  process.exit(result.status ?? 1);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
