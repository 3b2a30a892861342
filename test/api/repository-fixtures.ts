/**
 * Set-up for the repository tests: the real git server the API test setup started (git's own
 * http-backend), bare repositories on it, a working copy driven by the real `git` client, and
 * repositories connected through the API.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Enterprise } from '@shared/schemas/enterprise';
import type { Repository } from '@shared/schemas/repositories';
import { expect } from 'vitest';
import { authedCloneUrl, createBareRepository } from '../../scripts/lib/git-server';
import { expectStatus, type TestUser, unique } from './helpers';

const run = promisify(execFile);

export const gitServer = {
  get url() {
    return required('GIT_SERVER_URL');
  },
  get root() {
    return required('GIT_SERVER_ROOT');
  },
  get token() {
    return required('GIT_SERVER_TOKEN');
  },
};

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: the API test setup starts the git server`);
  return value;
}

export const cloneUrlOf = (name: string) => `${gitServer.url}/${name}.git`;

/** A working copy of a new bare repository on the git server, driven by the real git client. */
export class WorkingCopy {
  private constructor(
    readonly name: string,
    readonly dir: string,
  ) {}

  static async create(name = unique('repo')): Promise<WorkingCopy> {
    await createBareRepository(gitServer.root, name);
    const dir = mkdtempSync(join(tmpdir(), 'workspace-wc-'));
    const copy = new WorkingCopy(name, dir);
    await copy.git('init', '--quiet', '--initial-branch=main');
    await copy.git('remote', 'add', 'origin', authedCloneUrl(gitServer.url, gitServer.token, name));
    return copy;
  }

  /** `git clone` of the server's repository `name` with the real client, into a new folder. */
  static async clone(name: string): Promise<WorkingCopy> {
    const dir = mkdtempSync(join(tmpdir(), 'workspace-clone-'));
    await run('git', ['clone', '--quiet', authedCloneUrl(gitServer.url, gitServer.token, name), dir]);
    return new WorkingCopy(name, dir);
  }

  get cloneUrl(): string {
    return cloneUrlOf(this.name);
  }

  async git(...args: string[]): Promise<string> {
    const { stdout } = await run(
      'git',
      [
        '-c',
        'user.name=Dana Dev',
        '-c',
        'user.email=dana@example.test',
        '-c',
        'commit.gpgsign=false',
        ...args,
      ],
      { cwd: this.dir, maxBuffer: 64 * 1024 * 1024 },
    );
    return stdout.trim();
  }

  async commit(message: string): Promise<string> {
    await this.git('commit', '--quiet', '--allow-empty', '-m', message);
    return this.git('rev-parse', 'HEAD');
  }

  /** `git push origin <refspec>` with the real client. */
  push(...refspecs: string[]): Promise<string> {
    return this.git('push', '--quiet', 'origin', ...refspecs);
  }

  /** The branches the server has, by `git ls-remote`. */
  async remoteBranches(): Promise<Map<string, string>> {
    const out = await this.git('ls-remote', '--heads', 'origin');
    return new Map(
      out
        .split('\n')
        .filter(Boolean)
        .map((line) => {
          const [sha = '', ref = ''] = line.split('\t');
          return [ref.replace('refs/heads/', ''), sha] as [string, string];
        }),
    );
  }
}

export const repositoriesBase = (enterprise: Enterprise) =>
  `/api/pms/${enterprise.enterpriseIdentifier}/pmsRepository`;

/** Connects `copy` (which must have a commit pushed) through the API. */
export async function connect(
  owner: TestUser,
  enterprise: Enterprise,
  copy: WorkingCopy,
): Promise<Repository> {
  const res = await owner.client.post<Repository>(repositoriesBase(enterprise), {
    cloneUrl: copy.cloneUrl,
    token: gitServer.token,
  });
  return expectStatus(res, 201).data;
}

/** A 400 message: `field: ` and then a sentence, whose first word is not a camelCase field name. */
export function expectSentence(message: string) {
  const sentence = message.replace(/^[\w.[\]]+: /, '');
  expect(sentence, message).toMatch(/^[A-Z]/);
  expect(sentence, message).not.toMatch(/^[A-Za-z]*[a-z][A-Z]\w*\b/);
}
