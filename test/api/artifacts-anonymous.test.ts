/**
 * Anonymous reads with the real clients: a repository with `anonymousRead` answers npm install,
 * pip download and curl GETs (Maven, raw) without a token; writes still need one; a repository
 * without it answers 401 with the challenge. A group read anonymously answers only if it allows
 * it, and then only from the members that allow it too.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ArtifactRepository } from '@shared/schemas/artifacts';
import type { Enterprise } from '@shared/schemas/enterprise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../scripts/lib/local-server';
import { createHosted, repositoriesPath, textBytes, uploadAsset } from './artifact-fixtures';
import {
  accessToken,
  npm,
  npmFolder,
  removeScratch,
  repositoryUrl,
  run,
  scratch,
  startServer,
  wheel,
} from './artifacts-clients';
import { createEnterprise, expectStatus, signUpMany, type TestUser, unique } from './helpers';

let server: RunningServer;
let owner: TestUser;
let enterprise: Enterprise;
let token: string;
/** npm: `open` allows anonymous reads, `closed` does not. */
let open: ArtifactRepository;
let closed: ArtifactRepository;

beforeAll(async () => {
  server = await startServer();
  [owner] = (await signUpMany(1)) as [TestUser];
  enterprise = await createEnterprise(owner, 'Anonymous');
  token = await accessToken(owner);
  open = await createHosted(owner, enterprise, { format: 'npm', anonymousRead: true });
  closed = await createHosted(owner, enterprise, { format: 'npm' });
  expect(await putPackage(open, 'open-lib', '1.0.0', 'open')).toBe(201);
  expect(await putPackage(closed, 'closed-lib', '1.0.0', 'closed')).toBe(201);
  expect(await putPackage(closed, 'open-lib', '0.9.0', 'older, closed')).toBe(201);
}, 60_000);

afterAll(async () => {
  await server?.close();
  removeScratch();
});

const urlOf = (repository: ArtifactRepository) => repositoryUrl(server, enterprise, repository.name);

/** A package's tarball as npm packs it (`package/package.json`, `package/index.js`). */
function tarball(name: string, version: string, text: string): Buffer {
  const folder = scratch('pack');
  mkdirSync(join(folder, 'package'));
  writeFileSync(join(folder, 'package', 'package.json'), JSON.stringify({ name, version, main: 'index.js' }));
  writeFileSync(join(folder, 'package', 'index.js'), `module.exports = ${JSON.stringify(text)};\n`);
  return execFileSync('tar', ['-czf', '-', '-C', folder, 'package']);
}

/** `npm publish`'s request, sent with the owner's token (or none): its status. */
async function putPackage(
  repository: ArtifactRepository,
  name: string,
  version: string,
  text: string,
  auth: string | null = token,
): Promise<number> {
  const bytes = tarball(name, version, text);
  const res = await fetch(`${urlOf(repository)}/${name}`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', ...(auth ? { Authorization: `Bearer ${auth}` } : {}) },
    body: JSON.stringify({
      name,
      versions: { [version]: { name, version } },
      'dist-tags': { latest: version },
      _attachments: { [`${name}-${version}.tgz`]: { data: bytes.toString('base64'), length: bytes.length } },
    }),
  });
  return res.status;
}

async function group(format: string, members: ArtifactRepository[], anonymousRead: boolean) {
  const res = await owner.client.post<ArtifactRepository>(`${repositoriesPath(enterprise)}/group`, {
    name: unique(`${format}-group-`).toLowerCase(),
    format,
    memberIds: members.map((m) => m.id),
    anonymousRead,
  });
  return expectStatus(res, 201).data;
}

/** A folder whose .npmrc names the registry and nothing to authenticate with. */
function anonymousNpmFolder(registry: string): string {
  const folder = npmFolder(registry, null);
  writeFileSync(join(folder, 'package.json'), JSON.stringify({ name: 'c', version: '0.0.0', private: true }));
  return folder;
}

describe('npm without a token', () => {
  it('installs from a repository that allows anonymous reads, and may not publish there', async () => {
    const folder = anonymousNpmFolder(`${urlOf(open)}/`);
    const installed = await npm(folder, 'install', 'open-lib');
    expect(installed.code, installed.stderr).toBe(0);
    expect(readFileSync(join(folder, 'node_modules', 'open-lib', 'package.json'), 'utf8')).toContain('1.0.0');

    expect(await putPackage(open, 'open-lib', '2.0.0', 'anonymous', null)).toBe(401);
    const tags = await fetch(`${urlOf(open)}/-/package/open-lib/dist-tags/next`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify('1.0.0'),
    });
    expect(tags.status).toBe(401);
    const removed = await fetch(`${urlOf(open)}/open-lib/-/open-lib-1.0.0.tgz`, { method: 'DELETE' });
    expect(removed.status).toBe(401);
    expect(Object.keys((await (await fetch(`${urlOf(open)}/open-lib`)).json()).versions)).toEqual(['1.0.0']);
  }, 60_000);

  it('is challenged by a repository that does not, and by one that does not exist', async () => {
    const folder = anonymousNpmFolder(`${urlOf(closed)}/`);
    const refused = await npm(folder, 'install', 'closed-lib');
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('401');
    for (const address of [
      `${urlOf(closed)}/closed-lib`,
      `${repositoryUrl(server, enterprise, 'no-such-repo')}/x`,
    ]) {
      const res = await fetch(address);
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Basic realm="artifacts"');
    }
  }, 60_000);
});

describe('groups read anonymously', () => {
  it('answer only from the members that allow it, and only if the group does', async () => {
    const mixed = await group('npm', [closed, open], true);
    const doc = await (await fetch(`${urlOf(mixed)}/open-lib`)).json();
    // 0.9.0 is in the closed member, which an anonymous read never sees.
    expect(Object.keys(doc.versions)).toEqual(['1.0.0']);
    expect((await fetch(`${urlOf(mixed)}/closed-lib`)).status).toBe(404);
    const withToken = await fetch(`${urlOf(mixed)}/open-lib`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(Object.keys((await withToken.json()).versions).sort()).toEqual(['0.9.0', '1.0.0']);
    const folder = anonymousNpmFolder(`${urlOf(mixed)}/`);
    expect((await npm(folder, 'install', 'open-lib@1.0.0')).code).toBe(0);

    const shut = await group('npm', [open], false);
    expect((await fetch(`${urlOf(shut)}/open-lib`)).status).toBe(401);
  }, 60_000);
});

describe('pip and curl without a token', () => {
  it('pip downloads from a PyPI repository that allows it', async () => {
    const pypi = await createHosted(owner, enterprise, { format: 'pypi', anonymousRead: true });
    const file = await wheel('anon-lib', '1.0.0', 'hello');
    const bytes = new Uint8Array(readFileSync(file));
    const path = 'packages/anon-lib/1.0.0/anon_lib-1.0.0-py3-none-any.whl';
    expectStatus(await uploadAsset(owner, enterprise, pypi.id, path, bytes), 201);
    const dest = scratch('pip');
    const pip = await run(
      'python3',
      [
        '-m',
        'pip',
        'download',
        '--no-deps',
        '--dest',
        dest,
        '--index-url',
        `${urlOf(pypi)}/simple/`,
        '--no-cache-dir',
        '--disable-pip-version-check',
        'anon-lib==1.0.0',
      ],
      { env: { PIP_CONFIG_FILE: '/dev/null' } },
    );
    expect(pip.code, pip.stderr).toBe(0);
    expect(readFileSync(join(dest, 'anon_lib-1.0.0-py3-none-any.whl'))).toEqual(Buffer.from(bytes));
  }, 60_000);

  it('curl GETs Maven and raw files that allow it, never PUTs, and is challenged elsewhere', async () => {
    const maven = await createHosted(owner, enterprise, { format: 'maven2', anonymousRead: true });
    const raw = await createHosted(owner, enterprise, { format: 'raw', anonymousRead: true });
    const rawClosed = await createHosted(owner, enterprise, { format: 'raw' });
    const jar = 'com/acme/lib/1.0/lib-1.0.jar';
    expectStatus(await uploadAsset(owner, enterprise, maven.id, jar, textBytes('jar bytes')), 201);
    expectStatus(await uploadAsset(owner, enterprise, raw.id, 'docs/readme.txt', textBytes('read me')), 201);
    expectStatus(
      await uploadAsset(owner, enterprise, rawClosed.id, 'docs/readme.txt', textBytes('secret')),
      201,
    );
    const curl = (...args: string[]) => run('curl', ['-sS', '-L', ...args]);
    expect((await curl('-f', `${urlOf(maven)}/${jar}`)).stdout).toBe('jar bytes');
    expect((await curl('-f', `${urlOf(maven)}/${jar}.sha1`)).stdout).toMatch(/^[0-9a-f]{40}$/);
    expect((await curl('-f', `${urlOf(raw)}/docs/readme.txt`)).stdout).toBe('read me');
    const status = async (...args: string[]) =>
      Number((await curl('-o', '/dev/null', '-w', '%{http_code}', ...args)).stdout);
    expect(await status('-X', 'PUT', '--data-binary', 'x', `${urlOf(raw)}/docs/new.txt`)).toBe(401);
    expect(await status(`${urlOf(rawClosed)}/docs/readme.txt`)).toBe(401);
  }, 60_000);
});
