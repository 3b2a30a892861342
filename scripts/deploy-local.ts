/**
 * `npm run deploy:local [-- -c stage=prod ...]`: deploys the stack to the LocalStack at
 * AWS_ENDPOINT_URL with cdklocal (npm `aws-cdk-local`): builds the web app when stale,
 * bootstraps the LocalStack once (when it has no CDKToolkit stack), deploys without approval
 * prompts, and prints the stack's outputs. Extra arguments go to `cdklocal deploy`.
 *
 * The stack uses CloudFront and API Gateway HTTP APIs (v2), which LocalStack offers in its paid
 * editions only; the community edition fails on those resources.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { credentialsFromEnv, describeStackOutputs } from './lib/cloudformation';
import { webBuildIsStale } from './lib/web-build';

const endpoint = process.env.AWS_ENDPOINT_URL;
if (!endpoint) {
  console.error(
    [
      'AWS_ENDPOINT_URL is not set: deploy:local deploys to a LocalStack and needs its address, e.g.',
      '  AWS_ENDPOINT_URL=http://localhost:4566 npm run deploy:local',
      'To deploy to AWS itself, use npm run deploy (see README.md, "Operating it on AWS").',
    ].join('\n'),
  );
  process.exit(1);
}

/** `-c stage=x`, `--context stage=x` or `-c=stage=x` among the arguments; else dev (cdk.json). */
function stageOf(args: string[]): string {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const inline = /^(?:-c|--context)=stage=(.+)$/.exec(arg);
    if (inline) return inline[1]!;
    if ((arg === '-c' || arg === '--context') && args[i + 1]?.startsWith('stage='))
      return args[i + 1]!.slice(6);
  }
  return 'dev';
}

const args = process.argv.slice(2);
const stage = stageOf(args);
const stackName = `Workspace-${stage}`;
const credentials = credentialsFromEnv();
// cdklocal and the CDK CLI read these; LocalStack accepts any keys.
const env = {
  ...process.env,
  AWS_ACCESS_KEY_ID: credentials.accessKeyId,
  AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey,
  AWS_REGION: credentials.region,
  AWS_DEFAULT_REGION: credentials.region,
};

function run(command: string, commandArgs: string[]): void {
  console.log(`\n$ ${command} ${commandArgs.join(' ')}`);
  const result = spawnSync(command, commandArgs, { stdio: 'inherit', env });
  if (result.error) throw result.error;
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const cdklocal = join('node_modules', '.bin', 'cdklocal');

try {
  if (webBuildIsStale()) run('npm', ['run', 'build']);
  if (!(await describeStackOutputs(endpoint, 'CDKToolkit', credentials))) {
    run(cdklocal, ['bootstrap', '-c', `stage=${stage}`]);
  }
  // The stage is repeated explicitly (the same value when the arguments name it).
  run(cdklocal, ['deploy', stackName, '--require-approval', 'never', '-c', `stage=${stage}`, ...args]);
  const outputs = await describeStackOutputs(endpoint, stackName, credentials);
  console.log(`\n${stackName} at ${endpoint}:`);
  for (const [key, value] of Object.entries(outputs ?? {})) console.log(`  ${key.padEnd(20)} ${value}`);
  console.log('\nnpm run test:localstack runs the API suite against it.');
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
