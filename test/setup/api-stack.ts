/**
 * Global set-up of the API tests: DynamoDB Local (in memory) and s3rver on free ports, with the
 * table and buckets created. The environment is set here, before the test workers start, so
 * functions/src/core/config.ts reads it when the tests import the app.
 */

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startGitServer } from '../../scripts/lib/git-server';
import { startLocalStack } from '../../scripts/lib/local-stack';
import { startMailCatcher } from '../../scripts/lib/mail-catcher';

export const TRUSTED_PARTNER_ORIGIN = 'https://partner.example.test';

export default async function setup(): Promise<() => Promise<void>> {
  // The suite targets a deployed API over HTTP (scripts/localstack-test.ts): nothing to start.
  if (process.env.API_TEST_URL) return async () => undefined;
  const scratchDir = mkdtempSync(join(tmpdir(), 'workspace-api-s3-'));
  const stack = await startLocalStack({ scratchDir });
  // A real git server over smart HTTP (git http-backend) for the repository tests.
  const gitRoot = mkdtempSync(join(tmpdir(), 'workspace-api-git-'));
  const git = await startGitServer({ root: gitRoot, token: randomBytes(16).toString('hex') });
  // A real SMTP server with a REST API: the email tests read what was sent (test/api/email.test.ts).
  const mail = await startMailCatcher();
  Object.assign(process.env, stack.env, mail.env, {
    // One extra trusted origin, so the CSRF tests can check that ALLOWED_ORIGINS is honoured.
    ALLOWED_ORIGINS: TRUSTED_PARTNER_ORIGIN,
    // The git server is on this machine: the explicit setting that lets loopback through.
    REPOSITORY_ALLOW_LOOPBACK: 'true',
    REPOSITORY_TOKEN_KEY: randomBytes(32).toString('base64'),
    // The secret of the front door (CloudFront in the cloud): tests that play it send it.
    FRONT_DOOR_SECRET: randomBytes(24).toString('hex'),
    // The request limits guard people, not a test file that runs 1,500 calls as one owner in a
    // minute or two: off here (0), and test/api/rate-limits.test.ts sets low ones of its own.
    RATE_LIMIT_USER_PER_MINUTE: '0',
    RATE_LIMIT_ENTERPRISE_PER_MINUTE: '0',
    GIT_SERVER_URL: git.url,
    GIT_SERVER_ROOT: gitRoot,
    GIT_SERVER_TOKEN: git.token,
  });
  return async () => {
    await git.close();
    await mail.stop();
    await stack.stop();
    rmSync(scratchDir, { recursive: true, force: true });
    rmSync(gitRoot, { recursive: true, force: true });
  };
}
