import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINT_GROUPS } from '../../functions/src/manifest';
import { functionBundling, splitBuildOptions } from '../../infra/lib/function-bundling';
import { REPO_ROOT } from '../../infra/lib/paths';
import { bundleGroup } from '../../scripts/lib/lambda-bundle';
import { probeApp } from './fixtures/group-probe';
import type { Cfn } from './helpers';

const PROBE_ENTRY = join(import.meta.dirname, 'fixtures/bundle-probe.ts');
let outdir: string;
let bundleDir: string;

/** Every file under `dir` but source maps, by relative path, with its text. */
function scriptsIn(dir: string): Record<string, string> {
  const paths = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((p) => p.endsWith('.mjs'));
  return Object.fromEntries(paths.sort().map((path) => [path, readFileSync(join(dir, path), 'utf8')]));
}

beforeAll(() => {
  outdir = mkdtempSync(join(tmpdir(), 'workspace-probe-'));
  const app = new App({ outdir });
  const stack = new Stack(app, 'Probe');
  new NodejsFunction(stack, 'Probe', {
    entry: PROBE_ENTRY,
    handler: 'handler',
    projectRoot: REPO_ROOT,
    depsLockFilePath: join(REPO_ROOT, 'package-lock.json'),
    runtime: Runtime.NODEJS_22_X,
    architecture: Architecture.ARM_64,
    bundling: functionBundling(PROBE_ENTRY),
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
    // Nothing left for the runtime to provide but node built-ins: the rest is the asset's chunks.
    const specifiers = Object.values(scriptsIn(bundleDir)).flatMap((code) =>
      [...code.matchAll(/\b(?:from|import)\s*\(?\s*["']([^"']+)["']/g)].map((m) => m[1] ?? ''),
    );
    expect(specifiers.filter((s) => !s.startsWith('node:') && !/^\.\.?\//.test(s))).toEqual([]);
    expect(specifiers.some((s) => s.startsWith('./chunks/'))).toBe(true);
  });

  it('writes ES modules with the createRequire banner and source maps of what they bundle', () => {
    for (const code of Object.values(scriptsIn(bundleDir))) {
      expect(code.startsWith("import { createRequire as __createRequire } from 'node:module';")).toBe(true);
    }
    const maps = Object.keys(scriptsIn(bundleDir)).map((path) =>
      JSON.parse(readFileSync(join(bundleDir, `${path}.map`), 'utf8')),
    );
    const bundled = (path: string) =>
      maps.some((map) => map.sources.some((source: string) => source.includes(path)));
    expect(bundled('shared/src/format.ts')).toBe(true);
    expect(bundled('node_modules/@aws-sdk/client-dynamodb/')).toBe(true);
    expect(maps.every((map) => map.sourcesContent === undefined)).toBe(true);
  });
});

describe('the bench (scripts/lib/lambda-bundle.ts) bundles what the stack deploys', () => {
  it('writes the same files as NodejsFunction with its code-splitting pass', async () => {
    const dir = join(outdir, 'bench-probe');
    await build(splitBuildOptions(PROBE_ENTRY, dir));
    const deployed = scriptsIn(bundleDir);
    // The probe imports its size formatter lazily: the split pass, not NodejsFunction's own
    // one-file build, wrote this asset.
    expect(Object.keys(deployed).filter((path) => path.startsWith('chunks/'))).not.toEqual([]);
    expect(scriptsIn(dir)).toEqual(deployed);
  });
});

/** An API Gateway HTTP API (payload 2.0) event carrying `request`, as the functions receive it. */
async function gatewayEvent(request: Request) {
  const url = new URL(request.url);
  const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    headers: Object.fromEntries(request.headers),
    requestContext: {
      domainName: url.host,
      http: { method: request.method, path: url.pathname, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1' },
      requestId: 'probe',
      routeKey: '$default',
      stage: '$default',
      timeEpoch: 0,
    },
    ...(body ? { body: body.toString('base64'), isBase64Encoded: true } : { isBase64Encoded: false }),
  };
}

const ORIGIN = 'https://api.test';
const write = { 'X-Requested-With': 'XMLHttpRequest', Origin: ORIGIN };
const jsonWrite = { ...write, 'Content-Type': 'application/json' };
const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

const REQUESTS: [string, () => Request][] = [
  ['path and query', () => new Request(`${ORIGIN}/probe/items/12?limit=5`)],
  ['a bad query value', () => new Request(`${ORIGIN}/probe/items/12?limit=0`)],
  ['a bad path value', () => new Request(`${ORIGIN}/probe/items/twelve`)],
  ['a header', () => new Request(`${ORIGIN}/probe/headers`, { headers: { 'X-Probe': 'abcd' } })],
  ['a bad header', () => new Request(`${ORIGIN}/probe/headers`, { headers: { 'X-Probe': 'a' } })],
  [
    'a JSON body',
    () =>
      new Request(`${ORIGIN}/probe/items`, {
        method: 'POST',
        headers: jsonWrite,
        body: '{"title":" A ","size":2}',
      }),
  ],
  [
    'a bad JSON body',
    () => new Request(`${ORIGIN}/probe/items`, { method: 'POST', headers: jsonWrite, body: '{"title":""}' }),
  ],
  [
    'malformed JSON',
    () => new Request(`${ORIGIN}/probe/items`, { method: 'POST', headers: jsonWrite, body: '{"title":' }),
  ],
  ['no required body', () => new Request(`${ORIGIN}/probe/items`, { method: 'POST', headers: write })],
  ['no optional body', () => new Request(`${ORIGIN}/probe/items/3`, { method: 'PUT', headers: write })],
  [
    'an optional body',
    () => new Request(`${ORIGIN}/probe/items/3`, { method: 'PUT', headers: jsonWrite, body: '{"size":4}' }),
  ],
  [
    'a multipart form',
    () =>
      new Request(`${ORIGIN}/probe/pmsProjectTestcase/upload`, {
        method: 'POST',
        headers: write,
        body: form({ name: 'x' }),
      }),
  ],
  [
    'a bad multipart form',
    () =>
      new Request(`${ORIGIN}/probe/pmsProjectTestcase/upload`, {
        method: 'POST',
        headers: write,
        body: form({}),
      }),
  ],
  [
    'an undeclared media type',
    () =>
      new Request(`${ORIGIN}/probe/pmsProjectTestcase/upload`, {
        method: 'POST',
        headers: jsonWrite,
        body: '{}',
      }),
  ],
  ['no CSRF header', () => new Request(`${ORIGIN}/probe/items`, { method: 'POST', body: '{}' })],
  ['an unknown route', () => new Request(`${ORIGIN}/probe/nothing`)],
];

describe('the Lambda stand-ins (functions/src/core/lambda) answer like the real packages', () => {
  type Handler = (
    event: unknown,
    context: unknown,
  ) => Promise<{ statusCode: number; headers: Record<string, string>; body: string }>;
  let bundled: Handler;

  beforeAll(async () => {
    const dir = join(outdir, 'group-probe');
    await build(splitBuildOptions(join(import.meta.dirname, 'fixtures/group-probe.ts'), dir));
    bundled = (await import(pathToFileURL(join(dir, 'index.mjs')).href)).handler;
  }, 60_000);

  it.each(REQUESTS)('%s', async (_name, request) => {
    const source = await probeApp.fetch(request());
    const fromSource = {
      status: source.status,
      type: source.headers.get('content-type'),
      body: await source.json(),
    };
    const result = await bundled(await gatewayEvent(request()), {});
    const fromBundle = {
      status: result.statusCode,
      type: result.headers['content-type'],
      body: JSON.parse(result.body),
    };
    expect(fromBundle).toEqual(fromSource);
  });

  it('copies the request path of the installed @hono/zod-openapi', () => {
    const installed = JSON.parse(
      readFileSync(join(REPO_ROOT, 'node_modules/@hono/zod-openapi/package.json'), 'utf8'),
    );
    // Read, not imported: the stand-in must never run next to the real package.
    const standIn = readFileSync(join(REPO_ROOT, 'functions/src/core/lambda/zod-openapi.ts'), 'utf8');
    const copied = /ZOD_OPENAPI_VERSION = '([^']+)'/.exec(standIn)?.[1];
    expect(
      installed.version,
      'compare functions/src/core/lambda/zod-openapi.ts with the new version, then bump it',
    ).toBe(copied);
  });
});

// The size budget itself is measured and enforced by `npm run bench:bundles`, not here.
describe('every endpoint group bundle', () => {
  const ZOD_IMPORT = /import\s*\{[^}]*\bz\b[^}]*\}\s*from\s*['"]zod['"]/;

  it.each(ENDPOINT_GROUPS.map((g) => g.name))(
    '%s leaves out zod locales and the whole-zod import, and each lazy chunk loads',
    async (name) => {
      const bundle = await bundleGroup(name, join(outdir, 'groups', name));
      const inputs = Object.values(bundle.metafile.outputs).flatMap((output) => Object.keys(output.inputs));
      // esbuild cannot shake zod through `import { z } from 'zod'`: one such import brings all of it.
      const namedZ = inputs.filter(
        (path) =>
          !path.includes('node_modules') && ZOD_IMPORT.test(readFileSync(join(REPO_ROOT, path), 'utf8')),
      );
      expect(namedZ, "write `import * as z from 'zod'` in").toEqual([]);
      expect(inputs.filter((path) => /zod\/v4\/locales\/(?!en\.js)/.test(path))).toEqual([]);
      // The XML protocol travels with the S3 client (infra/lib/sdk-protocols-plugin.ts): in the
      // files every cold start loads only where the S3 client is loaded at start too.
      const initialInputs = bundle.initial.files.flatMap((file) =>
        Object.keys(bundle.metafile.outputs[file]?.inputs ?? {}),
      );
      const s3AtStart = initialInputs.some((path) => path.includes('@aws-sdk/client-s3/'));
      const xmlAtStart = initialInputs.filter((path) =>
        path.includes('@aws-sdk/core/dist-es/submodules/protocols/xml/'),
      );
      if (!s3AtStart) expect(xmlAtStart).toEqual([]);
      // A chunk only `await import()` reaches runs first in production, on the request that
      // needs it: load each one here so a chunk that cannot load fails now.
      for (const chunk of bundle.lazy.files) await import(pathToFileURL(join(REPO_ROOT, chunk)).href);
    },
    60_000,
  );
});
