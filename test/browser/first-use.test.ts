/**
 * What a new user trips on, in Chromium: GitHub-flavoured markdown in a description (a table, a
 * task list whose boxes an editor ticks and the tick is saved), short dates with the full date on
 * hover, a title field capped where it is typed with a counter near the limit, the first visit's
 * greeting, and the confirmation that says what starting a sprint early does.
 */
import { randomBytes } from 'node:crypto';
import type { IssueDetail } from '@shared/schemas/issues';
import type { Project } from '@shared/schemas/projects';
import type { Sprint } from '@shared/schemas/sprints';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { ApiSession } from '../../scripts/lib/api-session';
import { launchBrowser, signIn, snapshot } from './browser';

const baseUrl = inject('baseUrl');
const suffix = randomBytes(3).toString('hex');
const owner = { login: `new${suffix}`, nickname: 'Nia Newcomer', password: 'correct-horse-7' };
const identifier = `first-${suffix}`;
const pms = `/api/pms/${identifier}`;
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const DESCRIPTION = [
  'Scope:',
  '',
  '- [ ] agree the scope',
  '- [x] book the room',
  '',
  '| Step | Owner |',
  '| --- | --- |',
  '| Draft | Nia |',
  '',
  '~~old plan~~ see https://example.com/plan',
].join('\n');

let browser: Browser;
let api: ApiSession;
let project: Project;
let task: IssueDetail;
let later: Sprint;

beforeAll(async () => {
  browser = await launchBrowser();
  api = new ApiSession(baseUrl);
  await api.post('/api/auth/signup', { ...owner, email: `${owner.login}@example.com` });
  await api.post('/api/pms/pmsEnterprise', { identifier, name: 'First Use Ltd' });
  project = await api.post<Project>(`${pms}/pmsProject`, { name: 'Robot Console' });
  task = await api.post<IssueDetail>(`${pms}/pmsProjectIssues/add`, {
    pmsProjectId: project.id,
    pmIssueType: 2,
    title: 'Plan the kick-off',
    description: DESCRIPTION,
    endDate: inDays(3),
  });
  later = await api.post<Sprint>(`${pms}/pmsProjectSprint`, {
    pmsProjectId: project.id,
    name: 'Sprint Later',
    startDate: inDays(20),
    endDate: inDays(33),
  });
});

afterAll(async () => {
  await browser?.close();
});

async function newPage(): Promise<Page> {
  return (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
}

test('the first visit says "Welcome", the next one "Welcome back"', async () => {
  const page = await newPage();
  try {
    await signIn(page, baseUrl, owner);
    await page.goto(`${baseUrl}/${identifier}`);
    await page.getByText(`Welcome, ${owner.nickname}`).waitFor();
    await page.reload();
    await page.getByText(`Welcome back, ${owner.nickname}`).waitFor();
  } catch (error) {
    await snapshot(page, 'first-use-greeting');
    throw error;
  } finally {
    await page.context().close();
  }
});

test('a description renders tables and task lists, and ticking a box saves it', async () => {
  const page = await newPage();
  try {
    await signIn(page, baseUrl, owner);
    await page.goto(`${baseUrl}/${identifier}/projects/${project.id}/task/${task.id}`);
    const cell = page.getByRole('cell', { name: 'Draft' });
    await cell.waitFor();
    await page.locator('del', { hasText: 'old plan' }).waitFor();
    expect(await page.getByRole('link', { name: 'https://example.com/plan' }).getAttribute('rel')).toContain(
      'noopener',
    );
    const first = page.getByRole('checkbox', { name: 'Task 1' });
    expect(await first.isChecked()).toBe(false);
    expect(await page.getByRole('checkbox', { name: 'Task 2' }).isChecked()).toBe(true);
    // The box shows the saved text: it ticks when the save has answered (`check()` would look at
    // once, and on a busy machine the save takes longer).
    await first.click();
    await expect.poll(() => first.isChecked()).toBe(true);
    await expect
      .poll(async () => (await api.get<IssueDetail>(`${pms}/pmsProjectIssues/${task.id}`)).description)
      .toContain('- [x] agree the scope');
    const saved = await api.get<IssueDetail>(`${pms}/pmsProjectIssues/${task.id}`);
    expect(saved.description).toBe(DESCRIPTION.replace('- [ ] agree', '- [x] agree'));
  } catch (error) {
    await snapshot(page, 'first-use-markdown');
    throw error;
  } finally {
    await page.context().close();
  }
});

test('a short date shows the full date and time on hover', async () => {
  const page = await newPage();
  try {
    await signIn(page, baseUrl, owner);
    await page.goto(`${baseUrl}/${identifier}/projects/${project.id}/task`);
    const date = page.locator(`time[datetime="${inDays(3)}"]`).first();
    await date.waitFor();
    expect(await date.getAttribute('title')).toMatch(new RegExp(`^${inDays(3)} \\d\\d:\\d\\d$`));
  } catch (error) {
    await snapshot(page, 'first-use-dates');
    throw error;
  } finally {
    await page.context().close();
  }
});

test('a title cannot be typed past its limit, and a counter shows near it', async () => {
  const page = await newPage();
  try {
    await signIn(page, baseUrl, owner);
    await page.goto(`${baseUrl}/${identifier}/projects/${project.id}/task`);
    await page
      .getByRole('button', { name: /New task/ })
      .first()
      .click();
    const title = page.getByRole('dialog').getByLabel('Title');
    // Typed keys stop at the limit (a script's fill would bypass maxlength, as no person can).
    await title.fill('x'.repeat(195));
    await title.pressSequentially('y'.repeat(10));
    expect((await title.inputValue()).length).toBe(200);
    expect(await page.getByTestId('title-counter').textContent()).toBe('200 / 200');
  } catch (error) {
    await snapshot(page, 'first-use-title');
    throw error;
  } finally {
    await page.context().close();
  }
});

test('starting a sprint weeks early says what will happen first', async () => {
  const page = await newPage();
  try {
    await signIn(page, baseUrl, owner);
    await page.goto(`${baseUrl}/${identifier}/projects/${project.id}/iteration`);
    const card = page.getByTestId(`sprint-card-${later.id}`);
    await card.getByRole('button', { name: 'Start', exact: true }).click();
    const warnings = page.getByTestId('start-warnings');
    await warnings.waitFor();
    expect(await warnings.textContent()).toContain('begins its burn-down today');
    // Nothing started until it is confirmed.
    expect((await api.get<Sprint>(`${pms}/pmsProjectSprint/${later.id}`)).status).toBe(0);
    await page.getByRole('button', { name: 'Start anyway' }).click();
    await card.getByRole('button', { name: 'Complete', exact: true }).waitFor();
    expect((await api.get<Sprint>(`${pms}/pmsProjectSprint/${later.id}`)).status).toBe(1);
  } catch (error) {
    await snapshot(page, 'first-use-sprint');
    throw error;
  } finally {
    await page.context().close();
  }
});
