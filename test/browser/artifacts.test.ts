/**
 * The artifact library's pages in Chromium against the product as `npm start` serves it: create
 * a repository from the page (a bad name is refused under the field first), see it listed, upload
 * a file through the management API's packaged upload, open the repository and its component's
 * asset with its checksum, lock the repository and see the lock on the page and in the list, and
 * read why a delete is refused while it is locked. Also the account page's access tokens, and the
 * list's page size (20 chosen, kept over a reload).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { ArtifactRepository, PackagedTicket } from '@shared/schemas/artifacts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { ApiSession } from '../../scripts/lib/api-session';
import { launchBrowser, signIn, snapshot } from './browser';
import { expectPageSizeKept } from './page-size';

const baseUrl = inject('baseUrl');
const suffix = randomBytes(3).toString('hex');
const owner = { login: `art${suffix}`, nickname: 'Ada Artifact', password: 'correct-horse-7' };
const identifier = `art-${suffix}`;
const pms = `/api/pms/${identifier}`;
const repoName = `tools-${suffix}`;
const assetPath = 'cli/2.1/notes.txt';
const bytes = new TextEncoder().encode(`release notes ${suffix}\n`);

let browser: Browser;
let api: ApiSession;

/** The packaged upload a script uses for large files: ticket, POST to storage, confirm. */
async function uploadThroughApi(repositoryId: string, path: string, content: Uint8Array): Promise<void> {
  const library = `${pms}/pmsProductLibrary/${repositoryId}`;
  const ticket = await api.post<PackagedTicket>(`${library}/packaged`, { path, size: content.length });
  const form = new FormData();
  for (const [name, value] of Object.entries(ticket.fields)) form.append(name, value);
  form.append('file', new Blob([Buffer.from(content)]), 'notes.txt');
  expect((await fetch(ticket.url, { method: 'POST', body: form })).status).toBe(204);
  await api.post(`${library}/packaged/${ticket.uploadId}/confirm`);
}

beforeAll(async () => {
  browser = await launchBrowser();
  api = new ApiSession(baseUrl);
  await api.post('/api/auth/signup', { ...owner, email: `${owner.login}@example.com` });
  await api.post('/api/pms/pmsEnterprise', { identifier, name: 'Artifacts Ltd' });
});

afterAll(async () => {
  await browser?.close();
});

test('create a repository, see its uploaded asset, lock it and see the lock', async () => {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await signIn(page, baseUrl, owner);

  // The sidebar entry is live and leads to the empty list, which says what to do.
  await page.goto(`${baseUrl}/${identifier}`);
  await page.getByRole('link', { name: 'Artifact repositories' }).click();
  await page.getByTestId('repositories-empty').waitFor();

  // Create from the page: a bad name is refused under the field, then a raw hosted repository.
  await page.getByRole('link', { name: 'Create repository' }).first().click();
  await page.waitForURL(/\/repositories\/create/);
  await page.getByRole('combobox', { name: 'Format', exact: true }).click();
  await page.getByRole('option', { name: 'Raw', exact: true }).click();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Not A Name');
  await page.getByRole('button', { name: 'Create repository' }).click();
  await page.getByText(/name may hold lower-case letters/i).waitFor();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(repoName);
  await page.getByRole('button', { name: 'Create repository' }).click();
  await page.waitForURL(/\/repositories\/zhipin\//);
  await page.getByTestId('components-empty').waitFor();
  expect(await page.getByTestId('repository-usage').innerText()).toContain(
    `${baseUrl}/api/artifacts/${identifier}/${repoName}/`,
  );

  // Listed, open.
  await page.goto(`${baseUrl}/${identifier}/repositories`);
  const row = page.getByTestId(`artifact-repository-row-${repoName}`);
  await row.waitFor();
  expect(await row.textContent()).toContain('Raw');
  expect(await page.getByTestId(`repository-status-${repoName}`).innerText()).toBe('Open');

  // A file uploaded through the API shows as a component with its asset and checksum.
  const repositories = await api.get<ArtifactRepository[]>(`${pms}/pmsProductLibraryRepositories/list`);
  const repository = repositories.find((r) => r.name === repoName)!;
  await uploadThroughApi(repository.id, assetPath, bytes);
  await row.getByRole('link', { name: repoName }).click();
  await page.getByTestId('components-table').getByText(assetPath).click();
  const asset = page.getByTestId(`asset-${assetPath}`);
  await asset.waitFor();
  expect(await asset.innerText()).toContain(createHash('sha256').update(bytes).digest('hex'));
  expect(await asset.innerText()).toContain('Ada Artifact');
  await page.keyboard.press('Escape');
  await asset.waitFor({ state: 'detached' });

  // The folder tree reaches the same asset.
  await page.getByText('Folders', { exact: true }).click();
  await page.getByTestId('folder-table').getByText('cli', { exact: true }).click();
  await page.getByTestId('folder-table').getByText('2.1', { exact: true }).click();
  await page.getByTestId(`folder-entry-${assetPath}`).waitFor();

  // Lock, after the confirmation; the page and the list say so.
  await page.getByRole('button', { name: 'Lock', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: `Lock ${repoName}?` });
  await confirm.getByRole('button', { name: 'Lock' }).click();
  await confirm.waitFor({ state: 'detached' });
  await page.getByTestId('repository-lock-state').getByText('Locked').waitFor();
  await page.getByRole('button', { name: 'Unlock', exact: true }).waitFor();

  // A delete is refused while locked, and the dialog says why.
  await page.getByRole('button', { name: `Delete ${assetPath}` }).click();
  const refusal = page.getByTestId('content-delete-refusal');
  await refusal.waitFor();
  expect(await refusal.innerText()).toMatch(/locked/i);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await snapshot(page, 'artifacts-repository');

  await page.goto(`${baseUrl}/${identifier}/repositories`);
  await page.getByTestId(`repository-status-${repoName}`).getByText('Locked').waitFor();
  await page.close();
});

test('an access token is created on the account page, shown once, and revoked', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await signIn(page, baseUrl, owner);
  await page.goto(`${baseUrl}/account/password#access-tokens`);
  const section = page.getByTestId('access-tokens');
  await section.getByTestId('access-tokens-empty').waitFor();
  await section.getByRole('textbox', { name: 'Token name' }).fill('CI publish');
  await section.getByText('Write', { exact: true }).click();
  await section.getByRole('button', { name: 'Create token' }).click();
  const secret = await section.getByTestId('new-access-token-value').innerText();
  expect(secret).toMatch(/^art_/);
  const token = section.getByTestId('access-token-CI publish');
  expect(await token.textContent()).toContain('write');
  expect(await token.innerText()).not.toContain(secret);
  await section.getByRole('button', { name: 'Revoke CI publish' }).click();
  await page
    .getByRole('dialog', { name: 'Revoke CI publish?' })
    .getByRole('button', { name: 'Revoke' })
    .click();
  await token.waitFor({ state: 'detached' });
  await page.close();
});

test('the repository list offers 10, 20, 50 or 100 a page and keeps the choice over a reload', async () => {
  // Eleven repositories, whatever the test before left: one more than the first page holds.
  const existing = await api.get<ArtifactRepository[]>(`${pms}/pmsProductLibraryRepositories/list`);
  for (let n = existing.length; n < 11; n += 1) {
    await api.post(`${pms}/pmsProductLibraryRepositories/hosted`, { name: `spare-${n}`, format: 'raw' });
  }
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await signIn(page, baseUrl, owner);
  await page.goto(`${baseUrl}/${identifier}/repositories`);
  const rows = page.getByTestId('repositories-table').locator('[data-testid^="artifact-repository-row-"]');
  await expectPageSizeKept(page, 'repositories', rows);
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await snapshot(page, `artifacts-repository-list-${width}`);
  }
  await page.close();
});
