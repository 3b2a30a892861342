/**
 * The artifact library's release flow in Chromium against the product as `npm start` serves it:
 * create an npm repository from the page, publish to it with the real npm client, browse the
 * component, take a snapshot and compare it with a later one, promote the component from the
 * snapshot into a product repository, see the promotion on both sides, and read why the promoted
 * asset cannot be deleted. Screenshots of the snapshot pages at 1280 and 1440 px.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ArtifactRepository, NewAccessToken } from '@shared/schemas/artifacts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { ApiSession } from '../../scripts/lib/api-session';
import { launchBrowser, signIn, snapshot } from './browser';

const baseUrl = inject('baseUrl');
const suffix = randomBytes(3).toString('hex');
const owner = { login: `flow${suffix}`, nickname: 'Rita Release', password: 'correct-horse-7' };
const identifier = `flow-${suffix}`;
const pms = `/api/pms/${identifier}`;
const repoName = `web-${suffix}`;
const productName = `shipped-${suffix}`;
const packageName = `widget-${suffix}`;
const tarballPath = (version: string) => `${packageName}/-/${packageName}-${version}.tgz`;
/** Where the screenshots of each width go, to be looked at after a run. */
const SHOTS = process.env.ARTIFACT_SHOTS_DIR;

let browser: Browser;
let api: ApiSession;
let token: string;
const scratch: string[] = [];

/** Runs npm publish of `version` in a fresh folder whose .npmrc points at the repository. */
function npmPublish(version: string): Promise<{ code: number; output: string }> {
  const folder = mkdtempSync(join(tmpdir(), 'flow-npm-'));
  const cache = mkdtempSync(join(tmpdir(), 'flow-npm-cache-'));
  scratch.push(folder, cache);
  const registry = `${baseUrl}/api/artifacts/${identifier}/${repoName}/`;
  writeFileSync(
    join(folder, '.npmrc'),
    `registry=${registry}\n${registry.replace(/^https?:/, '')}:_authToken=${token}\ncache=${cache}\naudit=false\nfund=false\nupdate-notifier=false\n`,
  );
  writeFileSync(
    join(folder, 'package.json'),
    JSON.stringify({ name: packageName, version, main: 'index.js', license: 'MIT' }),
  );
  writeFileSync(join(folder, 'index.js'), `module.exports = ${JSON.stringify(version)};\n`);
  // Without the npm_* settings vitest hands down, which would override the folder's .npmrc.
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));
  return new Promise((resolve) => {
    execFile(
      'npm',
      ['publish', '--registry', registry, '--userconfig', join(folder, '.npmrc')],
      { cwd: folder, env, timeout: 120_000 },
      (error, stdout, stderr) => resolve({ code: error ? 1 : 0, output: `${stdout}\n${stderr}` }),
    );
  });
}

async function shoot(page: Page, name: string): Promise<void> {
  await snapshot(page, name);
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
}

beforeAll(async () => {
  browser = await launchBrowser();
  api = new ApiSession(baseUrl);
  await api.post('/api/auth/signup', { ...owner, email: `${owner.login}@example.com` });
  await api.post('/api/pms/pmsEnterprise', { identifier, name: 'Release Flow Ltd' });
  await api.post(`${pms}/pmsProductLibraryRepositories/hosted`, {
    name: productName,
    format: 'npm',
    kind: 'chanpin',
  });
  token = (await api.post<NewAccessToken>('/api/artifactTokens', { name: 'flow', scope: 'write' })).token;
});

afterAll(async () => {
  await browser?.close();
  for (const folder of scratch) rmSync(folder, { recursive: true, force: true });
});

test('publish with npm, snapshot, promote into a product repository, and read why the asset stays', async () => {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await signIn(page, baseUrl, owner);

  // Create the npm repository from the page.
  await page.goto(`${baseUrl}/${identifier}/repositories/create`);
  await page.getByRole('combobox', { name: 'Format', exact: true }).click();
  await page.getByRole('option', { name: 'npm', exact: true }).click();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(repoName);
  await page.getByRole('button', { name: 'Create repository' }).click();
  await page.waitForURL(/\/repositories\/zhipin\//);
  await page.getByTestId('components-empty').waitFor();
  const repositoryUrl = page.url();

  // Publish with the real npm client, and browse the component.
  const published = await npmPublish('1.0.0');
  expect(published.code, published.output).toBe(0);
  await page.reload();
  await page.getByTestId('components-table').getByText(packageName).click();
  await page.getByTestId(`asset-${tarballPath('1.0.0')}`).waitFor();
  await page.keyboard.press('Escape');

  // Take a snapshot from the snapshots page.
  await page.getByRole('link', { name: 'Snapshots' }).click();
  await page.waitForURL(/\/snapshot$/);
  await page.getByTestId('snapshots-empty').waitFor();
  await page.getByRole('button', { name: 'Take snapshot' }).click();
  const create = page.getByTestId('snapshot-create');
  await create.getByRole('textbox', { name: 'Name' }).fill('release-1');
  await create.getByRole('button', { name: 'Take snapshot' }).click();
  await page.getByTestId('snapshot-row-release-1').waitFor();

  // A second version and a second snapshot, then compare them.
  expect((await npmPublish('1.1.0')).code).toBe(0);
  await page.getByRole('button', { name: 'Take snapshot' }).click();
  await create.getByRole('textbox', { name: 'Name' }).fill('release-2');
  await create.getByRole('button', { name: 'Take snapshot' }).click();
  await page.getByTestId('snapshot-row-release-2').waitFor();
  await page.getByRole('combobox', { name: 'From snapshot' }).click();
  await page.getByRole('option', { name: 'release-1' }).click();
  await page.getByRole('combobox', { name: 'To snapshot' }).click();
  await page.getByRole('option', { name: 'release-2' }).click();
  const comparison = page.getByTestId('snapshot-comparison');
  await comparison.getByText('1 added · 0 removed · 0 changed · 1 unchanged').waitFor();
  // Badges are upper case on screen.
  expect(
    (await comparison.getByTestId(`change-${tarballPath('1.1.0')}`).innerText()).toLowerCase(),
  ).toContain('added');
  await shoot(page, 'artifacts-snapshots');

  // Open release-1 and promote its component into the product repository.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByTestId('snapshot-row-release-1').getByRole('link', { name: 'release-1' }).click();
  await page.waitForURL(/\/snapshot\/release-1/);
  await page.getByTestId(`snapshot-asset-${tarballPath('1.0.0')}`).waitFor();
  await page.getByRole('button', { name: `Promote ${packageName} 1.0.0` }).click();
  const promote = page.getByTestId('promote-modal');
  await promote.getByRole('combobox', { name: 'Product repository' }).click();
  await page.getByRole('option', { name: new RegExp(productName) }).click();
  await promote.getByRole('button', { name: 'Promote' }).click();
  await page.getByText(`${packageName} 1.0.0 promoted into ${productName} (1 file)`).waitFor();
  await shoot(page, 'artifacts-snapshot');

  // The product repository's copy says where it came from.
  const repositories = await api.get<ArtifactRepository[]>(
    `${pms}/pmsProductLibraryRepositories/list?kind=chanpin`,
  );
  const product = repositories.find((r) => r.name === productName)!;
  await page.goto(`${baseUrl}/${identifier}/repositories/chanpin/${product.id}`);
  await page.getByTestId('components-table').getByText(packageName).click();
  const from = page.getByTestId('asset-promoted-from');
  await from.waitFor();
  expect(await from.innerText()).toContain(`Promoted from ${repoName} (snapshot release-1) by Rita Release`);
  await page.keyboard.press('Escape');

  // Back in the source: the asset is marked, and its delete is refused with the reasons.
  await page.goto(repositoryUrl);
  await page.getByTestId('components-table').getByText('1.0.0').click();
  const asset = page.getByTestId(`asset-${tarballPath('1.0.0')}`);
  await asset.getByText(`Promoted to ${productName}`, { exact: true }).waitFor();
  await asset.getByText('In snapshot release-1', { exact: true }).waitFor();
  await page.getByRole('button', { name: `Delete ${tarballPath('1.0.0')}` }).click();
  const refusal = page.getByTestId('content-delete-refusal');
  await refusal.waitFor();
  const why = await refusal.innerText();
  expect(why).toContain('held by snapshot release-1');
  expect(why).toContain(`promoted into product repository ${productName}`);
  await shoot(page, 'artifacts-delete-refused');
  await page.close();
});

test('the settings page sets cleanup rules and lists what a run would delete', async () => {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await signIn(page, baseUrl, owner);
  const repositories = await api.get<ArtifactRepository[]>(`${pms}/pmsProductLibraryRepositories/list`);
  const repository = repositories.find((r) => r.name === repoName)!;
  await page.goto(`${baseUrl}/${identifier}/repositories/edit/npm/${repository.id}`);
  const section = page.getByTestId('retention-section');
  // The saved rules (none yet) have arrived when the section says what runs by itself.
  await section.getByText('No rule is on: nothing runs by itself.').waitFor();
  await section.getByRole('textbox', { name: 'Keep the newest' }).fill('1');
  await section.getByRole('button', { name: 'Save rules' }).click();
  await page.getByText('Cleanup rules saved').waitFor();
  // Saved rules say when they run by themselves.
  await expect
    .poll(() => section.getByTestId('retention-schedule').innerText())
    .toMatch(
      /once a day; the next run is at \d{4}-\d{2}-\d{2} \d{2}:\d{2}\. They have not run by themselves/,
    );
  await section.getByRole('button', { name: 'Dry run' }).click();
  // 1.0.0 is beyond the newest one, but the snapshots and the promotion keep it.
  const kept = section.getByTestId('retention-kept');
  await kept.waitFor();
  expect((await kept.innerText()).toLowerCase()).toContain(`promoted to ${productName}`);
  expect(await section.getByTestId('retention-dry-run').innerText()).toContain(
    'A run now would delete nothing.',
  );
  await shoot(page, 'artifacts-retention');
  await page.close();
});
