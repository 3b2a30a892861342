/**
 * Notifications in Chromium: the owner mentions a colleague in a work item's comment (picking
 * them from the `@` suggestions), the colleague signs in, sees the bell's unread count, and opens
 * the item from the inbox, which marks it read.
 */
import { randomBytes } from 'node:crypto';
import type { CurrentUser } from '@shared/schemas/auth';
import type { Enterprise } from '@shared/schemas/enterprise';
import type { IssueDetail } from '@shared/schemas/issues';
import type { Project } from '@shared/schemas/projects';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { ApiSession } from '../../scripts/lib/api-session';
import { launchBrowser, signIn } from './browser';

const baseUrl = inject('baseUrl');
const suffix = randomBytes(3).toString('hex');
const owner = { login: `ntfo${suffix}`, nickname: 'Nora Notify', password: 'correct-horse-7' };
const colleague = { login: `ntfc${suffix}`, nickname: 'Cato Colleague', password: 'correct-horse-8' };
const identifier = `ntf-${suffix}`;
const pms = `/api/pms/${identifier}`;
/** Delivery runs after the request answers; the bell polls: give a busy machine time. */
const POLL = { timeout: 20_000 };

let browser: Browser;
let project: Project;
let item: IssueDetail;

beforeAll(async () => {
  browser = await launchBrowser();
  const api = new ApiSession(baseUrl);
  await api.post<CurrentUser>('/api/auth/signup', { ...owner, email: `${owner.login}@example.com` });
  const other = new ApiSession(baseUrl);
  const them = await other.post<CurrentUser>('/api/auth/signup', {
    ...colleague,
    email: `${colleague.login}@example.com`,
  });
  const enterprise = await api.post<Enterprise>('/api/pms/pmsEnterprise', { identifier, name: 'Notify Ltd' });
  await api.post(`/api/system/dept/${enterprise.deptId}/GitLinkUser`, { gitlinkUserId: them.userId });
  project = await api.post<Project>(`${pms}/pmsProject`, { name: 'Harbour Cranes' });
  await api.post(`${pms}/pmsProject/${project.id}/members`, { userIds: [them.userId] });
  item = await api.post<IssueDetail>(`${pms}/pmsProjectIssues/add`, {
    pmsProjectId: project.id,
    pmIssueType: 2,
    title: 'Grease the slewing ring',
  });
});

afterAll(async () => {
  await browser?.close();
});

test('a mention in a comment reaches the colleague: bell count, inbox, the item opens', async () => {
  const ownerPage = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signIn(ownerPage, baseUrl, owner);
  await ownerPage.goto(`${baseUrl}/${identifier}/projects/${project.id}/task/${item.id}`);
  await ownerPage.getByText('Grease the slewing ring').first().waitFor(POLL);
  const commentsTab = ownerPage.getByRole('tab', { name: 'Comments' });
  await commentsTab.click({ timeout: 10_000 });
  const box = ownerPage.getByLabel('Comment', { exact: true });
  await box.waitFor(POLL);
  await box.click();
  await box.pressSequentially('Please check this, @Cato');
  const suggestion = ownerPage.getByTestId('mention-suggestions').getByText('Cato Colleague');
  await suggestion.waitFor(POLL);
  await ownerPage.keyboard.press('Enter');
  expect(await box.inputValue()).toBe(`Please check this, @${colleague.login} `);
  await ownerPage.getByRole('button', { name: 'Comment', exact: true }).click();
  await ownerPage.getByTestId('comment-list').getByText('Please check this').waitFor(POLL);

  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signIn(page, baseUrl, colleague);
  await page.goto(`${baseUrl}/${identifier}`);
  const bell = page.getByTestId('notification-bell');
  await expect.poll(async () => (await bell.getAttribute('data-count')) ?? '', POLL).toBe('1');
  expect(await bell.getAttribute('aria-label')).toBe('Notifications, 1 unread');

  await bell.click();
  const row = page.getByTestId('inbox-row').first();
  await row.waitFor(POLL);
  expect(await row.textContent()).toContain(
    `Nora Notify mentioned you #${item.issueNumber} Grease the slewing ring`,
  );
  await row.click();
  await page.waitForURL(`**/${identifier}/projects/${project.id}/task/${item.id}`, POLL);
  await page.getByText('Please check this').first().waitFor(POLL);
  await expect.poll(async () => (await bell.getAttribute('data-count')) ?? '', POLL).toBe('0');
});
