/**
 * Connecting repositories with REPOSITORY_ALLOW_LOOPBACK off, as in the cloud, against the real
 * git server of the API test setup (which listens on loopback): a host name that resolves to
 * loopback is refused after its DNS lookup, and the same repository that connects with the
 * setting on is refused with it off. The app of this file reads the setting as off (it is set
 * before the app is imported, and put back after); the other test files keep it on.
 */
import type { Page } from '@shared/schemas/common';
import type { Repository } from '@shared/schemas/repositories';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { config, parseConfig } from '../../functions/src/core/config';
import { drainJobs } from '../../functions/src/core/jobs/jobs';
import { expectStatus, type Res } from './helpers';
import { createTeam, type Team } from './issue-fixtures';
import { gitServer, repositoriesBase, WorkingCopy } from './repository-fixtures';

const before = vi.hoisted(() => {
  const value = process.env.REPOSITORY_ALLOW_LOOPBACK;
  process.env.REPOSITORY_ALLOW_LOOPBACK = 'false';
  return value;
});

let team: Team;
let base: string;
let copy: WorkingCopy;

beforeAll(async () => {
  team = await createTeam(0);
  base = repositoriesBase(team.enterprise);
  copy = await WorkingCopy.create();
  await copy.commit('Initial commit');
  await copy.push('main');
});

afterAll(() => {
  if (before === undefined) delete process.env.REPOSITORY_ALLOW_LOOPBACK;
  else process.env.REPOSITORY_ALLOW_LOOPBACK = before;
});

const port = () => new URL(gitServer.url).port;
const owner = () => team.owner.client;

async function stored(name: string): Promise<number> {
  return expectStatus(await owner().get<Page<Repository>>(`${base}/list?keyword=${name}`), 200).data.total;
}

describe('with REPOSITORY_ALLOW_LOOPBACK off', () => {
  it('is off here, and off unless set to exactly "true"', () => {
    expect(config.repositoryAllowLoopback).toBe(false);
    expect(parseConfig({}).repositoryAllowLoopback).toBe(false);
    expect(parseConfig({ REPOSITORY_ALLOW_LOOPBACK: 'false' }).repositoryAllowLoopback).toBe(false);
    expect(parseConfig({ REPOSITORY_ALLOW_LOOPBACK: 'true' }).repositoryAllowLoopback).toBe(true);
    expect(() => parseConfig({ REPOSITORY_ALLOW_LOOPBACK: 'yes' })).toThrow(/REPOSITORY_ALLOW_LOOPBACK/);
  });

  it('refuses a host name that resolves to loopback, after resolving it', async () => {
    // `localhost` is a name, not an address: the only way to learn it is loopback is to resolve it.
    const res = await owner().post(base, {
      cloneUrl: `https://localhost:${port()}/${copy.name}.git`,
      token: gitServer.token,
    });
    expect(res.status).toBe(400);
    expect(res.body.errorMessage).toMatch(
      /^cloneUrl: The host localhost resolves to (127\.\d+\.\d+\.\d+|::1), a private or internal address; only public hosts can be connected$/,
    );
    expect(await stored(copy.name)).toBe(0);
  });

  it('refuses the local git server, by address or by name, over http or https', async () => {
    const cases: [string, RegExp][] = [
      [
        copy.cloneUrl,
        /^cloneUrl: The host 127\.0\.0\.1 resolves to 127\.0\.0\.1, a private or internal address/,
      ],
      [`http://localhost:${port()}/${copy.name}.git`, /^cloneUrl: .*plain http \(use https\)/],
      [`https://[::1]:${port()}/${copy.name}.git`, /^cloneUrl: The host \[::1\] resolves to ::1, a private/],
      [
        `https://127.1.2.3/${copy.name}.git`,
        /^cloneUrl: The host 127\.1\.2\.3 resolves to 127\.1\.2\.3, a private/,
      ],
    ];
    for (const [cloneUrl, message] of cases) {
      const res = await owner().post(base, { cloneUrl, token: gitServer.token });
      expect(res.status, cloneUrl).toBe(400);
      expect(res.body.errorMessage, cloneUrl).toMatch(message);
    }
    expect(await stored(copy.name)).toBe(0);
  });

  it('refuses what the same app connects with the setting on, at connecting and at every later read', async () => {
    // The same app and the same table, loaded afresh with the setting on.
    vi.resetModules();
    process.env.REPOSITORY_ALLOW_LOOPBACK = 'true';
    let loopbackApp: typeof import('../../functions/src/app')['app'];
    try {
      loopbackApp = (await import('../../functions/src/app')).app;
    } finally {
      process.env.REPOSITORY_ALLOW_LOOPBACK = 'false';
    }
    const other = await WorkingCopy.create();
    await other.commit('Initial commit');
    await other.push('main');
    const response = await loopbackApp.request(base, {
      method: 'POST',
      headers: {
        Cookie: owner().cookieHeader(),
        Origin: owner().origin,
        'X-Requested-With': 'XMLHttpRequest',
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ cloneUrl: other.cloneUrl, token: gitServer.token }),
    });
    const connected = (await response.json()) as Res<Repository>['body'];
    expect(response.status, JSON.stringify(connected)).toBe(201);
    const repository = connected.data as Repository;
    expect(repository).toMatchObject({ cloneUrl: other.cloneUrl, hasToken: true, branchCount: 1 });

    // This file's app (setting off) refuses to reach it, though it is connected.
    const branches = await owner().get(`${base}/${repository.id}/branches`);
    expect(branches.status).toBe(409);
    expect(branches.body.errorMessage).toMatch(
      /127\.0\.0\.1 resolves to 127\.0\.0\.1, a private or internal address/,
    );
    // The poll (here a sync on demand) cannot reach it either, and says so on the repository.
    expectStatus(await owner().post(`${base}/${repository.id}/sync`), 200);
    await drainJobs();
    const after = expectStatus(await owner().get<Repository>(`${base}/${repository.id}`), 200).data;
    expect(after).toMatchObject({ status: 'error' });
    expect(after.lastError).toMatch(/127\.0\.0\.1 resolves to 127\.0\.0\.1, a private or internal address/);
  });
});
