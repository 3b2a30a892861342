/**
 * The npm registry protocol with the real npm CLI against the app on a local port: publish (with
 * a scoped package and a dependency between two of ours), install into a fresh folder, view,
 * dist-tags, abbreviated metadata, and the refusals npm shows: a second publish of a version
 * (allow once), a locked repository, a token of read scope, another enterprise's member.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ArtifactRepository, Component } from '@shared/schemas/artifacts';
import type { Page } from '@shared/schemas/common';
import type { Enterprise } from '@shared/schemas/enterprise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../scripts/lib/local-server';
import { createHosted, libraryPath, repositoriesPath } from './artifact-fixtures';
import {
  accessToken,
  npm,
  npmFolder,
  type Run,
  removeScratch,
  repositoryUrl,
  startServer,
} from './artifacts-clients';
import { addMember, builtInRole, createEnterprise, expectStatus, signUpMany, type TestUser } from './helpers';

let server: RunningServer;
let owner: TestUser;
let reader: TestUser;
let stranger: TestUser;
let enterprise: Enterprise;
let repository: ArtifactRepository;
let registry: string;
let ownerToken: string;

beforeAll(async () => {
  server = await startServer();
  [owner, reader, stranger] = (await signUpMany(3)) as [TestUser, TestUser, TestUser];
  enterprise = await createEnterprise(owner, 'Npm registry');
  await addMember(owner, enterprise, reader, [(await builtInRole(owner, enterprise, 'member')).roleId]);
  await createEnterprise(stranger, 'Elsewhere');
  repository = await createHosted(owner, enterprise, { format: 'npm' });
  registry = `${repositoryUrl(server, enterprise, repository.name)}/`;
  ownerToken = await accessToken(owner);
}, 60_000);

afterAll(async () => {
  await server?.close();
  removeScratch();
});

/** A package folder with its package.json and an index.js exporting `value`. */
function packageFolder(
  token: string,
  manifest: { name: string; version: string; dependencies?: Record<string, string> },
  value: string,
): string {
  const folder = npmFolder(registry, token);
  writeFileSync(
    join(folder, 'package.json'),
    JSON.stringify({ ...manifest, main: 'index.js', license: 'MIT' }),
  );
  writeFileSync(join(folder, 'index.js'), `module.exports = ${JSON.stringify(value)};\n`);
  return folder;
}

async function publish(
  token: string,
  manifest: Parameters<typeof packageFolder>[1],
  value = 'v',
  ...args: string[]
): Promise<Run> {
  return npm(packageFolder(token, manifest, value), 'publish', '--registry', registry, ...args);
}

async function components(): Promise<Component[]> {
  const res = await owner.client.get<Page<Component>>(
    `${libraryPath(enterprise, repository.id)}/components?pageSize=100`,
  );
  return expectStatus(res, 200).data.rows;
}

const fetchAs = (token: string | null, path: string, init: RequestInit = {}) =>
  fetch(`${registry}${path}`, {
    ...init,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(init.headers as Record<string, string>),
    },
    redirect: 'manual',
  });

describe('npm publish and install', () => {
  it('publishes a scoped package and one that depends on it, and installs both into a fresh folder', async () => {
    const util = await publish(ownerToken, { name: '@acme/util', version: '1.0.0' }, 'util one');
    expect(util.code, util.stderr).toBe(0);
    const appPackage = await publish(
      ownerToken,
      { name: 'acme-app', version: '2.1.0', dependencies: { '@acme/util': '^1.0.0' } },
      'app',
    );
    expect(appPackage.code, appPackage.stderr).toBe(0);
    expect((await components()).map((c) => `${c.name}@${c.version}`).sort()).toEqual([
      '@acme/util@1.0.0',
      'acme-app@2.1.0',
    ]);

    const consumer = npmFolder(registry, ownerToken);
    writeFileSync(
      join(consumer, 'package.json'),
      JSON.stringify({ name: 'consumer', version: '0.0.0', private: true }),
    );
    const installed = await npm(consumer, 'install', 'acme-app');
    expect(installed.code, installed.stderr).toBe(0);
    const modules = join(consumer, 'node_modules');
    expect(JSON.parse(readFileSync(join(modules, 'acme-app', 'package.json'), 'utf8')).version).toBe('2.1.0');
    expect(readFileSync(join(modules, '@acme', 'util', 'index.js'), 'utf8')).toContain('util one');
    const lock = JSON.parse(readFileSync(join(consumer, 'package-lock.json'), 'utf8'));
    expect(lock.packages['node_modules/@acme/util'].resolved).toBe(`${registry}@acme/util/-/util-1.0.0.tgz`);
    expect(lock.packages['node_modules/@acme/util'].integrity).toMatch(/^sha512-/);
  }, 120_000);

  it('answers npm view from the full packument, and npm install from the abbreviated one', async () => {
    const folder = npmFolder(registry, ownerToken);
    const view = await npm(folder, 'view', 'acme-app', '--json');
    expect(view.code, view.stderr).toBe(0);
    expect(JSON.parse(view.stdout)).toMatchObject({
      name: 'acme-app',
      version: '2.1.0',
      dependencies: { '@acme/util': '^1.0.0' },
      'dist-tags': { latest: '2.1.0' },
    });

    const abbreviated = await fetchAs(ownerToken, '@acme%2futil', {
      headers: { Accept: 'application/vnd.npm.install-v1+json; q=1.0, application/json; q=0.8, */*' },
    });
    expect(abbreviated.status).toBe(200);
    expect(abbreviated.headers.get('content-type')).toBe('application/vnd.npm.install-v1+json');
    const body = await abbreviated.json();
    expect(Object.keys(body.versions)).toEqual(['1.0.0']);
    expect(body.versions['1.0.0'].license).toBeUndefined();
    expect(body.versions['1.0.0'].dist.tarball).toBe(`${registry}@acme/util/-/util-1.0.0.tgz`);

    const full = await (await fetchAs(ownerToken, '@acme%2futil')).json();
    expect(full.versions['1.0.0'].license).toBe('MIT');
    expect(full.time['1.0.0']).toEqual(expect.any(String));

    const tarball = await fetchAs(ownerToken, '@acme/util/-/util-1.0.0.tgz');
    expect(tarball.status).toBe(302);
    expect(tarball.headers.get('x-checksum-sha1')).toBe(full.versions['1.0.0'].dist.shasum);
  }, 60_000);

  it('adds, lists and removes dist-tags', async () => {
    const next = await publish(
      ownerToken,
      { name: '@acme/util', version: '1.1.0-beta.1' },
      'util beta',
      '--tag',
      'beta',
    );
    expect(next.code, next.stderr).toBe(0);
    const folder = npmFolder(registry, ownerToken);
    const ls = async () =>
      (await npm(folder, 'dist-tag', 'ls', '@acme/util')).stdout.trim().split('\n').sort();
    expect(await ls()).toEqual(['beta: 1.1.0-beta.1', 'latest: 1.0.0']);
    const added = await npm(folder, 'dist-tag', 'add', '@acme/util@1.0.0', 'stable');
    expect(added.code, added.stderr).toBe(0);
    expect(await ls()).toEqual(['beta: 1.1.0-beta.1', 'latest: 1.0.0', 'stable: 1.0.0']);

    const consumer = npmFolder(registry, ownerToken);
    writeFileSync(
      join(consumer, 'package.json'),
      JSON.stringify({ name: 'c', version: '0.0.0', private: true }),
    );
    expect((await npm(consumer, 'install', '@acme/util@beta')).code).toBe(0);
    expect(readFileSync(join(consumer, 'node_modules', '@acme', 'util', 'index.js'), 'utf8')).toContain(
      'util beta',
    );

    expect((await npm(folder, 'dist-tag', 'rm', '@acme/util', 'stable')).code).toBe(0);
    expect(await ls()).toEqual(['beta: 1.1.0-beta.1', 'latest: 1.0.0']);
    const missing = await fetchAs(ownerToken, '-/package/@acme%2futil/dist-tags/nope', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify('9.9.9'),
    });
    expect(missing.status).toBe(404);
    expect((await missing.json()).error).toBe(`@acme/util@9.9.9 is not in ${repository.name}`);
  }, 120_000);
});

describe('what npm is refused', () => {
  it('refuses a second publish of a version (allow once), and npm shows why', async () => {
    const before = await components();
    // npm reads the packument first and refuses by itself; --force sends it anyway, and the
    // server refuses it.
    const again = await publish(ownerToken, { name: 'acme-app', version: '2.1.0' }, 'changed');
    expect(again.code).not.toBe(0);
    expect(again.stderr).toContain('You cannot publish over the previously published versions: 2.1.0');
    const forced = await publish(ownerToken, { name: 'acme-app', version: '2.1.0' }, 'changed', '--force');
    expect(forced.code).not.toBe(0);
    expect(forced.stderr).toContain('409 Conflict');
    expect(forced.stderr).toContain(
      `acme-app/-/acme-app-2.1.0.tgz is already published in ${repository.name}`,
    );
    expect(await components()).toEqual(before);
  }, 60_000);

  it('refuses every publish and tag while the repository is locked', async () => {
    const lock = (locked: boolean) =>
      owner.client.put(`${repositoriesPath(enterprise)}/lockStatus/${repository.id}`, { locked });
    expectStatus(await lock(true), 200);
    try {
      const refused = await publish(ownerToken, { name: 'acme-app', version: '2.2.0' }, 'locked');
      expect(refused.code).not.toBe(0);
      expect(refused.stderr).toContain(`${repository.name} is locked`);
      const tag = await npm(npmFolder(registry, ownerToken), 'dist-tag', 'add', 'acme-app@2.1.0', 'stable');
      expect(tag.code).not.toBe(0);
      expect(tag.stderr).toContain('is locked');
    } finally {
      expectStatus(await lock(false), 200);
    }
    expect((await components()).some((c) => c.version === '2.2.0')).toBe(false);
  }, 60_000);

  it('refuses a token of read scope to publish, but lets it install', async () => {
    const readToken = await accessToken(owner, 'read');
    const refused = await publish(readToken, { name: 'acme-app', version: '3.0.0' });
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toMatch(/403.*read scope/s);
    const readerToken = await accessToken(reader);
    const member = await publish(readerToken, { name: 'acme-app', version: '3.0.0' });
    expect(member.stderr).toContain('You need the permission artifact:asset:upload');
    const consumer = npmFolder(registry, readToken);
    writeFileSync(
      join(consumer, 'package.json'),
      JSON.stringify({ name: 'c', version: '0.0.0', private: true }),
    );
    const installed = await npm(consumer, 'install', 'acme-app@2.1.0');
    expect(installed.code, installed.stderr).toBe(0);
    expect(existsSync(join(consumer, 'node_modules', '@acme', 'util'))).toBe(true);
  }, 60_000);

  it("refuses another enterprise's member, no token and a revoked or made-up one", async () => {
    const strangerToken = await accessToken(stranger);
    const view = await npm(npmFolder(registry, strangerToken), 'view', 'acme-app');
    expect(view.code).not.toBe(0);
    expect(view.stderr).toContain('The enterprise does not exist');
    const publishStranger = await publish(strangerToken, { name: 'acme-app', version: '4.0.0' });
    expect(publishStranger.stderr).toContain('404');

    const anonymous = await fetchAs(null, 'acme-app');
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toMatch(/^Basic/);
    const created = expectStatus(
      await owner.client.post<{ id: string; token: string }>('/api/artifactTokens', {
        name: 'gone',
        scope: 'read',
      }),
      201,
    ).data;
    expect((await fetchAs(created.token, 'acme-app')).status).toBe(200);
    expectStatus(await owner.client.delete(`/api/artifactTokens/${created.id}`), 200);
    expect((await fetchAs(created.token, 'acme-app')).status).toBe(401);
    const madeUp = await fetchAs('art_not-a-token', 'acme-app');
    expect(madeUp.status).toBe(401);
    expect((await madeUp.json()).error).toBe('The access token is unknown or revoked');
  }, 60_000);

  it('refuses a tarball that does not match its integrity, and a name that climbs out', async () => {
    const tarball = Buffer.from('not really a tarball');
    const body = (name: string, integrity: string) => ({
      name,
      versions: { '1.0.0': { name, version: '1.0.0', dist: { integrity } } },
      'dist-tags': { latest: '1.0.0' },
      _attachments: { [`${name}-1.0.0.tgz`]: { data: tarball.toString('base64'), length: tarball.length } },
    });
    const put = (path: string, json: unknown) =>
      fetchAs(ownerToken, path, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(json),
      });
    const mismatch = await put('bad-sum', body('bad-sum', `sha512-${Buffer.alloc(64).toString('base64')}`));
    expect(mismatch.status).toBe(400);
    expect((await mismatch.json()).error).toMatch(/^dist\.integrity: /);
    const climbing = await put('..%2fescape', body('../escape', 'sha512-x'));
    expect(climbing.status).toBe(400);
    expect((await climbing.json()).error).toBe('name: ../escape is not a valid npm package name');
    expect((await components()).some((c) => c.name === 'bad-sum' || c.name.includes('escape'))).toBe(false);
  });
});

describe('concurrent publishes', () => {
  it('lands 20 versions of one package published at once, each with its tarball', async () => {
    const versions = Array.from({ length: 20 }, (_, i) => `5.0.${i}`);
    const answers = await Promise.all(
      versions.map((version) => {
        const tarball = Buffer.from(`tarball ${version}`);
        return fetchAs(ownerToken, 'acme-many', {
          method: 'PUT',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            name: 'acme-many',
            versions: { [version]: { name: 'acme-many', version } },
            'dist-tags': { latest: version },
            _attachments: {
              [`acme-many-${version}.tgz`]: { data: tarball.toString('base64'), length: tarball.length },
            },
          }),
        });
      }),
    );
    expect(answers.map((a) => a.status)).toEqual(versions.map(() => 201));
    const packument = await (await fetchAs(ownerToken, 'acme-many')).json();
    expect(Object.keys(packument.versions).sort()).toEqual([...versions].sort());
    expect(versions).toContain(packument['dist-tags'].latest);
  }, 60_000);
});

describe('a large publish', () => {
  it('takes a body above the API limit, up to the artifact upload limit', async () => {
    const folder = packageFolder(ownerToken, { name: 'acme-big', version: '1.0.0' }, 'big');
    mkdirSync(join(folder, 'data'));
    // Random bytes do not compress: the tarball stays about this size, its base64 a third more.
    const { randomBytes } = await import('node:crypto');
    writeFileSync(join(folder, 'data', 'blob.bin'), randomBytes(2 * 1024 * 1024));
    const published = await npm(folder, 'publish', '--registry', registry);
    expect(published.code, published.stderr).toBe(0);
  }, 60_000);
});
