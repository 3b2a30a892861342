/**
 * PyPI repositories against the app on a local port: an upload shaped like twine's (a curl
 * multipart POST: twine itself cannot be installed on a machine without the PyPI index), the
 * PEP 503 simple index with sha256 fragments and its PEP 691 JSON form, then the real pip
 * downloading and installing from it, and the refusals: allow once, a wrong digest, a locked
 * repository, a token of read scope.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ArtifactRepository } from '@shared/schemas/artifacts';
import type { Enterprise } from '@shared/schemas/enterprise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../scripts/lib/local-server';
import { createHosted, repositoriesPath } from './artifact-fixtures';
import {
  accessToken,
  basicAuth,
  removeScratch,
  repositoryUrl,
  run,
  scratch,
  startServer,
  wheel,
} from './artifacts-clients';
import { createEnterprise, expectStatus, signUpMany, type TestUser } from './helpers';

let server: RunningServer;
let owner: TestUser;
let enterprise: Enterprise;
let repository: ArtifactRepository;
let url: string;
let token: string;

beforeAll(async () => {
  server = await startServer();
  [owner] = (await signUpMany(1)) as [TestUser];
  enterprise = await createEnterprise(owner, 'PyPI');
  repository = await createHosted(owner, enterprise, { format: 'pypi' });
  url = repositoryUrl(server, enterprise, repository.name);
  token = await accessToken(owner);
}, 60_000);

afterAll(async () => {
  await server?.close();
  removeScratch();
});

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** twine's upload form, sent by curl; the status on the last line. */
async function upload(
  file: string,
  name: string,
  version: string,
  secret = token,
  digest = sha256(readFileSync(file)),
): Promise<{ status: number; body: string }> {
  const result = await run('curl', [
    '-sS',
    '-w',
    '\n%{http_code}',
    '-u',
    `__token__:${secret}`,
    '-F',
    ':action=file_upload',
    '-F',
    'protocol_version=1',
    '-F',
    `name=${name}`,
    '-F',
    `version=${version}`,
    '-F',
    'filetype=bdist_wheel',
    '-F',
    'pyversion=py3',
    '-F',
    'metadata_version=2.1',
    '-F',
    `sha256_digest=${digest}`,
    '-F',
    `content=@${file};type=application/octet-stream`,
    url,
  ]);
  expect(result.code, result.stderr).toBe(0);
  const lines = result.stdout.split('\n');
  return { status: Number(lines.pop()), body: lines.join('\n') };
}

/** pip with our index only, credentials in its address, no cache and no configuration of the machine's. */
function pip(...args: string[]) {
  const index = `${url.replace('://', `://ci:${token}@`)}/simple/`;
  return run(
    'python3',
    ['-m', 'pip', ...args, '--index-url', index, '--no-cache-dir', '--disable-pip-version-check'],
    {
      env: { PIP_CONFIG_FILE: '/dev/null' },
    },
  );
}

describe('PyPI upload and simple index', () => {
  it('takes an upload, lists it in the simple index with its sha256, and pip downloads and installs it', async () => {
    const file = await wheel('Hello-Lib', '1.0.0', 'hello one');
    const uploaded = await upload(file, 'Hello-Lib', '1.0.0');
    expect(uploaded.status, uploaded.body).toBe(201);
    expect(JSON.parse(uploaded.body).path).toBe('packages/hello-lib/1.0.0/Hello_Lib-1.0.0-py3-none-any.whl');
    expect((await upload(await wheel('hello-lib', '1.1.0', 'hello two'), 'hello_lib', '1.1.0')).status).toBe(
      201,
    );

    const auth = { Authorization: basicAuth(token) };
    const root = await fetch(`${url}/simple/`, { headers: auth });
    expect(await root.text()).toContain('<a href="hello-lib/">hello-lib</a>');
    const page = await (await fetch(`${url}/simple/hello-lib/`, { headers: auth })).text();
    const digest = sha256(readFileSync(file));
    expect(page).toContain(
      `<a href="../../packages/hello-lib/1.0.0/Hello_Lib-1.0.0-py3-none-any.whl#sha256=${digest}">`,
    );
    const unnormalized = await fetch(`${url}/simple/Hello_Lib/`, { headers: auth, redirect: 'manual' });
    expect(unnormalized.status).toBe(301);
    expect(unnormalized.headers.get('location')).toBe(
      `/api/artifacts/${enterprise.enterpriseIdentifier}/${repository.name}/simple/hello-lib/`,
    );
    const json = await fetch(`${url}/simple/hello-lib/`, {
      headers: { ...auth, Accept: 'application/vnd.pypi.simple.v1+json' },
    });
    expect(json.headers.get('content-type')).toBe('application/vnd.pypi.simple.v1+json');
    expect((await json.json()).files).toHaveLength(2);

    const downloads = scratch('pip-download');
    const downloaded = await pip('download', '--no-deps', '--dest', downloads, 'hello-lib==1.0.0');
    expect(downloaded.code, downloaded.stderr).toBe(0);
    expect(readdirSync(downloads)).toEqual(['Hello_Lib-1.0.0-py3-none-any.whl']);
    expect(sha256(readFileSync(join(downloads, 'Hello_Lib-1.0.0-py3-none-any.whl')))).toBe(digest);

    const target = scratch('pip-target');
    const installed = await pip('install', '--no-deps', '--target', target, 'hello-lib');
    expect(installed.code, installed.stderr).toBe(0);
    const imported = await run('python3', ['-c', 'import hello_lib; print(hello_lib.greeting)'], {
      env: { PYTHONPATH: target },
    });
    expect(imported.stdout.trim()).toBe('hello two');
  }, 120_000);

  it('refuses a second upload of a file, a wrong digest, a read-scope token and a locked repository', async () => {
    const file = await wheel('refused', '1.0.0', 'x');
    expect((await upload(file, 'refused', '1.0.0')).status).toBe(201);
    const again = await upload(file, 'refused', '1.0.0');
    expect(again.status).toBe(409);
    const other = await wheel('refused', '2.0.0', 'y');
    const wrong = await upload(other, 'refused', '2.0.0', token, sha256(Buffer.from('other')));
    expect(wrong.status).toBe(400);
    expect(JSON.parse(wrong.body).error).toMatch(/^sha256: /);
    const readOnly = await upload(other, 'refused', '2.0.0', await accessToken(owner, 'read'));
    expect(readOnly.status).toBe(403);
    const lock = (locked: boolean) =>
      owner.client.put(`${repositoriesPath(enterprise)}/lockStatus/${repository.id}`, { locked });
    expectStatus(await lock(true), 200);
    const locked = await upload(other, 'refused', '2.0.0');
    expectStatus(await lock(false), 200);
    expect(locked.status).toBe(409);
    const page = await (
      await fetch(`${url}/simple/refused/`, { headers: { Authorization: basicAuth(token) } })
    ).text();
    expect(page).not.toContain('2.0.0');
  }, 60_000);
});
