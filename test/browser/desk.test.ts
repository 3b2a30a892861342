/**
 * The work desk in Chromium: every block renders on its own (items, sprints, todos, code,
 * projects, products) with its empty state where there is nothing; a todo is added, ticked and
 * counted; the mentions tab shows a colleague's `@login`; an item opens from the desk.
 */
import { randomBytes } from 'node:crypto';
import type { CurrentUser } from '@shared/schemas/auth';
import type { Enterprise } from '@shared/schemas/enterprise';
import type { IssueDetail } from '@shared/schemas/issues';
import type { Project } from '@shared/schemas/projects';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { ApiSession } from '../../scripts/lib/api-session';
import { launchBrowser, signIn, snapshot } from './browser';

const baseUrl = inject('baseUrl');
const suffix = randomBytes(3).toString('hex');
const owner = { login: `desk${suffix}`, nickname: 'Dina Desk', password: 'correct-horse-7' };
const colleague = { login: `col${suffix}`, nickname: 'Cole League', password: 'correct-horse-8' };
const identifier = `desk-${suffix}`;
const pms = `/api/pms/${identifier}`;
/** The desk reads its blocks again after each write: give them the time a busy machine needs. */
const POLL = { timeout: 15_000 };
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

let browser: Browser;
let project: Project;
let overdue: IssueDetail;
let mentioned: IssueDetail;

beforeAll(async () => {
  browser = await launchBrowser();
  const api = new ApiSession(baseUrl);
  const me = await api.post<CurrentUser>('/api/auth/signup', {
    ...owner,
    email: `${owner.login}@example.com`,
  });
  const other = new ApiSession(baseUrl);
  const them = await other.post<CurrentUser>('/api/auth/signup', {
    ...colleague,
    email: `${colleague.login}@example.com`,
  });
  const enterprise = await api.post<Enterprise>('/api/pms/pmsEnterprise', { identifier, name: 'Desk Ltd' });
  await api.post(`/api/system/dept/${enterprise.deptId}/GitLinkUser`, { gitlinkUserId: them.userId });
  project = await api.post<Project>(`${pms}/pmsProject`, { name: 'Robot Console' });
  await api.post(`${pms}/pmsProject/${project.id}/members`, { userIds: [them.userId] });
  const add = (title: string, body: Record<string, unknown>) =>
    api.post<IssueDetail>(`${pms}/pmsProjectIssues/add`, {
      pmsProjectId: project.id,
      pmIssueType: 2,
      title,
      ...body,
    });
  overdue = await add('Calibrate the lidar', { assigneeId: me.userId, endDate: inDays(-2) });
  await add('Draw the dock icons', { assigneeId: me.userId, endDate: inDays(1) });
  mentioned = await add('Tune the path planner', { assigneeId: them.userId });
  await other.post(`${pms}/pmsProjectIssues/journals/${mentioned.id}`, {
    notes: `@${owner.login} can you check the turning radius?`,
  });
});

afterAll(async () => {
  await browser?.close();
});

test('the desk shows each block, keeps a todo, and opens an item', async () => {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signIn(page, baseUrl, owner);
  await page.goto(`${baseUrl}/${identifier}`);

  const items = page.getByTestId('desk-items');
  await items.getByTestId('desk-item').nth(2).waitFor();
  expect(await items.getByTestId('desk-item').count()).toBe(3);
  const rows = await items.getByTestId('desk-item').allTextContents();
  expect(rows[0]).toContain('Overdue');
  expect(rows[0]).toContain('Calibrate the lidar');
  expect(rows[1]).toContain('Due soon');
  expect(await items.getByText('1 overdue').isVisible()).toBe(true);
  await expect.poll(() => page.getByTestId('desk-stat-overdue').textContent(), POLL).toBe('1');
  await expect.poll(() => page.getByTestId('desk-stat-mentioned').textContent(), POLL).toBe('1');

  // Blocks with nothing in them say what they will hold and where to go.
  await page.getByTestId('desk-sprints').getByText('No sprint is running in your projects').waitFor();
  await page.getByTestId('desk-repositories').getByText('No repository is linked to your projects').waitFor();
  await page.getByTestId('desk-products').getByText('You are not a member of any product').waitFor();
  await page.getByTestId('desk-projects').getByRole('link', { name: 'Robot Console' }).waitFor();
  await page.getByTestId('desk-todo-empty').waitFor();

  // A todo is added, counted, ticked, and no longer counted.
  const todos = page.getByTestId('desk-todo-block');
  await todos.getByLabel('New todo').fill('Order spare wheels');
  await todos.getByRole('button', { name: 'Add' }).click();
  const todo = todos.getByTestId('desk-todo').filter({ hasText: 'Order spare wheels' });
  await todo.waitFor();
  await expect.poll(() => page.getByTestId('desk-stat-todos').textContent(), POLL).toBe('1');
  await todo.getByRole('checkbox', { name: 'Order spare wheels' }).check();
  await expect.poll(() => todo.getByRole('checkbox').isChecked(), POLL).toBe(true);
  await expect.poll(() => page.getByTestId('desk-stat-todos').textContent(), POLL).toBe('0');
  await snapshot(page, 'desk');

  // The mentions tab holds the colleague's comment's item.
  await items.getByText('Mentioning me 1').click();
  await expect
    .poll(() => items.getByTestId('desk-item').allTextContents(), POLL)
    .toEqual([expect.stringContaining('Tune the path planner')]);

  // An item opens on its own page from the desk.
  await items.getByText('All 3').click();
  await items.getByRole('link', { name: `#${overdue.issueNumber} Calibrate the lidar` }).click();
  await page.waitForURL(`${baseUrl}/${identifier}/projects/${project.id}/task/${overdue.id}`);
  await page.getByText('Calibrate the lidar').first().waitFor();
});
