/**
 * Global set-up of the API tests: DynamoDB Local (in memory) and s3rver on free ports, with the
 * table and buckets created. The environment is set here, before the test workers start, so
 * functions/src/core/config.ts reads it when the tests import the app.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalStack } from '../../scripts/lib/local-stack';

export const TRUSTED_PARTNER_ORIGIN = 'https://partner.example.test';

export default async function setup(): Promise<() => Promise<void>> {
  // The suite targets a deployed API over HTTP (scripts/localstack-test.ts): nothing to start.
  if (process.env.API_TEST_URL) return async () => undefined;
  const scratchDir = mkdtempSync(join(tmpdir(), 'workspace-api-s3-'));
  const stack = await startLocalStack({ scratchDir });
  // One extra trusted origin, so the CSRF tests can check that ALLOWED_ORIGINS is honoured.
  Object.assign(process.env, stack.env, { ALLOWED_ORIGINS: TRUSTED_PARTNER_ORIGIN });
  return async () => {
    await stack.stop();
    rmSync(scratchDir, { recursive: true, force: true });
  };
}
