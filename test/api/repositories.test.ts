/**
 * Code repositories end to end against a real git server (git http-backend, started by the API
 * test setup) driven by the real `git` client: connecting (and every way it can be refused),
 * branches, links to projects, pushes reaching work items through the webhook and through the
 * poll, creating a branch from a work item, and the webhook receiver's checks.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { type ServerType, serve } from '@hono/node-server';
import type { Page } from '@shared/schemas/common';
import type { Journal } from '@shared/schemas/issues';
import type {
  Branch,
  Commit,
  ItemCommit,
  ProjectRepositoryRow,
  RepoBranch,
  Repository,
  WebhookSettings,
} from '@shared/schemas/repositories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { app } from '../../functions/src/app';
import { clock } from '../../functions/src/core/clock';
import { drainJobs, runSchedule } from '../../functions/src/core/jobs/jobs';
import { setWebhook, webhooksSettled } from '../../scripts/lib/git-server';
import { Client, expectStatus, type Res, unique } from './helpers';
import { createIssue, createProject, createTeam, type Team } from './issue-fixtures';
import { connect, expectSentence, gitServer, repositoriesBase, WorkingCopy } from './repository-fixtures';

let team: Team;
let base: string;
let pms: (rest: string) => string;
/** The app on a port of its own, so the git server's webhooks reach it over HTTP. */
let listener: ServerType;
let listenerUrl: string;

beforeAll(async () => {
  team = await createTeam(1);
  base = repositoriesBase(team.enterprise);
  pms = (rest) => `/api/pms/${team.enterprise.enterpriseIdentifier}/${rest}`;
  await new Promise<void>((resolve) => {
    listener = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
      listenerUrl = `http://127.0.0.1:${info.port}`;
      resolve();
    });
  });
});

afterAll(async () => {
  await new Promise((resolve) => listener.close(resolve));
});

async function pushedCopy(message = 'Initial commit'): Promise<WorkingCopy> {
  const copy = await WorkingCopy.create();
  await copy.commit(message);
  await copy.push('main');
  return copy;
}

const owner = () => team.owner.client;

async function journalsOf(issueId: string): Promise<Journal[]> {
  return expectStatus(
    await owner().get<Page<Journal>>(pms(`pmsProjectIssues/journals/${issueId}?pageSize=100`)),
    200,
  ).data.rows;
}

async function commitsOf(issueId: string): Promise<ItemCommit[]> {
  return expectStatus(
    await owner().get<ItemCommit[]>(pms(`pmsProjectIssues/repoCommits?issueId=${issueId}`)),
    200,
  ).data;
}

async function linkToProject(repository: Repository, project = team.project): Promise<void> {
  expectStatus(
    await owner().post(pms('pmsProjectRepository'), {
      pmsProjectId: project.id,
      repositoryIds: [repository.id],
    }),
    201,
  );
}

describe('connecting a repository', () => {
  it('checks the URL and token against the host over git and stores the token sealed', async () => {
    const copy = await pushedCopy('Set up the service skeleton');
    const res = await owner().post<Repository>(base, {
      cloneUrl: `${copy.cloneUrl}/`,
      token: gitServer.token,
      description: 'The fleet API',
    });
    expectStatus(res, 201);
    expect(res.data).toMatchObject({
      name: copy.name,
      cloneUrl: copy.cloneUrl,
      provider: 'git',
      kind: 'code',
      hasToken: true,
      defaultBranch: 'main',
      branchCount: 1,
      status: 'ok',
      description: 'The fleet API',
      linkedProjectCount: 0,
      lastCommit: { title: 'Set up the service skeleton', branch: 'main', author: { name: 'Dana Dev' } },
    });
    expect(JSON.stringify(res.body)).not.toContain(gitServer.token);
    const again = expectStatus(await owner().get<Repository>(`${base}/${res.data.id}`), 200);
    expect(JSON.stringify(again.body)).not.toContain(gitServer.token);
  });

  it('refuses a wrong token, naming the token, and stores nothing', async () => {
    const copy = await pushedCopy();
    const res = await owner().post(base, { cloneUrl: copy.cloneUrl, token: 'not-the-token' });
    expect(res.status).toBe(400);
    expect(res.body.errorMessage).toMatch(/^token: .*refused the credentials \(HTTP 401\)/);
    const list = expectStatus(await owner().get<Page<Repository>>(`${base}/list?keyword=${copy.name}`), 200);
    expect(list.data.total).toBe(0);
  });

  it('words every refusal as a sentence: the field, then a capital, never a camelCase name', async () => {
    const refusals: [Res, string | RegExp][] = [
      [await owner().post(base, { token: 'x' }), 'cloneUrl: Please enter the clone URL'],
      [
        await owner().post(base, { cloneUrl: `https://example.com/${'a'.repeat(500)}.git`, token: 'x' }),
        'cloneUrl: The clone URL must be at most 500 characters',
      ],
      [
        await owner().post(pms('pmsProjectRepository'), { pmsProjectId: team.project.id, repositoryIds: [] }),
        'repositoryIds: Choose at least one repository',
      ],
      [
        await owner().post(pms('pmsProjectRepository'), { repositoryIds: ['r'] }),
        'pmsProjectId: Please enter the project',
      ],
      [
        await owner().post(pms('pmsProjectIssues/repoBranches'), { issueId: 'i'.repeat(65) }),
        'issueId: The work item must be at most 64 characters',
      ],
      [
        await owner().post(base, { cloneUrl: 'http://127.0.0.1:1/closed.git', token: 'x' }),
        /^cloneUrl: The host 127\.0\.0\.1:1 could not be reached/,
      ],
    ];
    for (const [res, message] of refusals) {
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.errorMessage).toMatch(message);
      expectSentence(res.body.errorMessage);
    }
  });

  it('refuses addresses that are not a reachable git repository, naming cloneUrl', async () => {
    const cases: [string, RegExp][] = [
      [
        `${gitServer.url}/${unique('missing')}.git`,
        /^cloneUrl: .*no git repository at this address \(HTTP 404\)/,
      ],
      ['http://127.0.0.1:1/closed.git', /^cloneUrl: .*could not be reached \(ECONNREFUSED\)/],
      [
        'ssh://git@github.com/acme/api.git',
        /^cloneUrl: The clone URL must be an http\(s\) address .*SSH is not supported/,
      ],
      ['javascript:alert(7)//x.git', /^cloneUrl: The clone URL must be an http\(s\) address/],
      [`http://git:secret@127.0.0.1:1/x.git`, /^cloneUrl: Must not contain a user name or token/],
      ['not a url', /^cloneUrl: The clone URL must be an http\(s\) address like/],
    ];
    for (const [cloneUrl, message] of cases) {
      const res = await owner().post(base, { cloneUrl, token: 'x' });
      expect(res.status, cloneUrl).toBe(400);
      expect(res.body.errorMessage, cloneUrl).toMatch(message);
    }
  });

  it('refuses private, link-local, metadata and mapped addresses even with loopback allowed', async () => {
    for (const host of [
      '10.1.2.3',
      '172.16.0.9',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '[fd00:ec2::254]',
      '[::ffff:10.0.0.1]',
      '[fe80::1]',
      '0.0.0.0',
    ]) {
      const res = await owner().post(base, { cloneUrl: `https://${host}/acme/api.git`, token: 'x' });
      expect(res.status, host).toBe(400);
      expect(res.body.errorMessage, host).toMatch(/^cloneUrl: .*private or internal address/);
    }
  });

  it('connects by a host name that resolves to loopback while loopback is allowed (as in these tests)', async () => {
    // The refusal of the same name with the setting off is in repository-loopback.test.ts.
    const copy = await pushedCopy('Reached by name');
    const cloneUrl = `http://localhost:${new URL(gitServer.url).port}/${copy.name}.git`;
    const res = await owner().post<Repository>(base, { cloneUrl, token: gitServer.token });
    expectStatus(res, 201);
    expect(res.data).toMatchObject({ cloneUrl, branchCount: 1, lastCommit: { title: 'Reached by name' } });
  });

  it('connects a URL once per enterprise (409), and the token can be replaced only by one that works', async () => {
    const copy = await pushedCopy();
    const repository = await connect(team.owner, team.enterprise, copy);
    const twice = await owner().post(base, { cloneUrl: copy.cloneUrl, token: gitServer.token });
    expect(twice.status).toBe(409);
    expect(twice.body.errorMessage).toMatch(/^The clone URL .* is connected already$/);
    const badToken = await owner().put(`${base}/${repository.id}`, {
      version: repository.version,
      token: 'wrong',
    });
    expect(badToken.status).toBe(400);
    expect(badToken.body.errorMessage).toMatch(/^token: /);
    const renamed = expectStatus(
      await owner().put<Repository>(`${base}/${repository.id}`, {
        version: repository.version,
        name: 'Fleet API',
        token: gitServer.token,
      }),
      200,
    ).data;
    expect(renamed).toMatchObject({ name: 'Fleet API', version: repository.version + 1, hasToken: true });
    const stale = await owner().put(`${base}/${repository.id}`, { version: repository.version, name: 'Old' });
    expect(stale.status).toBe(409);
  });
});

describe('reading a repository', () => {
  it('lists branches (default first), tags and commits from the host', async () => {
    const copy = await pushedCopy('First');
    await copy.commit('Second');
    await copy.git('tag', 'v1.0.0');
    await copy.git('branch', 'release/1.0');
    await copy.git('branch', 'alpha');
    await copy.push('main', 'release/1.0', 'alpha', '--tags');
    const repository = await connect(team.owner, team.enterprise, copy);
    const branches = expectStatus(
      await owner().get<Page<Branch>>(`${base}/${repository.id}/branches`),
      200,
    ).data;
    expect(branches.rows.map((b) => [b.name, b.isDefault])).toEqual([
      ['main', true],
      ['alpha', false],
      ['release/1.0', false],
    ]);
    const filtered = expectStatus(
      await owner().get<Page<Branch>>(`${base}/${repository.id}/branches?keyword=rel&pageSize=1`),
      200,
    ).data;
    expect(filtered).toMatchObject({ total: 1, rows: [{ name: 'release/1.0' }] });
    const tags = expectStatus(await owner().get(`${base}/${repository.id}/tags`), 200).data;
    expect(tags.rows.map((t: { name: string }) => t.name)).toEqual(['v1.0.0']);
    const commits = expectStatus(
      await owner().get<Commit[]>(`${base}/${repository.id}/commits?limit=5`),
      200,
    ).data;
    expect(commits.map((c) => c.title)).toEqual(['Second', 'First']);
    const unknown = await owner().get(`${base}/${repository.id}/commits?branch=nope`);
    expect(unknown.status).toBe(400);
    expect(unknown.body.errorMessage).toMatch(/^branch: There is no branch nope in /);
  });

  it('lists the enterprise repositories with search and kinds; image has none until the artifact library', async () => {
    const copy = await pushedCopy();
    const repository = await connect(team.owner, team.enterprise, copy);
    const found = expectStatus(
      await owner().get<Page<Repository>>(`${base}/list?keyword=${copy.name}&kind=code`),
      200,
    ).data;
    expect(found.rows.map((r) => r.id)).toEqual([repository.id]);
    const all = expectStatus(
      await owner().get<Page<Repository>>(`${base}/list?kind=all&pageSize=100`),
      200,
    ).data;
    expect(all.rows.map((r) => r.id)).toContain(repository.id);
    const images = expectStatus(await owner().get<Page<Repository>>(`${base}/list?kind=image`), 200).data;
    expect(images).toMatchObject({ rows: [], total: 0 });
    expect((await owner().get(`${base}/list?kind=docker`)).status).toBe(400);
  });
});

describe('linking repositories to projects', () => {
  it('links, lists linked and unlinked, refuses twice, and unlinks', async () => {
    const project = await createProject(team.owner, team.enterprise);
    const copy = await pushedCopy();
    const repository = await connect(team.owner, team.enterprise, copy);
    const unlinkedBefore = expectStatus(
      await owner().get<Repository[]>(pms(`pmsProjectRepository/list/unlinked?pmsProjectId=${project.id}`)),
      200,
    ).data;
    expect(unlinkedBefore.map((r) => r.id)).toContain(repository.id);
    await linkToProject(repository, project);
    const linked = expectStatus(
      await owner().get<Page<ProjectRepositoryRow>>(
        pms(`pmsProjectRepository/list?pmsProjectId=${project.id}`),
      ),
      200,
    ).data;
    expect(linked.rows).toHaveLength(1);
    expect(linked.rows[0]).toMatchObject({
      id: repository.id,
      pmsProjectId: project.id,
      defaultBranch: 'main',
      linkedProjectCount: 1,
      linkedBy: { userId: team.owner.userId },
    });
    const unlinkedAfter = expectStatus(
      await owner().get<Repository[]>(pms(`pmsProjectRepository/list/unlinked?pmsProjectId=${project.id}`)),
      200,
    ).data;
    expect(unlinkedAfter.map((r) => r.id)).not.toContain(repository.id);
    const twice = await owner().post(pms('pmsProjectRepository'), {
      pmsProjectId: project.id,
      repositoryIds: [repository.id],
    });
    expect(twice.status).toBe(409);
    const unknown = await owner().post(pms('pmsProjectRepository'), {
      pmsProjectId: project.id,
      repositoryIds: ['nosuchrepository'],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errorMessage).toMatch(/^repositoryIds: Repository nosuchrepository does not exist/);
    expectStatus(await owner().delete(pms(`pmsProjectRepository/${project.id}/${repository.id}`)), 200);
    expect((await owner().delete(pms(`pmsProjectRepository/${project.id}/${repository.id}`))).status).toBe(
      404,
    );
    const after = expectStatus(await owner().get<Repository>(`${base}/${repository.id}`), 200).data;
    expect(after.linkedProjectCount).toBe(0);
  });
});

describe('pushes reach work items', () => {
  it('through the webhook: a real git push mentioning #n shows on the item, with a journal entry', async () => {
    const issue = await createIssue(team.owner, team, {
      pmIssueType: 3,
      title: 'Export fails on empty rows',
    });
    const copy = await pushedCopy();
    const repository = await connect(team.owner, team.enterprise, copy);
    await linkToProject(repository);
    const settings = expectStatus(
      await owner().get<WebhookSettings>(`${base}/${repository.id}/webhook`),
      200,
    ).data;
    expect(settings.url).toMatch(
      new RegExp(`/api/pms/${team.enterprise.enterpriseIdentifier}/pmsRepository/${repository.id}/webhook$`),
    );
    const path = new URL(settings.url).pathname;
    await setWebhook(gitServer.root, copy.name, {
      url: `${listenerUrl}${path}`,
      secret: settings.secret,
      format: 'github',
    });

    const sha = await copy.commit(`Skip empty rows in the export (fixes #${issue.issueNumber})`);
    await copy.push('main');
    const deliveries = await webhooksSettled(gitServer.url);
    expect(deliveries.filter((d) => d.repository === copy.name).map((d) => d.status)).toEqual([200]);
    await drainJobs();

    const commits = await commitsOf(issue.id);
    expect(commits).toHaveLength(1);
    expect(commits[0]).toMatchObject({
      sha,
      shortSha: sha.slice(0, 7),
      title: `Skip empty rows in the export (fixes #${issue.issueNumber})`,
      branch: 'main',
      repositoryId: repository.id,
      repositoryName: copy.name,
      author: { name: 'Dana Dev', email: 'dana@example.test' },
    });
    const entries = (await journalsOf(issue.id)).filter((j) => j.kind === 'commit');
    expect(entries).toHaveLength(1);
    expect(entries[0]!.pmProjectRepositoryId).toBe(repository.id);
    expect(entries[0]!.notes).toContain(sha.slice(0, 7));
    const after = expectStatus(await owner().get<Repository>(`${base}/${repository.id}`), 200).data;
    expect(after.lastCommit).toMatchObject({ sha, branch: 'main' });
    expect(after.lastWebhookAt).not.toBeNull();
    expect(after.branchCount).toBe(1);

    // A new branch pushed: its webhook brings the branch count up without a poll.
    await copy.git('branch', 'release/2.0');
    await copy.push('release/2.0');
    expect((await webhooksSettled(gitServer.url)).map((d) => d.status)).toEqual([200]);
    await drainJobs();
    const wider = expectStatus(await owner().get<Repository>(`${base}/${repository.id}`), 200).data;
    expect(wider.branchCount).toBe(2);
  });

  it('through the poll: a push without a webhook is found, and the same commit is never recorded twice', async () => {
    const issue = await createIssue(team.owner, team, { title: 'Poll me' });
    const copy = await pushedCopy();
    const repository = await connect(team.owner, team.enterprise, copy);
    await linkToProject(repository);
    const sha = await copy.commit(`Refs #${issue.issueNumber}: first step`);
    await copy.git('checkout', '--quiet', '-b', `feature/${issue.issueNumber}-poll-me`);
    await copy.commit('More work, no mention');
    await copy.push('main', `feature/${issue.issueNumber}-poll-me`);
    expect(await commitsOf(issue.id)).toEqual([]);

    const realNow = clock.now;
    clock.now = () => realNow() + 10 * 60_000;
    try {
      await runSchedule('repositories', 'poll');
      await drainJobs();
    } finally {
      clock.now = realNow;
    }
    expect((await commitsOf(issue.id)).map((c) => c.sha)).toEqual([sha]);
    const branches = expectStatus(
      await owner().get<RepoBranch[]>(pms(`pmsProjectIssues/repoBranches?issueId=${issue.id}`)),
      200,
    ).data;
    expect(branches).toMatchObject([
      {
        name: `feature/${issue.issueNumber}-poll-me`,
        source: 'pushed',
        repositoryId: repository.id,
        deleted: false,
      },
    ]);

    // A sync on demand finds nothing new: nothing is recorded twice.
    expectStatus(await owner().post(`${base}/${repository.id}/sync`), 200);
    await drainJobs();
    expect(await commitsOf(issue.id)).toHaveLength(1);
    const kinds = (await journalsOf(issue.id)).map((j) => j.kind);
    expect(kinds.filter((k) => k === 'commit')).toHaveLength(1);
    expect(kinds.filter((k) => k === 'branch')).toHaveLength(1);

    // Deleting the branch marks it gone on the item.
    await copy.push('--delete', `feature/${issue.issueNumber}-poll-me`);
    expectStatus(await owner().post(`${base}/${repository.id}/sync`), 200);
    await drainJobs();
    const gone = expectStatus(
      await owner().get<RepoBranch[]>(pms(`pmsProjectIssues/repoBranches?issueId=${issue.id}`)),
      200,
    ).data;
    expect(gone[0]!.deleted).toBe(true);
  });
});

describe('creating a branch from a work item', () => {
  it('pushes the branch over git and records it on the item', async () => {
    const bug = await createIssue(team.owner, team, {
      pmIssueType: 3,
      title: 'Login: fails on Ünïcode names!',
    });
    const copy = await pushedCopy();
    const repository = await connect(team.owner, team.enterprise, copy);
    const notLinked = await owner().post(pms('pmsProjectIssues/repoBranches'), {
      issueId: bug.id,
      repositoryId: repository.id,
    });
    expect(notLinked.status).toBe(400);
    expect(notLinked.body.errorMessage).toMatch(/^repositoryId: .* is not linked to the project/);
    await linkToProject(repository);

    const res = await owner().post<RepoBranch>(pms('pmsProjectIssues/repoBranches'), {
      issueId: bug.id,
      repositoryId: repository.id,
    });
    expectStatus(res, 201);
    const name = `bugfix/${bug.issueNumber}-login-fails-on-unicode-names`;
    expect(res.data).toMatchObject({ name, source: 'created', createdBy: { userId: team.owner.userId } });
    const remote = await copy.remoteBranches();
    expect(remote.get(name)).toBe(remote.get('main'));

    const again = await owner().post(pms('pmsProjectIssues/repoBranches'), {
      issueId: bug.id,
      repositoryId: repository.id,
      name,
    });
    expect(again.status).toBe(409);
    for (const bad of ['a..b', 'has space', 'ends.lock', '-dash', 'x/.hidden']) {
      const refused = await owner().post(pms('pmsProjectIssues/repoBranches'), {
        issueId: bug.id,
        repositoryId: repository.id,
        name: bad,
      });
      expect(refused.status, bad).toBe(400);
      expect(refused.body.errorMessage, bad).toMatch(/^name: /);
    }
    const fromMissing = await owner().post(pms('pmsProjectIssues/repoBranches'), {
      issueId: bug.id,
      repositoryId: repository.id,
      name: `feature/${bug.issueNumber}-other`,
      from: 'nope',
    });
    expect(fromMissing.status).toBe(400);
    expect(fromMissing.body.errorMessage).toMatch(/^from: There is no branch nope in /);
    const branches = expectStatus(
      await owner().get<RepoBranch[]>(pms(`pmsProjectIssues/repoBranches?issueId=${bug.id}`)),
      200,
    ).data;
    expect(branches.map((b) => b.name)).toEqual([name]);
    expect((await journalsOf(bug.id)).filter((j) => j.kind === 'branch')).toMatchObject([
      { pmProjectRepositoryId: repository.id },
    ]);
  });
});

describe('a branch created from a work item, in a real git clone', () => {
  it('is there after `git clone` with the git command line, at the head of main', async () => {
    const item = await createIssue(team.owner, team, { title: 'Clone me' });
    const copy = await pushedCopy('Before the branch');
    const repository = await connect(team.owner, team.enterprise, copy);
    await linkToProject(repository);
    const created = expectStatus(
      await owner().post<RepoBranch>(pms('pmsProjectIssues/repoBranches'), {
        issueId: item.id,
        repositoryId: repository.id,
      }),
      201,
    ).data;
    expect(created.name).toBe(`task/${item.issueNumber}-clone-me`);

    const clone = await WorkingCopy.clone(copy.name);
    try {
      const remoteBranches = (await clone.git('branch', '-r', '--format=%(refname:short)')).split('\n');
      expect(remoteBranches).toEqual(expect.arrayContaining(['origin/main', `origin/${created.name}`]));
      expect(await clone.git('rev-parse', `origin/${created.name}`)).toBe(
        await copy.git('rev-parse', 'HEAD'),
      );
      // A person can check it out and work on it.
      await clone.git('checkout', '--quiet', created.name);
      expect(await clone.git('rev-parse', '--abbrev-ref', 'HEAD')).toBe(created.name);
      expect(await clone.git('log', '-1', '--format=%s')).toBe('Before the branch');
    } finally {
      rmSync(clone.dir, { recursive: true, force: true });
    }
  });
});

describe('the webhook receiver', () => {
  let repository: Repository;
  let secret: string;
  let path: string;
  let issueNumber: number;
  let issueId: string;
  let copy: WorkingCopy;

  beforeAll(async () => {
    const issue = await createIssue(team.owner, team, { title: 'Signed pushes' });
    issueNumber = issue.issueNumber;
    issueId = issue.id;
    copy = await pushedCopy();
    repository = await connect(team.owner, team.enterprise, copy);
    await linkToProject(repository);
    const settings = expectStatus(
      await owner().get<WebhookSettings>(`${base}/${repository.id}/webhook`),
      200,
    ).data;
    secret = settings.secret;
    path = new URL(settings.url).pathname;
  });

  /** A host's POST: no cookie, no Origin, no X-Requested-With. */
  const deliver = (body: string, headers: Record<string, string>) =>
    new Client().call('POST', path, {
      rawBody: body,
      headers: { 'Content-Type': 'application/json', 'X-Requested-With': null, Origin: null, ...headers },
    });

  const sign = (body: string) => createHmac('sha256', secret).update(body).digest('hex');

  /** A new commit on main and the push event payload fields every format shares. */
  async function newPush(message: string) {
    const before = await copy.git('rev-parse', 'HEAD');
    const after = await copy.commit(message);
    await copy.push('main');
    return { ref: 'refs/heads/main', before, after };
  }

  // Payload shapes from the hosts' documentation of their push events.
  const github = (p: { ref: string; before: string; after: string }, message: string) =>
    JSON.stringify({
      ref: p.ref,
      before: p.before,
      after: p.after,
      created: false,
      deleted: false,
      forced: false,
      compare: 'https://github.com/acme/api/compare/a...b',
      commits: [
        {
          id: p.after,
          message,
          timestamp: '2026-03-02T10:00:00Z',
          author: { name: 'Dana Dev', email: 'dana@example.test' },
          distinct: true,
        },
      ],
      head_commit: { id: p.after, message },
      repository: { id: 1, name: 'api', full_name: 'acme/api', clone_url: copy.cloneUrl },
      pusher: { name: 'dana', email: 'dana@example.test' },
      sender: { login: 'dana', id: 1 },
    });
  const gitlab = (p: { ref: string; before: string; after: string }, message: string) =>
    JSON.stringify({
      object_kind: 'push',
      event_name: 'push',
      before: p.before,
      after: p.after,
      ref: p.ref,
      checkout_sha: p.after,
      user_name: 'Dana Dev',
      project_id: 15,
      project: { id: 15, name: 'api', git_http_url: copy.cloneUrl, path_with_namespace: 'acme/api' },
      commits: [
        {
          id: p.after,
          message,
          title: message,
          timestamp: '2026-03-02T10:00:00+00:00',
          author: { name: 'Dana Dev', email: 'dana@example.test' },
        },
      ],
      total_commits_count: 1,
      repository: { name: 'api', git_http_url: copy.cloneUrl },
    });
  const gitea = (p: { ref: string; before: string; after: string }, message: string) =>
    JSON.stringify({
      ref: p.ref,
      before: p.before,
      after: p.after,
      compare_url: '',
      commits: [
        {
          id: p.after,
          message,
          url: '',
          author: { name: 'Dana Dev', email: 'dana@example.test', username: 'dana' },
        },
      ],
      total_commits: 1,
      repository: { id: 1, name: 'api', full_name: 'acme/api', clone_url: copy.cloneUrl },
      pusher: { login: 'dana' },
      sender: { login: 'dana' },
    });

  it('accepts GitHub, GitLab and Gitea pushes with the right signature or token, and nothing else', async () => {
    const formats = [
      {
        name: 'github',
        body: github,
        good: (b: string, id: string) => ({
          'X-GitHub-Event': 'push',
          'X-GitHub-Delivery': id,
          'X-Hub-Signature-256': `sha256=${sign(b)}`,
        }),
        bad: (_b: string, id: string) => ({
          'X-GitHub-Event': 'push',
          'X-GitHub-Delivery': id,
          'X-Hub-Signature-256': `sha256=${'0'.repeat(64)}`,
        }),
      },
      {
        name: 'gitlab',
        body: gitlab,
        good: (_b: string, id: string) => ({
          'X-Gitlab-Event': 'Push Hook',
          'X-Gitlab-Event-UUID': id,
          'X-Gitlab-Token': secret,
        }),
        bad: (_b: string, id: string) => ({
          'X-Gitlab-Event': 'Push Hook',
          'X-Gitlab-Event-UUID': id,
          'X-Gitlab-Token': 'guess',
        }),
      },
      {
        name: 'gitea',
        body: gitea,
        good: (b: string, id: string) => ({
          'X-Gitea-Event': 'push',
          'X-Gitea-Delivery': id,
          'X-Gitea-Signature': sign(b),
        }),
        bad: (b: string, id: string) => ({
          'X-Gitea-Event': 'push',
          'X-Gitea-Delivery': id,
          'X-Gitea-Signature': createHmac('sha256', 'other').update(b).digest('hex'),
        }),
      },
    ];
    for (const format of formats) {
      const message = `Via ${format.name} (#${issueNumber})`;
      const push = await newPush(message);
      const body = format.body(push, message);
      const id = randomUUID();
      const forged = await deliver(body, format.bad(body, id));
      expect(forged.status, format.name).toBe(401);
      const unsigned = await deliver(body, {
        ...format.bad(body, id),
        'X-Hub-Signature-256': '',
        'X-Gitlab-Token': '',
        'X-Gitea-Signature': '',
      });
      expect(unsigned.status, format.name).toBe(401);
      await drainJobs();
      expect(
        (await commitsOf(issueId)).map((c) => c.sha),
        format.name,
      ).not.toContain(push.after);
      // Nothing of the forged delivery was recorded: the real one with the same id is accepted.
      const real = await deliver(body, format.good(body, id));
      expectStatus(real, 200);
      expect(real.data).toEqual({ delivery: id, refs: 1 });
      const replay = await deliver(body, format.good(body, id));
      expect(replay.status, format.name).toBe(409);
      expect(replay.body.errorMessage).toBe(`Delivery ${id} was received already`);
      await drainJobs();
      expect(
        (await commitsOf(issueId)).map((c) => c.sha),
        format.name,
      ).toContain(push.after);
    }
    // Three hosts, each with real pushes: more than the default time on a busy machine.
  }, 90_000);

  it('answers malformed, unknown and oversized deliveries with a 4xx naming the problem', async () => {
    const headers = (b: string) => ({
      'X-GitHub-Event': 'push',
      'X-GitHub-Delivery': randomUUID(),
      'X-Hub-Signature-256': `sha256=${sign(b)}`,
    });
    const noAfter = JSON.stringify({ ref: 'refs/heads/main', before: '0'.repeat(40) });
    const missing = await deliver(noAfter, headers(noAfter));
    expect(missing.status).toBe(400);
    expect(missing.body.errorMessage).toMatch(/^after: /);
    const notJson = 'ref=refs/heads/main';
    const form = await deliver(notJson, headers(notJson));
    expect(form.status).toBe(400);
    expect(form.body.errorMessage).toMatch(/^body: is not JSON/);
    const anonymous = await deliver('{}', {});
    expect(anonymous.status).toBe(400);
    expect(anonymous.body.errorMessage).toMatch(/^headers: Not a GitHub, GitLab or Gitea webhook/);
    const ping = JSON.stringify({ zen: 'Keep it logically awesome.', hook_id: 1 });
    const pinged = await deliver(ping, { ...headers(ping), 'X-GitHub-Event': 'ping' });
    expectStatus(pinged, 200);
    expect(pinged.data.refs).toBe(0);
    const huge = JSON.stringify({ ref: 'refs/heads/main', padding: 'x'.repeat(1024 * 1024) });
    const oversized = await deliver(huge, headers(huge));
    expect(oversized.status).toBe(413);
    const elsewhere = await new Client().call('POST', path.replace(repository.id, 'nosuchrepo'), {
      rawBody: '{}',
      headers: {
        'Content-Type': 'application/json',
        'X-GitHub-Event': 'push',
        'X-Requested-With': null,
        Origin: null,
      },
    });
    expect(elsewhere.status).toBe(404);
  });

  it('exempts only the receiver from the CSRF rules', async () => {
    const res = await team.owner.client.call('POST', base, {
      body: { cloneUrl: copy.cloneUrl, token: gitServer.token },
      headers: { Origin: null, 'X-Requested-With': null },
    });
    expect(res.status).toBe(403);
    const sync = await team.owner.client.call('POST', `${base}/${repository.id}/sync`, {
      headers: { Origin: null, 'X-Requested-With': null },
    });
    expect(sync.status).toBe(403);
  });
});

describe('disconnecting', () => {
  it('removes the repository and its links; items keep what they recorded', async () => {
    const issue = await createIssue(team.owner, team, { title: 'Keep my history' });
    const copy = await pushedCopy();
    const repository = await connect(team.owner, team.enterprise, copy);
    await linkToProject(repository);
    await copy.commit(`Work on #${issue.issueNumber}`);
    await copy.push('main');
    expectStatus(await owner().post(`${base}/${repository.id}/sync`), 200);
    await drainJobs();
    expect(await commitsOf(issue.id)).toHaveLength(1);
    expectStatus(await owner().delete(`${base}/${repository.id}`), 200);
    expect((await owner().get(`${base}/${repository.id}`)).status).toBe(404);
    const linked = expectStatus(
      await owner().get<Page<ProjectRepositoryRow>>(
        pms(`pmsProjectRepository/list?pmsProjectId=${team.project.id}&pageSize=100`),
      ),
      200,
    ).data;
    expect(linked.rows.map((r) => r.id)).not.toContain(repository.id);
    expect(await commitsOf(issue.id)).toHaveLength(1);
    // The URL is free again.
    expectStatus(await owner().post(base, { cloneUrl: copy.cloneUrl, token: gitServer.token }), 201);
  });
});
