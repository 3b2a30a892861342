import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const alias = {
  '@shared': fileURLToPath(new URL('./shared/src', import.meta.url)),
  '@core': fileURLToPath(new URL('./functions/src/core', import.meta.url)),
};

// The SDK's Node 22 notice is for Lambda's runtime, not the tests' Node (scripts/lib/local-stack.ts).
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

/**
 * One runner, five projects: pure unit tests, web unit tests (happy-dom), API integration tests
 * against DynamoDB Local and s3rver, CDK assertion tests, and browser tests in Chromium.
 */
export default defineConfig({
  resolve: { alias },
  test: {
    // Two files at a time even on two cores (vitest's default there is one): an API or browser
    // test spends most of its time waiting for DynamoDB Local, s3rver or Chromium, which run in
    // their own processes. Each file makes its own enterprises, so files never share data.
    maxWorkers: Number(process.env.TEST_WORKERS ?? 2),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['shared/**/*.test.ts', 'functions/**/*.test.ts', 'scripts/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          include: ['web/src/**/*.test.{ts,tsx}'],
          // A route file, not a test: the project's "test" area (`/projects/{id}/test`).
          exclude: ['**/node_modules/**', 'web/src/routes/$identifier.projects.$projectId.test.tsx'],
          environment: 'happy-dom',
          // A page test renders and clicks through a whole page: a few hundred ms alone, but several
          // seconds while the API and browser files load both cores, past vitest's 5 s default.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['test/api/**/*.test.ts'],
          globalSetup: ['test/setup/api-stack.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: { name: 'infra', include: ['test/infra/**/*.test.ts'], testTimeout: 180_000 },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['test/browser/**/*.test.ts'],
          globalSetup: ['test/setup/browser-server.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          // A page's answer to a click can take seconds while both cores are busy; vitest's 1 s
          // default made expect.poll fail on a slow machine where the page was right.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
