import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FUNCTION_BUNDLING } from '../../infra/lib/constructs/api';
import { REPO_ROOT } from '../../infra/lib/paths';
import type { Cfn } from './helpers';

let outdir: string;
let bundleDir: string;

beforeAll(() => {
  outdir = mkdtempSync(join(tmpdir(), 'workspace-probe-'));
  const app = new App({ outdir });
  const stack = new Stack(app, 'Probe');
  new NodejsFunction(stack, 'Probe', {
    entry: join(import.meta.dirname, 'fixtures/bundle-probe.ts'),
    handler: 'handler',
    projectRoot: REPO_ROOT,
    depsLockFilePath: join(REPO_ROOT, 'package-lock.json'),
    runtime: Runtime.NODEJS_22_X,
    architecture: Architecture.ARM_64,
    bundling: FUNCTION_BUNDLING,
  });
  const fn: Cfn = Object.values(Template.fromStack(stack).findResources('AWS::Lambda::Function'))[0];
  bundleDir = join(app.outdir, `asset.${String(fn.Properties.Code.S3Key).replace(/\.zip$/, '')}`);
}, 120_000);

afterAll(() => rmSync(outdir, { recursive: true, force: true }));

describe('function bundling (local esbuild, as the endpoint groups are bundled)', () => {
  it('resolves @shared/*, node built-ins and bundles the AWS SDK client', async () => {
    // The SDK warns about Node < 22 when loaded here; Lambda runs nodejs22.x.
    process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
    const { handler } = await import(pathToFileURL(join(bundleDir, 'index.mjs')).href);
    expect(await handler()).toEqual({
      size: '2 KB',
      hash: expect.stringMatching(/^[0-9a-f]{8}$/),
      sdk: 'function',
    });
    const bundle = readFileSync(join(bundleDir, 'index.mjs'), 'utf8');
    // Nothing left for the runtime to provide but node built-ins.
    const bareImports = [...bundle.matchAll(/\bfrom\s*["']([^"']+)["']/g)].map((m) => m[1]);
    expect(bareImports.filter((specifier) => !specifier?.startsWith('node:'))).toEqual([]);
  });

  it('writes an ES module with the createRequire banner and a source map of what it bundled', () => {
    const bundle = readFileSync(join(bundleDir, 'index.mjs'), 'utf8');
    expect(bundle.startsWith("import { createRequire as __createRequire } from 'node:module';")).toBe(true);
    const map = JSON.parse(readFileSync(join(bundleDir, 'index.mjs.map'), 'utf8'));
    const bundled = (path: string) => map.sources.some((source: string) => source.includes(path));
    expect(bundled('shared/src/format.ts')).toBe(true);
    expect(bundled('node_modules/@aws-sdk/client-dynamodb/')).toBe(true);
    expect(map.sourcesContent).toBeUndefined();
  });
});
