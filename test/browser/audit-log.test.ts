/**
 * The audit log page in Chromium: an owner's changes (a project edited, a label made) are listed;
 * the area filter narrows the list and stays in the address; an entry opens to its fields before
 * and after; and "Download CSV" saves the filtered entries. The settings page beside it saves the
 * organization's description, the weekly reminder time and the days the log keeps entries.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Project } from '@shared/schemas/projects';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { ApiSession } from '../../scripts/lib/api-session';
import { launchBrowser, signIn, snapshot } from './browser';

const baseUrl = inject('baseUrl');
const suffix = randomBytes(3).toString('hex');
const owner = { login: `auditor${suffix}`, nickname: 'Ada Auditor', password: 'correct-horse-7' };
const identifier = `audit-${suffix}`;

let browser: Browser;

/** The owner's enterprise, with a project whose description changed and a work-item label. */
async function prepareEnterprise(): Promise<void> {
  const api = new ApiSession(baseUrl);
  await api.post('/api/auth/signup', { ...owner, email: `${owner.login}@example.com` });
  await api.post('/api/pms/pmsEnterprise', { identifier, name: 'Audited Ltd' });
  const project = await api.post<Project>(`/api/pms/${identifier}/pmsProject`, { name: 'Ledger' });
  await api.put(`/api/pms/${identifier}/pmsProject/${project.id}`, {
    description: 'Books of account',
    version: project.version,
  });
  await api.post(`/api/pms/${identifier}/pmsProjectIssues/enterpriseIssueTags`, {
    name: `label${suffix}`,
    color: 'blue',
  });
}

beforeAll(async () => {
  browser = await launchBrowser();
  await prepareEnterprise();
});

afterAll(async () => {
  await browser?.close();
});

test('an owner filters the audit log by area, opens an entry and downloads the CSV', async () => {
  const page = await (await browser.newContext({ acceptDownloads: true })).newPage();
  try {
    await signIn(page, baseUrl, owner);
    await page.goto(`${baseUrl}/${identifier}/admin`);
    await page.getByRole('link', { name: 'Audit log', exact: true }).click();
    await page.waitForURL(`${baseUrl}/${identifier}/admin/audit`);
    const table = page.getByTestId('audit-table');
    await table.getByText('Work-item tag', { exact: false }).first().waitFor();

    // Only the projects area: the label is gone, and the filter is in the address.
    await page.getByRole('combobox', { name: 'Filter by area', exact: true }).click();
    await page.getByRole('option', { name: 'Projects', exact: true }).click();
    await page.waitForURL(/area=projects/);
    await expect.poll(() => table.getByText('Work-item tag', { exact: false }).count()).toBe(0);
    const edit = page.getByRole('row').filter({ hasText: 'PUT /api/pms/{identifier}/pmsProject/{id}' });
    await edit.waitFor();
    expect(await edit.getByText('Ada Auditor').count()).toBe(1);

    // The edit opens to its one changed field, before and after.
    await edit.getByRole('button', { name: 'Show changes (1 field)' }).click();
    const field = edit.getByRole('row').filter({ hasText: 'description' });
    await field.getByText('Books of account').waitFor();
    // It was empty text before, not absent.
    expect(await field.getByText('empty', { exact: true }).count()).toBe(1);
    await snapshot(page, 'audit-log-entry-open');

    // The CSV holds the filtered entries: the project's, not the label's.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      new RegExp(`^audit-log-${identifier}-\\d{4}-\\d{2}-\\d{2}\\.csv$`),
    );
    const csv = await readFile(await download.path(), 'utf8');
    const [header, ...rows] = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(header?.split(',').slice(0, 3)).toEqual(['time', 'actorId', 'actor']);
    expect(rows.some((row) => row.includes('PUT /api/pms/{identifier}/pmsProject/{id}'))).toBe(true);
    expect(rows.every((row) => row.includes(',projects,'))).toBe(true);
  } finally {
    await snapshot(page, 'audit-log');
    await page.context().close();
  }
});

test('the settings page saves the organization, the weekly reminders and the audit log days', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  try {
    await signIn(page, baseUrl, owner);
    await page.goto(`${baseUrl}/${identifier}/admin`);
    await page.getByRole('textbox', { name: 'Description', exact: true }).fill('Ledgers and audits');
    await page.getByRole('button', { name: 'Save', exact: true }).first().click();
    await page.getByText('Organization settings saved').waitFor();

    const week = page.getByTestId('week-settings');
    await week.getByRole('textbox', { name: 'Reminder time' }).fill('16:30');
    await week.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Time zone and reminders saved').waitFor();

    const retention = page.getByTestId('audit-retention');
    await retention.getByRole('textbox', { name: 'Keep entries for (days)' }).fill('400');
    await retention.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Audit log retention saved').waitFor();

    // Saved for good: a reload reads them back.
    await page.reload();
    await week.getByRole('textbox', { name: 'Reminder time' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Description', exact: true }).inputValue()).toBe(
      'Ledgers and audits',
    );
    expect(await week.getByRole('textbox', { name: 'Reminder time' }).inputValue()).toBe('16:30');
    expect(await retention.getByRole('textbox', { name: 'Keep entries for (days)' }).inputValue()).toBe(
      '400',
    );
    await page.evaluate(() => window.scrollTo(0, 0));
    for (const width of [1280, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await snapshot(page, `settings-page-${width}`);
    }
  } finally {
    await page.close();
  }
});
