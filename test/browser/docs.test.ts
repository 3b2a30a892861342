/**
 * The knowledge base end to end in Chromium: folders and a page, two edits, two revisions
 * compared and one restored, a PDF, an image, a CSV, a workbook and a Word document uploaded
 * straight to storage and previewed, a search hit opened, a page deleted and restored from the
 * trash, a save that crossed another session's merged with it, and a page removed for good after
 * its confirmation.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { WikiDetail } from '@shared/schemas/docs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { ApiSession } from '../../scripts/lib/api-session';
import { docxBytes, PNG_BYTES, pdfBytes, xlsxBytes } from '../api/docs-fixtures';
import { launchBrowser, signIn, snapshot } from './browser';

const baseUrl = inject('baseUrl');
const suffix = randomBytes(3).toString('hex');
const owner = { login: `kb${suffix}`, nickname: 'Kim Writer', password: 'correct-horse-7' };
const identifier = `docs-${suffix}`;
const scratch = mkdtempSync(join(tmpdir(), 'docs-browser-'));

let browser: Browser;
/** The owner's other session (signed up here): "someone else" saving the page being edited. */
let api: ApiSession;

beforeAll(async () => {
  browser = await launchBrowser();
  api = new ApiSession(baseUrl);
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

/** Uploads a file from the menu and waits for its preview page. */
async function upload(page: Page, fileName: string, bytes: Uint8Array): Promise<void> {
  const path = join(scratch, fileName);
  writeFileSync(path, bytes);
  await page.getByTestId('docs-upload-input').setInputFiles(path);
  await page.getByTestId('file-title').filter({ hasText: fileName }).waitFor();
  expect(page.url()).toMatch(/\/docs\/file\/[^/]+\/preview$/);
}

test('a writer builds, edits, compares, restores, uploads and previews, searches, recovers, merges and purges documents', async () => {
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

    // An image, shown from storage (a broken image has no width).
    await upload(page, 'Office map.png', PNG_BYTES);
    await page.waitForFunction(() => {
      const image = document.querySelector<HTMLImageElement>('[data-testid="preview-image"]');
      return Boolean(image?.complete && image.naturalWidth === 1);
    });

    // A CSV and a workbook, read in the browser into tables.
    await upload(
      page,
      'Hardware costs.csv',
      new TextEncoder().encode('Item,Cost\nLaptops,1200\nMonitors,300\n'),
    );
    const csv = page.getByTestId('preview-table');
    await csv.getByRole('cell', { name: 'Monitors' }).waitFor();
    expect(await csv.getByRole('columnheader').allTextContents()).toEqual(['Item', 'Cost']);
    expect(await csv.getByRole('cell').allTextContents()).toEqual(['Laptops', '1200', 'Monitors', '300']);
    await upload(
      page,
      'Release calendar.xlsx',
      await xlsxBytes([
        ['Month', 'Release'],
        ['May', 'Fleet 2.1'],
      ]),
    );
    const sheet = page.getByTestId('preview-table');
    await sheet.getByRole('cell', { name: 'Fleet 2.1' }).waitFor();
    expect(await sheet.getByRole('columnheader').allTextContents()).toEqual(['Month', 'Release']);

    // A Word document, as HTML.
    await upload(
      page,
      'Kickoff minutes.docx',
      docxBytes(['Minutes of the kickoff', '**Decided: ship in May**']),
    );
    const docx = page.getByTestId('preview-docx');
    await docx.getByText('Minutes of the kickoff').waitFor();
    expect(await docx.locator('strong').textContent()).toBe('Decided: ship in May');
    await snapshot(page, 'docs-docx-preview');

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

    // Two sessions edit one page: the other saves first; this save shows their change and merges.
    const first = 'Pager rotates weekly.\n\nEscalate after 15 minutes.\n\nHand over on Mondays.';
    const onCall = await api.post<WikiDetail>(`/api/pms/${identifier}/wikiPages`, {
      space: 'enterprise',
      title: 'On-call',
      content: first,
    });
    await page.goto(`${baseUrl}/${identifier}/docs/${onCall.id}/edit`);
    const editor = page.getByTestId('wiki-content-input');
    await editor.waitFor();
    expect(await editor.inputValue()).toBe(first);
    await editor.fill(first.replace('weekly', 'every two weeks'));
    await api.put(`/api/pms/${identifier}/wikiPages/${onCall.id}`, {
      content: first.replace('Mondays', 'Fridays'),
      baseRevision: 1,
    });
    await page.getByTestId('wiki-save').click();
    const conflict = page.getByTestId('wiki-conflict');
    await conflict
      .getByText('Kim Writer saved revision 2 (you started from revision 1)', { exact: false })
      .waitFor();
    expect(await conflict.locator('ins').allTextContents()).toEqual(['Fridays']);
    expect(await page.getByTestId('wiki-save').isDisabled()).toBe(true);
    await snapshot(page, 'docs-conflict');
    await page.getByTestId('wiki-merge').click();
    const merged = 'Pager rotates every two weeks.\n\nEscalate after 15 minutes.\n\nHand over on Fridays.';
    await expect.poll(() => editor.inputValue()).toBe(merged);
    await page.getByTestId('wiki-save').click();
    await page.waitForURL(/\/wiki\/[^/]+$/);
    await page.getByTestId('wiki-body').getByText('Hand over on Fridays.').waitFor();
    await page.getByTestId('wiki-body').getByText('Pager rotates every two weeks.').waitFor();
    expect(await api.get<WikiDetail>(`/api/pms/${identifier}/wikiPages/${onCall.id}`)).toMatchObject({
      revision: 3,
      content: merged,
    });

    // Removed for good from the trash, only once its confirmation says yes.
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('button', { name: 'Move to trash' }).click();
    await page.waitForURL(new RegExp(`/${identifier}/docs$`));
    await page.getByRole('button', { name: 'Trash', exact: true }).click();
    await trash.getByText('On-call').waitFor();
    const confirmPurge = page.getByRole('dialog', { name: 'Delete On-call for good?' });
    await trash.getByRole('button', { name: 'Delete for good' }).click();
    await confirmPurge.getByText('This cannot be undone.', { exact: false }).waitFor();
    await confirmPurge.getByRole('button', { name: 'Cancel' }).click();
    await confirmPurge.waitFor({ state: 'hidden' });
    await trash.getByText('On-call').waitFor();
    expect(
      (
        await api.get<{ rows: { id: string }[] }>(`/api/pms/${identifier}/docs/trash?space=enterprise`)
      ).rows.map((r) => r.id),
    ).toEqual([onCall.id]);
    await trash.getByRole('button', { name: 'Delete for good' }).click();
    await confirmPurge.getByRole('button', { name: 'Delete for good' }).click();
    await page.getByTestId('docs-trash-empty').waitFor();
    await expect(api.post(`/api/pms/${identifier}/docs/trash/${onCall.id}/restore`)).rejects.toMatchObject({
      status: 404,
    });
  } catch (error) {
    await snapshot(page, 'docs-failure');
    throw error;
  }
});
