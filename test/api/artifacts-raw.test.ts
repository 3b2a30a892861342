/**
 * Raw repositories with curl against the app on a local port: PUT, GET (a redirect curl follows
 * to the bytes), HEAD with the checksums in headers, computed checksum files, DELETE, and the
 * refusals: allow once, a declared checksum that does not match, a path that climbs out, a token
 * of read scope, a locked repository, another enterprise's member.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ArtifactRepository } from '@shared/schemas/artifacts';
import type { Enterprise } from '@shared/schemas/enterprise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../scripts/lib/local-server';
import { createHosted, repositoriesPath } from './artifact-fixtures';
import { accessToken, removeScratch, repositoryUrl, run, scratch, startServer } from './artifacts-clients';
import { createEnterprise, expectStatus, signUpMany, type TestUser } from './helpers';

let server: RunningServer;
let owner: TestUser;
let stranger: TestUser;
let enterprise: Enterprise;
let repository: ArtifactRepository;
let base: string;
let token: string;

beforeAll(async () => {
  server = await startServer();
  [owner, stranger] = (await signUpMany(2)) as [TestUser, TestUser];
  enterprise = await createEnterprise(owner, 'Raw files');
  repository = await createHosted(owner, enterprise, { format: 'raw' });
  base = repositoryUrl(server, enterprise, repository.name);
  token = await accessToken(owner);
}, 60_000);

afterAll(async () => {
  await server?.close();
  removeScratch();
});

/** curl with Basic auth (the token as password); `-w` appends the status on a line of its own. */
const curl = (secret: string | null, ...args: string[]) =>
  run('curl', ['-sS', '-w', '\n%{http_code}', ...(secret ? ['-u', `ci:${secret}`] : []), ...args]);

async function status(secret: string | null, ...args: string[]): Promise<{ status: number; body: string }> {
  const result = await curl(secret, ...args);
  expect(result.code, result.stderr).toBe(0);
  const lines = result.stdout.split('\n');
  return { status: Number(lines.pop()), body: lines.join('\n') };
}

const sha = (algorithm: string, bytes: Buffer | string) => createHash(algorithm).update(bytes).digest('hex');

describe('raw files with curl', () => {
  const content = 'release notes\n';

  it('puts a file, gets it back through the redirect, and answers HEAD and checksum files', async () => {
    const folder = scratch('raw');
    const file = join(folder, 'notes.txt');
    writeFileSync(file, content);
    const put = await status(token, '-T', file, `${base}/docs/1.0/notes.txt`);
    expect(put.status).toBe(201);
    expect(JSON.parse(put.body)).toMatchObject({
      path: 'docs/1.0/notes.txt',
      sha256: sha('sha256', content),
    });

    const out = join(folder, 'downloaded.txt');
    const got = await status(token, '-L', '-o', out, `${base}/docs/1.0/notes.txt`);
    expect(got.status).toBe(200);
    expect(readFileSync(out, 'utf8')).toBe(content);

    const head = await curl(token, '-I', `${base}/docs/1.0/notes.txt`);
    expect(head.stdout).toMatch(/^HTTP\/1\.1 200/);
    expect(head.stdout).toContain(`x-checksum-sha256: ${sha('sha256', content)}`);
    expect(head.stdout).toContain(`x-checksum-sha1: ${sha('sha1', content)}`);
    expect(head.stdout).toContain(`content-length: ${content.length}`);

    for (const algorithm of ['md5', 'sha1', 'sha256', 'sha512']) {
      const checksum = await status(token, `${base}/docs/1.0/notes.txt.${algorithm}`);
      expect(checksum, algorithm).toEqual({ status: 200, body: sha(algorithm, content) });
    }
    expect((await status(token, `${base}/docs/1.0/missing.txt`)).status).toBe(404);
  });

  it('refuses a second PUT of a path (allow once), a wrong declared checksum and a path that climbs out', async () => {
    const again = await status(token, '-X', 'PUT', '--data-binary', 'changed', `${base}/docs/1.0/notes.txt`);
    expect(again.status).toBe(409);
    expect(JSON.parse(again.body).error).toBe(
      `docs/1.0/notes.txt is already published in ${repository.name}, whose write policy allows it once`,
    );
    const wrong = await status(
      token,
      '-X',
      'PUT',
      '-H',
      `X-Checksum-Sha256: ${sha('sha256', 'other')}`,
      '--data-binary',
      'body',
      `${base}/docs/checked.txt`,
    );
    expect(wrong.status).toBe(400);
    expect(JSON.parse(wrong.body).error).toMatch(/^sha256: /);
    // `/../` is resolved away by the URL itself; encoded slashes reach the path check.
    const climbing = await status(token, '-X', 'PUT', '--data-binary', 'x', `${base}/docs%2F..%2F..%2Fx.txt`);
    expect(climbing.status).toBe(400);
    expect(JSON.parse(climbing.body).error).toBe('path: docs/../../x.txt has an empty, . or .. segment');
    const got = await status(token, '-L', `${base}/docs/1.0/notes.txt`);
    expect(got.body).toBe(content);
    expect((await status(token, `${base}/docs/checked.txt`)).status).toBe(404);
  });

  it('refuses a read-scope token, a locked repository and a stranger, and deletes with write access', async () => {
    const readToken = await accessToken(owner, 'read');
    const put = await status(readToken, '-X', 'PUT', '--data-binary', 'x', `${base}/ro.txt`);
    expect(put.status).toBe(403);
    expect((await status(readToken, '-X', 'DELETE', `${base}/docs/1.0/notes.txt`)).status).toBe(403);
    const strangerToken = await accessToken(stranger);
    const foreign = await status(strangerToken, `${base}/docs/1.0/notes.txt`);
    expect(foreign.status).toBe(404);
    expect(JSON.parse(foreign.body).error).toBe('The enterprise does not exist');
    expect((await status(null, `${base}/docs/1.0/notes.txt`)).status).toBe(401);

    const lock = (locked: boolean) =>
      owner.client.put(`${repositoriesPath(enterprise)}/lockStatus/${repository.id}`, { locked });
    expectStatus(await lock(true), 200);
    const locked = await status(token, '-X', 'DELETE', `${base}/docs/1.0/notes.txt`);
    expect(locked.status).toBe(409);
    expect(JSON.parse(locked.body).error).toContain('is locked');
    expectStatus(await lock(false), 200);

    const deleted = await status(token, '-X', 'DELETE', `${base}/docs/1.0/notes.txt`);
    expect(deleted).toEqual({ status: 200, body: '{"deleted":1}' });
    expect((await status(token, `${base}/docs/1.0/notes.txt`)).status).toBe(404);
  });

  it('answers a body above the upload limit with 413', async () => {
    const folder = scratch('raw-big');
    const file = join(folder, 'big.bin');
    writeFileSync(file, Buffer.alloc(6 * 1024 * 1024 + 1));
    const tooBig = await status(token, '-T', file, `${base}/big.bin`);
    expect(tooBig.status).toBe(413);
  });
});
