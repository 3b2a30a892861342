/**
 * Group repositories through the real clients: npm installs from a group of two npm repositories
 * (packuments merged, each version from the first member that has it, each dist-tag too), pip
 * downloads from a group of two PyPI repositories (simple pages merged), and a Maven group merges
 * maven-metadata.xml (read with curl: mvn's resolution is covered in artifacts-maven.test.ts).
 * A publish to a group is refused, naming the group.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ArtifactRepository } from '@shared/schemas/artifacts';
import type { Enterprise } from '@shared/schemas/enterprise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../scripts/lib/local-server';
import { createHosted, repositoriesPath } from './artifact-fixtures';
import {
  accessToken,
  basicAuth,
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

beforeAll(async () => {
  server = await startServer();
  [owner] = (await signUpMany(1)) as [TestUser];
  enterprise = await createEnterprise(owner, 'Groups');
  token = await accessToken(owner);
}, 60_000);

afterAll(async () => {
  await server?.close();
  removeScratch();
});

async function group(format: string, members: ArtifactRepository[]): Promise<ArtifactRepository> {
  const res = await owner.client.post<ArtifactRepository>(`${repositoriesPath(enterprise)}/group`, {
    name: unique(`${format}-group-`).toLowerCase(),
    format,
    memberIds: members.map((m) => m.id),
  });
  return expectStatus(res, 201).data;
}

const urlOf = (repository: ArtifactRepository) => repositoryUrl(server, enterprise, repository.name);

async function publish(repository: ArtifactRepository, name: string, version: string, text: string) {
  const registry = `${urlOf(repository)}/`;
  const folder = npmFolder(registry, token);
  writeFileSync(join(folder, 'package.json'), JSON.stringify({ name, version, main: 'index.js' }));
  writeFileSync(join(folder, 'index.js'), `module.exports = ${JSON.stringify(text)};\n`);
  return npm(folder, 'publish', '--registry', registry);
}

describe('an npm group', () => {
  it('installs from its members in order, and refuses a publish to the group', async () => {
    const [first, second] = [
      await createHosted(owner, enterprise, { format: 'npm' }),
      await createHosted(owner, enterprise, { format: 'npm' }),
    ];
    const both = await group('npm', [first, second]);
    for (const [repository, name, version, text] of [
      [first, 'shared-lib', '1.0.0', 'from first'],
      [second, 'shared-lib', '1.0.0', 'from second'],
      [second, 'shared-lib', '2.0.0', 'second two'],
      [second, 'only-second', '1.0.0', 'only second'],
    ] as const) {
      const published = await publish(repository, name, version, text);
      expect(published.code, published.stderr).toBe(0);
    }

    const registry = `${urlOf(both)}/`;
    const view = await npm(npmFolder(registry, token), 'view', 'shared-lib', '--json');
    expect(JSON.parse(view.stdout)).toMatchObject({
      versions: ['1.0.0', '2.0.0'],
      // Each tag from the first member that has it.
      'dist-tags': { latest: '1.0.0' },
    });

    const consumer = npmFolder(registry, token);
    writeFileSync(
      join(consumer, 'package.json'),
      JSON.stringify({ name: 'c', version: '0.0.0', private: true }),
    );
    const installed = await npm(consumer, 'install', 'shared-lib@1.0.0', 'only-second');
    expect(installed.code, installed.stderr).toBe(0);
    const modules = join(consumer, 'node_modules');
    expect(readFileSync(join(modules, 'shared-lib', 'index.js'), 'utf8')).toContain('from first');
    expect(readFileSync(join(modules, 'only-second', 'index.js'), 'utf8')).toContain('only second');
    const lock = JSON.parse(readFileSync(join(consumer, 'package-lock.json'), 'utf8'));
    // The group's own address: clients never learn its members'.
    expect(lock.packages['node_modules/shared-lib'].resolved).toBe(
      `${registry}shared-lib/-/shared-lib-1.0.0.tgz`,
    );
    const upgraded = await npm(consumer, 'install', 'shared-lib@2');
    expect(upgraded.code, upgraded.stderr).toBe(0);
    expect(readFileSync(join(modules, 'shared-lib', 'index.js'), 'utf8')).toContain('second two');

    const refused = await publish(both, 'to-group', '1.0.0', 'x');
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain(`${both.name} is a group; publish to one of its hosted members`);
  }, 180_000);
});

describe('a PyPI group', () => {
  it("lists every member's files in its simple pages, and pip downloads through it", async () => {
    const [first, second] = [
      await createHosted(owner, enterprise, { format: 'pypi' }),
      await createHosted(owner, enterprise, { format: 'pypi' }),
    ];
    const both = await group('pypi', [first, second]);
    for (const [repository, version] of [
      [first, '1.0'],
      [second, '2.0'],
    ] as const) {
      const uploaded = await run('curl', [
        '-sS',
        '-o',
        '/dev/null',
        '-w',
        '%{http_code}',
        '-u',
        `__token__:${token}`,
        '-F',
        ':action=file_upload',
        '-F',
        'name=grouped',
        '-F',
        `version=${version}`,
        '-F',
        `content=@${await wheel('grouped', version, `grouped ${version}`)}`,
        urlOf(repository),
      ]);
      expect(uploaded.stdout).toBe('201');
    }
    const page = await (
      await fetch(`${urlOf(both)}/simple/grouped/`, { headers: { Authorization: basicAuth(token) } })
    ).text();
    expect([...page.matchAll(/>(grouped-[^<]+)</g)].map((m) => m[1])).toEqual([
      'grouped-1.0-py3-none-any.whl',
      'grouped-2.0-py3-none-any.whl',
    ]);

    const downloads = scratch('pip-group');
    const index = `${urlOf(both).replace('://', `://ci:${token}@`)}/simple/`;
    const downloaded = await run(
      'python3',
      [
        '-m',
        'pip',
        'download',
        '--no-deps',
        '--dest',
        downloads,
        '--index-url',
        index,
        '--no-cache-dir',
        '--disable-pip-version-check',
        'grouped',
      ],
      { env: { PIP_CONFIG_FILE: '/dev/null' } },
    );
    expect(downloaded.code, downloaded.stderr).toBe(0);
    // The newest version, which only the second member holds.
    expect(readdirSync(downloads)).toEqual(['grouped-2.0-py3-none-any.whl']);
  }, 120_000);
});

describe('a Maven group', () => {
  it("merges the members' maven-metadata.xml and serves files from the first member that has them", async () => {
    const [first, second] = [
      await createHosted(owner, enterprise, { format: 'maven2' }),
      await createHosted(owner, enterprise, { format: 'maven2' }),
    ];
    const both = await group('maven2', [first, second]);
    const auth = { Authorization: basicAuth(token) };
    const put = (repository: ArtifactRepository, path: string, body: string) =>
      fetch(`${urlOf(repository)}/${path}`, { method: 'PUT', headers: auth, body });
    expect((await put(first, 'org/acme/lib/1.0/lib-1.0.jar', 'first one')).status).toBe(201);
    expect((await put(second, 'org/acme/lib/1.0/lib-1.0.jar', 'second one')).status).toBe(201);
    expect((await put(second, 'org/acme/lib/2.0/lib-2.0.jar', 'second two')).status).toBe(201);

    const metadata = await (
      await fetch(`${urlOf(both)}/org/acme/lib/maven-metadata.xml`, { headers: auth })
    ).text();
    expect([...metadata.matchAll(/<version>([^<]+)<\/version>/g)].map((m) => m[1])).toEqual(['1.0', '2.0']);
    expect(metadata).toContain('<release>2.0</release>');
    const one = await fetch(`${urlOf(both)}/org/acme/lib/1.0/lib-1.0.jar`, { headers: auth });
    expect(await one.text()).toBe('first one');
    const sum = await (
      await fetch(`${urlOf(both)}/org/acme/lib/2.0/lib-2.0.jar.sha1`, { headers: auth })
    ).text();
    expect(sum).toBe(createHash('sha1').update('second two').digest('hex'));
    const refused = await put(both, 'org/acme/lib/3.0/lib-3.0.jar', 'x');
    expect(refused.status).toBe(400);
  });
});
