/**
 * Artifact library benchmark against an in-memory DynamoDB Local and s3rver, through the whole
 * HTTP app on a local port, with the real npm CLI:
 *
 * - publish latency: PACKAGES x VERSIONS publishes, one at a time, of the request `npm publish`
 *   sends (the packument with its base64 tarball), p50 and p95;
 * - install throughput: `npm install` of every package through a group, in a fresh folder with
 *   an empty cache (a packument and a tarball per package), as packuments and tarballs per second;
 * - raw concurrent reads: CONCURRENCY clients GETting abbreviated packuments, and tarballs
 *   (the 302 and the presigned S3 GET it points at), per second;
 * - the floor beside them in the same run: a raw S3 GetObject of one blob and a raw DynamoDB
 *   GetItem.
 *
 *   npm run bench:artifacts
 *   BENCH_PACKAGES=50 BENCH_VERSIONS=4 BENCH_READS=2000 BENCH_CONCURRENCY=16 npm run bench:artifacts
 */
import { execFile, execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { GetItemCommand } from '@aws-sdk/client-dynamodb';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { LOCAL_NAMES } from '../../infra/lib/definitions';
import { dynamoClient, s3Client, startLocalStack } from '../lib/local-stack';
import { appAt, appClient, dataOf, percentiles } from './lib/app-client';

const PACKAGES = Number(process.env.BENCH_PACKAGES ?? 20);
const VERSIONS = Number(process.env.BENCH_VERSIONS ?? 3);
const READS = Number(process.env.BENCH_READS ?? 400);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const FLOOR_SAMPLES = 50;

const exec = promisify(execFile);
const scratchDir = mkdtempSync(join(tmpdir(), 'bench-artifacts-'));
console.log('Starting DynamoDB Local (in memory) and s3rver...');
const stack = await startLocalStack({ scratchDir: join(scratchDir, 's3') });
// Config is read from the environment when the functions load: set it before importing them.
// The bench is one user hammering one enterprise, which the rate limits would rightly stop.
Object.assign(process.env, stack.env, {
  RATE_LIMIT_USER_PER_MINUTE: '10000000',
  RATE_LIMIT_ENTERPRISE_PER_MINUTE: '10000000',
});

const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;
const fmt = (n: number) => `${n.toFixed(1)} ms`;

async function timed(times: number, fn: (i: number) => Promise<unknown>) {
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    const start = process.hrtime.bigint();
    await fn(i);
    samples.push(ms(start));
  }
  return percentiles(samples);
}

/** `total` calls of `fn` by `concurrency` workers: calls per second. */
async function throughput(total: number, concurrency: number, fn: (i: number) => Promise<unknown>) {
  let next = 0;
  const start = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = next++; i < total; i = next++) await fn(i);
    }),
  );
  return total / (ms(start) / 1000);
}

/** A package's tarball as npm packs it, with content of its own so each version is a new blob. */
function tarball(name: string, version: string): Buffer {
  const folder = mkdtempSync(join(scratchDir, 'pack-'));
  mkdirSync(join(folder, 'package'));
  writeFileSync(join(folder, 'package', 'package.json'), JSON.stringify({ name, version, main: 'index.js' }));
  writeFileSync(
    join(folder, 'package', 'index.js'),
    `module.exports = ${JSON.stringify(`${name}@${version}`)};\n`,
  );
  return execFileSync('tar', ['-czf', '-', '-C', folder, 'package']);
}

async function bench(): Promise<void> {
  const { app } = await import('../../functions/src/app');
  const { createLocalApp, listen } = await import('../lib/local-server');
  const { artifactKeys } = await import('../../functions/src/core/db/keys');
  const { blobKey } = await import('../../functions/src/modules/artifacts/blobs');
  const server = await listen(createLocalApp(app), 0, '127.0.0.1');
  const base = server.url.replace(/\/$/, '');

  const call = dataOf(appClient(appAt(base), '', base));

  const stamp = Date.now().toString(36);
  await call('POST', '/api/auth/signup', {
    login: `bench${stamp}`,
    email: `bench${stamp}@example.test`,
    nickname: 'Bench',
    password: 'bench-password-1',
  });
  const enterprise = await call('POST', '/api/pms/pmsEnterprise', {
    identifier: `bench${stamp}`,
    name: 'Bench',
  });
  const repos = `/api/pms/${enterprise.enterpriseIdentifier}/pmsProductLibraryRepositories`;
  const hosted = await call('POST', `${repos}/hosted`, { name: 'npm-bench', format: 'npm' });
  const group = await call('POST', `${repos}/group`, {
    name: 'npm-all',
    format: 'npm',
    memberIds: [hosted.id],
  });
  const { token } = await call('POST', '/api/artifactTokens', { name: 'bench', scope: 'write' });
  const auth = { Authorization: `Bearer ${token}` };
  const hostedUrl = `${base}/api/artifacts/${enterprise.enterpriseIdentifier}/${hosted.name}`;
  const groupUrl = `${base}/api/artifacts/${enterprise.enterpriseIdentifier}/${group.name}`;

  // ---- 1. publish latency ---------------------------------------------------------------------
  const names = Array.from({ length: PACKAGES }, (_, i) => `bench-pkg-${String(i).padStart(3, '0')}`);
  const publishes = names.flatMap((name) =>
    Array.from({ length: VERSIONS }, (_, v) => {
      const version = `1.0.${v}`;
      const bytes = tarball(name, version);
      const integrity = `sha512-${createHash('sha512').update(bytes).digest('base64')}`;
      return JSON.stringify({
        name,
        versions: { [version]: { name, version, main: 'index.js', dist: { integrity } } },
        'dist-tags': { latest: version },
        _attachments: {
          [`${name}-${version}.tgz`]: { data: bytes.toString('base64'), length: bytes.length },
        },
      });
    }),
  );
  const publish = await timed(publishes.length, async (i) => {
    const name = names[Math.floor(i / VERSIONS)]!;
    const res = await fetch(`${hostedUrl}/${name}`, {
      method: 'PUT',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: publishes[i],
    });
    if (res.status !== 201) throw new Error(`publish ${name}: ${res.status} ${await res.text()}`);
  });

  // ---- 2. npm install of every package through the group --------------------------------------
  const consumer = mkdtempSync(join(scratchDir, 'consumer-'));
  const registry = `${groupUrl}/`;
  writeFileSync(
    join(consumer, '.npmrc'),
    `registry=${registry}\n${registry.replace(/^https?:/, '')}:_authToken=${token}\ncache=${join(consumer, '.cache')}\naudit=false\nfund=false\nupdate-notifier=false\n`,
  );
  writeFileSync(
    join(consumer, 'package.json'),
    JSON.stringify({ name: 'consumer', version: '0.0.0', private: true }),
  );
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)));
  const start = process.hrtime.bigint();
  await exec('npm', ['install', ...names, '--userconfig', join(consumer, '.npmrc')], { cwd: consumer, env });
  const installTime = ms(start);

  // ---- 3. raw concurrent reads through the group ----------------------------------------------
  const abbreviated = { ...auth, Accept: 'application/vnd.npm.install-v1+json' };
  const packuments = await throughput(READS, CONCURRENCY, async (i) => {
    const res = await fetch(`${groupUrl}/${names[i % names.length]}`, { headers: abbreviated });
    if (res.status !== 200) throw new Error(`packument: ${res.status}`);
    await res.arrayBuffer();
  });
  const tarballs = await throughput(READS, CONCURRENCY, async (i) => {
    const name = names[i % names.length]!;
    const res = await fetch(`${groupUrl}/${name}/-/${name}-1.0.0.tgz`, { headers: auth });
    if (res.status !== 200) throw new Error(`tarball: ${res.status}`);
    await res.arrayBuffer();
  });

  // ---- 4. the floor ---------------------------------------------------------------------------
  const asset = await call(
    'GET',
    `/api/pms/${enterprise.enterpriseIdentifier}/pmsProductLibrary/${hosted.id}/asset?path=${encodeURIComponent(`${names[0]}/-/${names[0]}-1.0.0.tgz`)}`,
  );
  const s3 = s3Client(stack.s3Endpoint);
  const s3Get = await timed(FLOOR_SAMPLES, async () => {
    const out = await s3.send(
      new GetObjectCommand({
        Bucket: LOCAL_NAMES.buckets.files,
        Key: blobKey(enterprise.id, asset.checksums.sha256),
      }),
    );
    await out.Body?.transformToByteArray();
  });
  const ddb = dynamoClient(stack.dynamoEndpoint);
  const key = artifactKeys.repository(enterprise.id, hosted.id);
  const getItem = await timed(FLOOR_SAMPLES, () =>
    ddb.send(
      new GetItemCommand({
        TableName: LOCAL_NAMES.table,
        Key: { pk: { S: key.pk }, sk: { S: key.sk } },
        ConsistentRead: true,
      }),
    ),
  );
  await server.close();

  const perSecond = (n: number) => `${n.toFixed(0)}/s`;
  console.log('');
  console.log(`Publish: ${publishes.length} versions (${PACKAGES} packages x ${VERSIONS}), one at a time`);
  console.log(`  PUT {name} (npm publish's request)   p50 ${fmt(publish.p50)}  p95 ${fmt(publish.p95)}`);
  console.log(`Install: npm install of ${PACKAGES} packages through a group, empty cache`);
  console.log(
    `  ${fmt(installTime)}: ${perSecond((2 * PACKAGES) / (installTime / 1000))} packuments and tarballs (${PACKAGES} of each)`,
  );
  console.log(`Reads through the group: ${READS} requests, ${CONCURRENCY} at a time`);
  console.log(`  abbreviated packuments               ${perSecond(packuments)}`);
  console.log(`  tarballs (302, then the S3 GET)      ${perSecond(tarballs)}`);
  console.log(`Floor (${FLOOR_SAMPLES} requests each, one at a time)`);
  console.log(`  S3 GetObject of one blob             p50 ${fmt(s3Get.p50)}  p95 ${fmt(s3Get.p95)}`);
  console.log(`  DynamoDB GetItem                     p50 ${fmt(getItem.p50)}  p95 ${fmt(getItem.p95)}`);
}

// Last: the helpers above are constants, initialised only when their lines have run.
try {
  await bench();
} finally {
  await stack.stop();
  rmSync(scratchDir, { recursive: true, force: true });
}
