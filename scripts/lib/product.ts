/**
 * Starts the whole product in this process: storage (the embedded emulators, or the endpoint in
 * AWS_ENDPOINT_URL), the web build when stale, and the one server. Used by `npm start` and by
 * `npm run seed` when no server is running.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { LOCAL_NAMES } from '../../infra/lib/definitions';
import { type GitServer, localGitToken, startGitServer } from './git-server';
import { createLocalApp, listen } from './local-server';
import { dynamoClient, ensureBuckets, ensureTable, localEnv, s3Client, startLocalStack } from './local-stack';
import { type MailCatcher, startMailCatcher } from './mail-catcher';
import { buildWebIfNeeded } from './web-build';

export interface RunningProduct {
  url: string;
  stop(): Promise<void>;
}

/** Keeps variables the user set explicitly over the local defaults. */
function definedEnv(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

async function startStorage(log: (message: string) => void): Promise<() => Promise<void>> {
  const external = process.env.AWS_ENDPOINT_URL;
  if (external) {
    Object.assign(process.env, { ...localEnv(external, external), ...definedEnv() });
    await ensureTable(dynamoClient(external), process.env.TABLE_NAME ?? LOCAL_NAMES.table);
    await ensureBuckets(s3Client(external), Object.values(LOCAL_NAMES.buckets));
    log(`Using the AWS endpoint at ${external}`);
    return async () => undefined;
  }
  const stack = await startLocalStack({ dataDir: dataDir() });
  Object.assign(process.env, stack.env);
  log(`DynamoDB Local at ${stack.dynamoEndpoint}, S3 at ${stack.s3Endpoint}, data in ${dataDir()}`);
  return stack.stop;
}

/** Where the embedded default keeps its data: DATA_DIR, or .data. */
export const dataDir = () => resolve(process.env.DATA_DIR ?? '.data');

/** The local git server's address and token, written where `npm run seed` finds them. */
export interface LocalGitInfo {
  url: string;
  token: string;
  root: string;
}

export const localGitInfoFile = () => join(dataDir(), 'git', 'server.json');

export function readLocalGitInfo(): LocalGitInfo | null {
  const file = localGitInfoFile();
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as LocalGitInfo) : null;
}

/**
 * Repository settings of the embedded default: a token key made once and kept in the data folder
 * (the cloud uses KMS instead), and loopback repositories allowed, so the local git server below
 * can be connected. Both stay as set when the environment already says.
 */
function repositorySettings(): void {
  const keyFile = join(dataDir(), 'repository-token.key');
  if (!process.env.REPOSITORY_TOKEN_KEY) {
    mkdirSync(dataDir(), { recursive: true });
    if (!existsSync(keyFile)) writeFileSync(keyFile, randomBytes(32).toString('base64'), { mode: 0o600 });
    process.env.REPOSITORY_TOKEN_KEY = readFileSync(keyFile, 'utf8').trim();
  }
  process.env.REPOSITORY_ALLOW_LOOPBACK ??= 'true';
}

/** The local git server (git http-backend) on DATA_DIR/git, on GIT_SERVER_PORT or a free port. */
async function startLocalGit(log: (message: string) => void): Promise<GitServer> {
  const root = join(dataDir(), 'git');
  const git = await startGitServer({
    root,
    token: localGitToken(root),
    port: process.env.GIT_SERVER_PORT ? Number(process.env.GIT_SERVER_PORT) : 0,
  });
  writeFileSync(localGitInfoFile(), JSON.stringify({ url: git.url, token: git.token, root }), {
    mode: 0o600,
  });
  log(`Local git server at ${git.url}/{name}.git (token ${git.token}, repositories in ${root})`);
  return git;
}

/**
 * The mail catcher (scripts/lib/mail-catcher.ts) on MAIL_SMTP_PORT / MAIL_WEB_PORT (1025, 1080),
 * unless SMTP_URL already names a mail server.
 */
async function startLocalMail(log: (message: string) => void): Promise<MailCatcher | undefined> {
  if (process.env.SMTP_URL) {
    log(`Mail goes to ${process.env.SMTP_URL}`);
    return undefined;
  }
  const mail = await startMailCatcher({
    smtp: Number(process.env.MAIL_SMTP_PORT ?? 1025),
    web: Number(process.env.MAIL_WEB_PORT ?? 1080),
  });
  Object.assign(process.env, mail.env);
  log(`Mail catcher inbox at ${mail.webUrl} (SMTP ${mail.smtpUrl})`);
  return mail;
}

export async function startProduct(
  port: number,
  log: (message: string) => void = console.log,
): Promise<RunningProduct> {
  const stopStorage = await startStorage(log);
  repositorySettings();
  // One JSON line per API request, into a file: the terminal stays quiet (core/http/request-log.ts).
  process.env.REQUEST_LOG ??= join(dataDir(), 'logs', 'requests.log');
  log(`API requests are logged to ${process.env.REQUEST_LOG}`);
  let git: GitServer | undefined;
  let mail: MailCatcher | undefined;
  try {
    git = await startLocalGit(log);
    mail = await startLocalMail(log);
    await buildWebIfNeeded(log);
    // Imported only now: the API reads its configuration from the environment set above.
    const { app: api } = await import('../../functions/src/app');
    const { startLocalSchedules } = await import('../../functions/src/core/jobs/jobs');
    const server = await listen(createLocalApp(api), port);
    // The cloud's EventBridge schedules, as timers in this process.
    const stopSchedules = startLocalSchedules((message, error) => console.error(message, error));
    return {
      url: server.url,
      stop: async () => {
        stopSchedules();
        await server.close();
        await git?.close();
        await mail?.stop();
        await stopStorage();
      },
    };
  } catch (error) {
    await git?.close();
    await mail?.stop();
    await stopStorage();
    throw error;
  }
}
