/**
 * npm's account and maintenance commands with the real npm CLI against the app on a local port:
 * `npm login` (legacy, and the default web flow falling back to it), `npm whoami`, `npm search`,
 * `npm deprecate` under allow once, `npm unpublish` of a version and of a package, and the
 * refusals: a wrong password, a lock, a deny repository, a snapshot or promotion hold.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AccessToken, ArtifactRepository } from '@shared/schemas/artifacts';
import type { Enterprise } from '@shared/schemas/enterprise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifactKeys } from '../../functions/src/core/db/keys';
import { updateItem } from '../../functions/src/core/db/operations';
import type { RunningServer } from '../../scripts/lib/local-server';
import { createHosted, repositoriesPath } from './artifact-fixtures';
import {
  accessToken,
  npm,
  npmFolder,
  type Run,
  removeScratch,
  repositoryUrl,
  scratch,
  startServer,
} from './artifacts-clients';
import { createEnterprise, expectStatus, signUpMany, type TestUser } from './helpers';

let server: RunningServer;
let owner: TestUser;
let stranger: TestUser;
let enterprise: Enterprise;
let repository: ArtifactRepository;
let registry: string;
let ownerToken: string;

beforeAll(async () => {
  server = await startServer();
  [owner, stranger] = (await signUpMany(2)) as [TestUser, TestUser];
  enterprise = await createEnterprise(owner, 'Npm extras');
  repository = await createHosted(owner, enterprise, { format: 'npm' });
  registry = `${repositoryUrl(server, enterprise, repository.name)}/`;
  ownerToken = await accessToken(owner);
  // Published as npm publish sends them (the real npm publishes in artifacts-npm.test.ts).
  const widgets = { description: 'Widgets for dashboards', keywords: ['ui', 'charts'] };
  for (const [name, version, extra] of [
    ['acme-widgets', '1.0.0', widgets],
    ['acme-widgets', '1.1.0', widgets],
    ['acme-widgets', '1.2.0', widgets],
    ['@acme/logger', '0.1.0', { description: 'Structured logging' }],
  ] as const) {
    expect(await putPackage(registry, { name, version, ...extra })).toBe(201);
  }
}, 120_000);

afterAll(async () => {
  await server?.close();
  removeScratch();
});

/** A package's tarball as npm packs it (`package/package.json`, `package/index.js`). */
function tarball(manifest: Record<string, unknown>): Buffer {
  const folder = scratch('pack');
  mkdirSync(join(folder, 'package'));
  writeFileSync(join(folder, 'package', 'package.json'), JSON.stringify({ ...manifest, main: 'index.js' }));
  writeFileSync(
    join(folder, 'package', 'index.js'),
    `module.exports = ${JSON.stringify(manifest.version)};\n`,
  );
  return execFileSync('tar', ['-czf', '-', '-C', folder, 'package']);
}

/** The request `npm publish` sends, with the owner's token: its status. */
async function putPackage(url: string, manifest: { name: string; version: string }): Promise<number> {
  const bytes = tarball(manifest);
  const { name, version } = manifest;
  const res = await fetch(`${url}${name.replace('/', '%2f')}`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${ownerToken}` },
    body: JSON.stringify({
      name,
      versions: { [version]: { ...manifest, main: 'index.js' } },
      'dist-tags': { latest: version },
      _attachments: { [`${name}-${version}.tgz`]: { data: bytes.toString('base64'), length: bytes.length } },
    }),
  });
  return res.status;
}

function publish(url: string, token: string, manifest: Record<string, unknown>): Promise<Run> {
  const folder = npmFolder(url, token);
  writeFileSync(
    join(folder, 'package.json'),
    JSON.stringify({ ...manifest, main: 'index.js', license: 'MIT' }),
  );
  writeFileSync(join(folder, 'index.js'), `module.exports = ${JSON.stringify(manifest.version)};\n`);
  return npm(folder, 'publish', '--registry', url);
}

/**
 * Runs npm answering its prompts (npm login asks for the login, then the password) as each
 * appears: npm reads every prompt with a reader of its own, so input sent early would be lost.
 */
function npmAnswering(
  folder: string,
  answers: [prompt: string, answer: string][],
  ...args: string[]
): Promise<Run> {
  return new Promise((resolve) => {
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([key]) => !/^(npm_|https?_proxy$|no_proxy$)/i.test(key)),
    );
    const child = spawn('npm', [...args, '--userconfig', join(folder, '.npmrc')], { cwd: folder, env });
    let stdout = '';
    let stderr = '';
    const pending = [...answers];
    const answer = () => {
      const next = pending[0];
      if (next && `${stdout}${stderr}`.includes(next[0])) {
        pending.shift();
        child.stdin.write(`${next[1]}\n`);
      }
    };
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      answer();
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
      answer();
    });
    const timer = setTimeout(() => child.kill(), 60_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? 1, stdout, stderr });
    });
  });
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

const packument = async (name: string) => (await fetchAs(ownerToken, name.replace('/', '%2f'))).json();

describe('npm login and whoami', () => {
  it('logs in with the login and password, and the token is one of the account page', async () => {
    for (const authType of ['legacy', 'web']) {
      const folder = npmFolder(registry, null);
      const login = await npmAnswering(
        folder,
        [
          ['Username:', owner.login],
          ['Password:', owner.password],
        ],
        'login',
        '--registry',
        registry,
        `--auth-type=${authType}`,
      );
      expect(login.code, `${login.stdout}\n${login.stderr}`).toBe(0);
      expect(readFileSync(join(folder, '.npmrc'), 'utf8')).toMatch(/:_authToken=art_/);
      const who = await npm(folder, 'whoami', '--registry', registry);
      expect(who.code, who.stderr).toBe(0);
      expect(who.stdout.trim()).toBe(owner.login);
    }
    const tokens = expectStatus(await owner.client.get<AccessToken[]>('/api/artifactTokens'), 200).data;
    const fromLogin = tokens.filter((t) => t.name.startsWith('npm login'));
    expect(fromLogin).toHaveLength(2);
    expect(fromLogin.every((t) => t.scope === 'write')).toBe(true);
  }, 60_000);

  it('refuses a wrong password and a stranger, and whoami without a token', async () => {
    const put = (user: TestUser, password: string) =>
      fetchAs(null, `-/user/org.couchdb.user:${user.login}`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          _id: `org.couchdb.user:${user.login}`,
          name: user.login,
          password,
          type: 'user',
        }),
      });
    const wrong = await put(owner, 'not-the-password');
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).error).toBe('The login or password is incorrect');
    const outsider = await put(stranger, stranger.password);
    expect(outsider.status).toBe(404);
    expect((await outsider.json()).error).toBe('The enterprise does not exist');
    const folder = npmFolder(registry, null);
    const who = await npm(folder, 'whoami', '--registry', registry);
    expect(who.code).not.toBe(0);
    expect(who.stderr).toContain('ENEEDAUTH');
  }, 60_000);
});

describe('npm search', () => {
  it('finds packages by name, description and keywords, newest version', async () => {
    const folder = npmFolder(registry, ownerToken);
    const search = async (...words: string[]) => {
      const found = await npm(folder, 'search', ...words, '--json');
      expect(found.code, found.stderr).toBe(0);
      return JSON.parse(found.stdout) as { name: string; version: string; description: string }[];
    };
    expect((await search('widgets')).map((p) => [p.name, p.version])).toEqual([['acme-widgets', '1.2.0']]);
    expect((await search('charts')).map((p) => p.name)).toEqual(['acme-widgets']);
    expect((await search('structured', 'LOGGING')).map((p) => p.name)).toEqual(['@acme/logger']);
    expect((await search('acme')).map((p) => p.name)).toEqual(['@acme/logger', 'acme-widgets']);
    expect(await search('nothing-like-this')).toEqual([]);
  }, 60_000);
});

describe('npm deprecate', () => {
  it('deprecates and undeprecates a version under allow once, and install warns', async () => {
    const folder = npmFolder(registry, ownerToken);
    const deprecated = await npm(folder, 'deprecate', 'acme-widgets@1.0.0', 'use 1.2 instead');
    expect(deprecated.code, deprecated.stderr).toBe(0);
    const doc = await packument('acme-widgets');
    expect(doc.versions['1.0.0'].deprecated).toBe('use 1.2 instead');
    expect(doc.versions['1.1.0'].deprecated).toBeUndefined();

    const consumer = npmFolder(registry, ownerToken);
    writeFileSync(
      join(consumer, 'package.json'),
      JSON.stringify({ name: 'c', version: '0.0.0', private: true }),
    );
    const installed = await npm(consumer, 'install', 'acme-widgets@1.0.0');
    expect(installed.code, installed.stderr).toBe(0);
    expect(installed.stderr).toContain('deprecated acme-widgets@1.0.0: use 1.2 instead');

    expect((await npm(folder, 'deprecate', 'acme-widgets@1.0.0', '')).code).toBe(0);
    expect((await packument('acme-widgets')).versions['1.0.0'].deprecated).toBeUndefined();
  }, 60_000);

  it('refuses a packument PUT that changes anything but deprecated', async () => {
    const doc = await packument('acme-widgets');
    doc.versions['1.1.0'].dependencies = { evil: '*' };
    const res = await fetchAs(ownerToken, 'acme-widgets', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(doc),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatch(/^versions\.1\.1\.0: Only deprecated may change/);
    expect((await packument('acme-widgets')).versions['1.1.0'].dependencies).toBeUndefined();
  });
});

describe('npm unpublish', () => {
  const lock = (locked: boolean) =>
    owner.client.put(`${repositoriesPath(enterprise)}/lockStatus/${repository.id}`, { locked });

  it('refuses while the repository is locked, and keeps everything', async () => {
    expectStatus(await lock(true), 200);
    try {
      const refused = await npm(npmFolder(registry, ownerToken), 'unpublish', 'acme-widgets@1.1.0');
      expect(refused.code).not.toBe(0);
      expect(refused.stderr).toContain(`${repository.name} is locked`);
    } finally {
      expectStatus(await lock(false), 200);
    }
    expect(Object.keys((await packument('acme-widgets')).versions)).toHaveLength(3);
  }, 60_000);

  it('refuses a version a snapshot holds, with the hold in the message', async () => {
    // The snapshot itself is another part's; its mark on the asset is what unpublish must respect.
    const key = artifactKeys.asset(enterprise.id, repository.id, 'acme-widgets/-/acme-widgets-1.0.0.tgz');
    await updateItem(key, { set: { heldBy: ['release-1'] } });
    try {
      const refused = await npm(npmFolder(registry, ownerToken), 'unpublish', 'acme-widgets@1.0.0');
      expect(refused.code).not.toBe(0);
      expect(refused.stderr).toContain('409');
      expect(refused.stderr).toContain('is held by snapshot release-1');
      const whole = await npm(npmFolder(registry, ownerToken), 'unpublish', 'acme-widgets', '--force');
      expect(whole.stderr).toContain('is held by snapshot release-1');
    } finally {
      await updateItem(key, { set: { heldBy: [] } });
    }
    expect(Object.keys((await packument('acme-widgets')).versions)).toHaveLength(3);
  }, 60_000);

  it('unpublishes one version (latest moves back), then the whole package', async () => {
    const folder = npmFolder(registry, ownerToken);
    const one = await npm(folder, 'unpublish', 'acme-widgets@1.2.0');
    expect(one.code, one.stderr).toBe(0);
    const doc = await packument('acme-widgets');
    expect(Object.keys(doc.versions).sort()).toEqual(['1.0.0', '1.1.0']);
    expect(doc['dist-tags'].latest).toBe('1.1.0');
    expect((await fetchAs(ownerToken, 'acme-widgets/-/acme-widgets-1.2.0.tgz')).status).toBe(404);

    const all = await npm(folder, 'unpublish', 'acme-widgets', '--force');
    expect(all.code, all.stderr).toBe(0);
    expect((await fetchAs(ownerToken, 'acme-widgets')).status).toBe(404);
    expect((await fetchAs(ownerToken, '-/package/acme-widgets/dist-tags')).status).toBe(404);
    // Gone for good: the name may be published again from scratch.
    expect((await publish(registry, ownerToken, { name: 'acme-widgets', version: '2.0.0' })).code).toBe(0);
  }, 90_000);

  it('refuses in a read-only repository', async () => {
    const readOnly = await createHosted(owner, enterprise, { format: 'npm', writePolicy: 'allow' });
    const url = `${repositoryUrl(server, enterprise, readOnly.name)}/`;
    expect((await publish(url, ownerToken, { name: 'kept', version: '1.0.0' })).code).toBe(0);
    const current = expectStatus(
      await owner.client.get<ArtifactRepository>(
        `${repositoriesPath(enterprise)}/byRepoName/${readOnly.name}`,
      ),
      200,
    ).data;
    expectStatus(
      await owner.client.put(`${repositoriesPath(enterprise)}/hosted/${readOnly.id}`, {
        description: '',
        versionPolicy: 'mixed',
        layoutPolicy: 'strict',
        writePolicy: 'deny',
        anonymousRead: false,
        version: current.version,
      }),
      200,
    );
    const refused = await npm(npmFolder(url, ownerToken), 'unpublish', 'kept', '--force');
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('403');
    expect(refused.stderr).toContain('read only');
  }, 60_000);
});
