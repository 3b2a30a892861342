/**
 * How a repository's token and webhook secret are stored: the repository's DynamoDB item is
 * read as stored, and the module's own secret box (the one the app uses, with the test setup's
 * local key) is asked to open what is there, with the right ids and with others.
 */
import { createHmac } from 'node:crypto';
import type { Repository, WebhookSettings } from '@shared/schemas/repositories';
import { beforeAll, describe, expect, it } from 'vitest';
import { keys } from '../../functions/src/core/db/keys';
import { getItem, type Item, updateItem } from '../../functions/src/core/db/operations';
import { drainJobs } from '../../functions/src/core/jobs/jobs';
import {
  type SecretContext,
  SecretUnreadableError,
  secretBox,
} from '../../functions/src/modules/repositories/secrets';
import { Client, expectStatus } from './helpers';
import { createTeam, type Team } from './issue-fixtures';
import { connect, gitServer, repositoriesBase, WorkingCopy } from './repository-fixtures';

let team: Team;
let other: Team;
let base: string;

beforeAll(async () => {
  [team, other] = await Promise.all([createTeam(0), createTeam(0)]);
  base = repositoriesBase(team.enterprise);
});

async function connected(into = team): Promise<Repository> {
  const copy = await WorkingCopy.create();
  await copy.commit('Initial commit');
  await copy.push('main');
  return connect(into.owner, into.enterprise, copy);
}

async function storedItem(enterpriseId: string, repositoryId: string): Promise<Item> {
  const item = await getItem(keys.repository(enterpriseId, repositoryId));
  if (!item) throw new Error(`No item for repository ${repositoryId}`);
  return item;
}

/** The ways a token could sit in an item without being sealed. */
const clearForms = (secret: string) => [
  secret,
  Buffer.from(secret, 'utf8').toString('base64'),
  Buffer.from(secret, 'utf8').toString('base64url'),
  Buffer.from(secret, 'utf8').toString('hex'),
  encodeURIComponent(secret),
];

describe('a repository token at rest', () => {
  it('is not in the stored item in any clear form, and is sealed for its repository', async () => {
    const repository = await connected();
    const enterpriseId = team.enterprise.id;
    const item = await storedItem(enterpriseId, repository.id);
    const json = JSON.stringify(item);
    for (const form of clearForms(gitServer.token)) expect(json).not.toContain(form);
    expect(Object.keys(item)).not.toContain('token');

    // Sealed locally (AES-256-GCM): a random 12-byte IV, a 16-byte tag, then the ciphertext.
    expect(item.tokenSealed).toMatch(/^local:[A-Za-z0-9+/]+=*$/);
    const raw = Buffer.from(String(item.tokenSealed).slice('local:'.length), 'base64');
    expect(raw.length).toBe(12 + 16 + Buffer.byteLength(gitServer.token));

    // The box the app uses opens it with its own ids: what is stored is the token.
    const own: SecretContext = { enterpriseId, repositoryId: repository.id, purpose: 'token' };
    expect(await secretBox().open(item.tokenSealed, own)).toBe(gitServer.token);
  });

  it('does not open for another repository, another enterprise or another purpose', async () => {
    const [first, second, elsewhere] = await Promise.all([connected(), connected(), connected(other)]);
    const enterpriseId = team.enterprise.id;
    const sealed = (await storedItem(enterpriseId, first.id)).tokenSealed as string;
    const own: SecretContext = { enterpriseId, repositoryId: first.id, purpose: 'token' };
    expect(await secretBox().open(sealed, own)).toBe(gitServer.token);

    const wrong: SecretContext[] = [
      { ...own, repositoryId: second.id },
      { ...own, enterpriseId: other.enterprise.id },
      { enterpriseId: other.enterprise.id, repositoryId: elsewhere.id, purpose: 'token' },
      { ...own, purpose: 'webhook' },
    ];
    for (const context of wrong) {
      await expect(secretBox().open(sealed, context), JSON.stringify(context)).rejects.toBeInstanceOf(
        SecretUnreadableError,
      );
    }

    // The same token sealed for two repositories: two different sealed values.
    const secondSealed = (await storedItem(enterpriseId, second.id)).tokenSealed as string;
    expect(secondSealed).not.toBe(sealed);
  });

  it('keeps the webhook secret sealed too: shown to an editor, never stored in clear', async () => {
    const repository = await connected();
    const settings = expectStatus(
      await team.owner.client.get<WebhookSettings>(`${base}/${repository.id}/webhook`),
      200,
    ).data;
    expect(settings.secret.length).toBeGreaterThanOrEqual(32);
    const item = await storedItem(team.enterprise.id, repository.id);
    const json = JSON.stringify(item);
    for (const form of clearForms(settings.secret)) expect(json).not.toContain(form);
    const context: SecretContext = {
      enterpriseId: team.enterprise.id,
      repositoryId: repository.id,
      purpose: 'webhook',
    };
    expect(await secretBox().open(item.webhookSecretSealed, context)).toBe(settings.secret);
    await expect(
      secretBox().open(item.webhookSecretSealed, { ...context, purpose: 'token' }),
    ).rejects.toThrow();
  });

  it('a webhook secret that does not open: the settings say what to do (409), deliveries are refused (401)', async () => {
    const [source, target] = await Promise.all([connected(), connected()]);
    const enterpriseId = team.enterprise.id;
    const settings = expectStatus(
      await team.owner.client.get<WebhookSettings>(`${base}/${source.id}/webhook`),
      200,
    ).data;
    const sealed = (await storedItem(enterpriseId, source.id)).webhookSecretSealed as string;
    await updateItem(keys.repository(enterpriseId, target.id), { set: { webhookSecretSealed: sealed } });

    const shown = await team.owner.client.get(`${base}/${target.id}/webhook`);
    expect(shown.status).toBe(409);
    expect(shown.body.errorMessage).toMatch(/webhook secret of .* cannot be opened.*connect it again/);
    // Signed with the secret the copied value holds: still refused, since it is not this repository's.
    const body = JSON.stringify({ zen: 'Keep it logically awesome.' });
    const signature = createHmac('sha256', settings.secret).update(body).digest('hex');
    const delivered = await new Client().call(
      'POST',
      new URL(settings.url).pathname.replace(source.id, target.id),
      {
        rawBody: body,
        headers: {
          'Content-Type': 'application/json',
          'X-Requested-With': null,
          Origin: null,
          'X-GitHub-Event': 'ping',
          'X-GitHub-Delivery': 'd-1',
          'X-Hub-Signature-256': `sha256=${signature}`,
        },
      },
    );
    expect(delivered.status).toBe(401);
  });

  it('copied onto another repository’s item, does not open there: the repository asks for its token again', async () => {
    const [source, target] = await Promise.all([connected(), connected()]);
    const enterpriseId = team.enterprise.id;
    const sealed = (await storedItem(enterpriseId, source.id)).tokenSealed as string;
    await updateItem(keys.repository(enterpriseId, target.id), { set: { tokenSealed: sealed } });

    const client = team.owner.client;
    const branches = await client.get(`${base}/${target.id}/branches`);
    expect(branches.status).toBe(409);
    expect(branches.body.errorMessage).toMatch(/token cannot be opened.*update the repository's token$/);
    // The poll says so on the repository instead of failing its job over and over.
    expectStatus(await client.post(`${base}/${target.id}/sync`), 200);
    await drainJobs();
    const after = expectStatus(await client.get<Repository>(`${base}/${target.id}`), 200).data;
    expect(after).toMatchObject({
      status: 'error',
      lastError: expect.stringMatching(/token cannot be opened/),
    });
    // A change that needs the stored token asks for it again.
    const renamedUser = await client.put(`${base}/${target.id}`, {
      version: after.version,
      username: 'dana',
    });
    expect(renamedUser.status).toBe(400);
    expect(renamedUser.body.errorMessage).toMatch(/^token: .*token cannot be opened/);

    // Entering the token again seals it for this repository, and it works.
    expectStatus(
      await client.put(`${base}/${target.id}`, { version: after.version, token: gitServer.token }),
      200,
    );
    expectStatus(await client.get(`${base}/${target.id}/branches`), 200);
    // The source repository was never affected.
    expectStatus(await client.get(`${base}/${source.id}/branches`), 200);
  });
});
