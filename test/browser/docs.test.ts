/**
 * The knowledge base end to end in Chromium: folders and a page, two edits, two revisions
 * compared and one restored, a PDF uploaded straight to storage and previewed, a search hit
 * opened, and a page deleted and restored from the trash.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { ApiSession } from '../../scripts/lib/api-session';
import { pdfBytes } from '../api/docs-fixtures';
import { launchBrowser, signIn, snapshot } from './browser';

const baseUrl = inject('baseUrl');
const suffix = randomBytes(3).toString('hex');
const owner = { login: `kb${suffix}`, nickname: 'Kim Writer', password: 'correct-horse-7' };
const identifier = `docs-${suffix}`;
const scratch = mkdtempSync(join(tmpdir(), 'docs-browser-'));

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  const api = new ApiSession(baseUrl);
  await api.post('/api/auth/signup', { ...owner, email: `${owner.login}@example.com` });
  await api.post('/api/pms/pmsEnterprise', { identifier, name: 'Docs Ltd' });
});

afterAll(async () => {
  await browser?.close();
  rmSync(scratch, { recursive: true, force: true });
});

const tree = (page: Page) => page.getByRole('tree', { name: 'Documents' });

async function editPage(page: Page, content: string, summary: string): Promise<void> {
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await page.waitForURL(/\/edit$/);
  await page.getByTestId('wiki-content-input').fill(content);
  await page.getByTestId('wiki-summary-input').fill(summary);
  await page.getByTestId('wiki-save').click();
  await page.waitForURL(/\/wiki\/[^/]+$/);
  await page.getByTestId('wiki-body').getByText(content.split('\n')[0]!).waitFor();
}

test('a writer builds, edits, compares, restores, uploads, searches and recovers documents', async () => {
  const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  try {
    await signIn(page, baseUrl, owner);
    await page.goto(`${baseUrl}/${identifier}/docs`);
    await page.getByTestId('docs-folder-empty').waitFor();

    // Folders: one at the top, one inside it.
    await page.getByRole('button', { name: 'Folder', exact: true }).click();
    await page.getByRole('dialog', { name: 'New folder' }).getByLabel('Name').fill('Handbook');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await tree(page).getByText('Handbook', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Actions for Handbook' }).click();
    await page.getByRole('menuitem', { name: 'New folder inside' }).click();
    await page.getByRole('dialog', { name: 'New folder' }).getByLabel('Name').fill('Engineering');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await tree(page).getByText('Engineering', { exact: true }).waitFor();

    // A page in Engineering.
    await tree(page).getByText('Engineering', { exact: true }).click();
    await page.waitForURL(/\/docs\/folder\//);
    await page.getByRole('button', { name: 'Page', exact: true }).click();
    await page.waitForURL(/\/docs\/add\?folderId=/);
    await page.getByTestId('wiki-title-input').fill('Code review');
    await page.getByTestId('wiki-content-input').fill('Reviews answer within two days.');
    await page.getByTestId('wiki-save').click();
    await page.waitForURL(/\/wiki\/[^/]+$/);
    await expect.poll(() => page.getByTestId('wiki-title').textContent()).toBe('Code review');
    await page.getByRole('link', { name: 'Engineering' }).waitFor();

    // Two edits: revisions 2 and 3.
    await editPage(page, 'Reviews answer within one working day.', 'Faster answers');
    await editPage(
      page,
      'Reviews answer within one working day.\n\n| Size | Reviewers |\n| --- | --- |\n| Small | 1 |',
      'Add a table',
    );
    await page.getByTestId('wiki-body').locator('table').waitFor();

    // Compare revision 1 with revision 3, inline: the changed words are marked.
    await page.getByRole('button', { name: 'History', exact: true }).click();
    await page.waitForURL(/\/history$/);
    await page.getByTestId('revision-3').waitFor();
    await page.getByRole('radio', { name: 'Compare from revision 1' }).check();
    await page.getByRole('radio', { name: 'Compare to revision 3' }).check();
    await page.getByTestId('diff-side').waitFor();
    await page.getByText('Inline', { exact: true }).click();
    const inline = page.getByTestId('diff-inline');
    await inline.waitFor();
    expect((await inline.locator('del').allTextContents()).join(' ')).toContain('two');
    expect((await inline.locator('ins').allTextContents()).join(' ')).toContain('one working day');

    // Restore revision 1: it comes back as revision 4.
    await page.getByTestId('revision-1').getByRole('button', { name: 'Restore' }).click();
    await page
      .getByRole('dialog', { name: 'Restore revision 1?' })
      .getByRole('button', { name: 'Restore' })
      .click();
    await page.getByTestId('revision-4').getByText('Restored revision 1').waitFor();
    await page.getByRole('button', { name: 'Back to the page' }).click();
    await page.getByTestId('wiki-body').getByText('Reviews answer within two days.').waitFor();
    const pageUrl = page.url();

    // A PDF, straight to storage, then its preview.
    const pdf = join(scratch, 'Security policy.pdf');
    writeFileSync(pdf, pdfBytes('Lock your laptop'));
    await page.getByTestId('docs-upload-input').setInputFiles(pdf);
    await page.waitForURL(/\/docs\/file\/[^/]+\/preview$/);
    await expect.poll(() => page.getByTestId('file-title').textContent()).toBe('Security policy.pdf');
    const frame = page.getByTestId('preview-pdf');
    await frame.waitFor();
    const src = (await frame.getAttribute('src')) ?? '';
    expect(src).toMatch(/^http/);
    expect(src).toContain('/docs/');
    const served = await fetch(src);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(new TextDecoder().decode(await served.arrayBuffer())).toContain('Lock your laptop');
    await snapshot(page, 'docs-pdf-preview');

    // Search for a word of the page and open the hit.
    await page.getByTestId('docs-search-open').click();
    await page.getByTestId('docs-search-input').fill('reviews');
    const results = page.getByTestId('docs-search-results');
    await results.getByText('Code review').waitFor();
    expect(await results.locator('mark').first().textContent()).toMatch(/^reviews?$/i);
    await results.getByText('Code review').click();
    await page.waitForURL(pageUrl);
    await page.getByTestId('wiki-body').waitFor();

    // Delete the page, then restore it from the trash.
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('button', { name: 'Move to trash' }).click();
    await page.waitForURL(new RegExp(`/${identifier}/docs$`));
    await expect.poll(() => tree(page).getByText('Code review', { exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'Trash', exact: true }).click();
    const trash = page.getByTestId('docs-trash');
    await trash.getByText('Code review').waitFor();
    await trash.getByRole('button', { name: 'Restore' }).click();
    await page.getByTestId('docs-trash-empty').waitFor();
    await page.keyboard.press('Escape');
    await tree(page).getByText('Code review', { exact: true }).waitFor();
    await snapshot(page, 'docs-restored');
  } catch (error) {
    await snapshot(page, 'docs-failure');
    throw error;
  }
});
