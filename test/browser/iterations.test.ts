/**
 * Iterations end to end in Chromium: plan a sprint from the backlog, start it, close items in
 * the work-item drawer, complete it moving the rest to the next sprint, and see both sprints'
 * pages and the burn-down reflect it.
 */
import { randomBytes } from 'node:crypto';
import type { IssueDetail } from '@shared/schemas/issues';
import type { Project } from '@shared/schemas/projects';
import type { BurnDown, Sprint } from '@shared/schemas/sprints';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { ApiSession } from '../../scripts/lib/api-session';
import { launchBrowser, signIn, snapshot } from './browser';

const baseUrl = inject('baseUrl');
const suffix = randomBytes(3).toString('hex');
const owner = { login: `sm${suffix}`, nickname: 'Sam Master', password: 'correct-horse-6' };
const identifier = `sprints-${suffix}`;
const pms = `/api/pms/${identifier}`;
const today = new Date().toISOString().slice(0, 10);
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

let browser: Browser;
let api: ApiSession;
let project: Project;
let first: Sprint;
let second: Sprint;
const tasks: IssueDetail[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  api = new ApiSession(baseUrl);
  await api.post('/api/auth/signup', { ...owner, email: `${owner.login}@example.com` });
  await api.post('/api/pms/pmsEnterprise', { identifier, name: 'Sprints Ltd' });
  project = await api.post<Project>(`${pms}/pmsProject`, { name: 'Robot Console' });
  for (const title of ['Map tiles', 'Robot icons', 'Zoom controls', 'Legend']) {
    tasks.push(
      await api.post<IssueDetail>(`${pms}/pmsProjectIssues/add`, {
        pmsProjectId: project.id,
        pmIssueType: 2,
        title,
      }),
    );
  }
  const sprint = (name: string, from: number) =>
    api.post<Sprint>(`${pms}/pmsProjectSprint`, {
      pmsProjectId: project.id,
      name,
      startDate: inDays(from),
      endDate: inDays(from + 9),
    });
  first = await sprint('Sprint Alpha', 0);
  second = await sprint('Sprint Beta', 10);
});

afterAll(async () => {
  await browser?.close();
});

const iterationUrl = (rest = '') => `${baseUrl}/${identifier}/projects/${project.id}/iteration${rest}`;

/** Completes a task from the sprint page's work-item drawer. */
async function completeInDrawer(page: Page, number: number): Promise<void> {
  await page.getByTestId('sprint-items').getByText(`#${number}`, { exact: true }).click();
  const drawer = page
    .getByRole('dialog')
    .filter({ has: page.getByRole('combobox', { name: 'Status', exact: true }) });
  await drawer.getByRole('combobox', { name: 'Status', exact: true }).click();
  await page.getByRole('option', { name: 'Completed', exact: true }).click();
  await page.getByTestId(`sprint-item-${number}`).getByText('Completed', { exact: true }).waitFor();
  await page.keyboard.press('Escape');
  await drawer.waitFor({ state: 'detached' });
}

async function rowsOf(table: Locator): Promise<string[]> {
  return table.locator('tbody tr').allTextContents();
}

test('a team plans, runs and completes a sprint, carrying the rest into the next one', async () => {
  const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  try {
    await signIn(page, baseUrl, owner);

    // Plan: all four backlog tasks into Sprint Alpha.
    await page.goto(iterationUrl('/planning'));
    await page.getByRole('combobox', { name: 'Sprint to plan' }).click();
    await page.getByRole('option', { name: /Sprint Alpha/ }).click();
    const backlog = page.getByTestId('planning-backlog');
    for (const task of tasks)
      await backlog.getByRole('checkbox', { name: `Select #${task.issueNumber}` }).check();
    await page.getByRole('button', { name: /Add to sprint/ }).click();
    await expect.poll(async () => (await rowsOf(page.getByTestId('planning-sprint-items'))).length).toBe(4);

    // Start it from the iteration list.
    await page.goto(iterationUrl());
    const card = page.getByTestId(`sprint-card-${first.id}`);
    await card.getByRole('button', { name: 'Start', exact: true }).click();
    await card.getByRole('button', { name: 'Complete', exact: true }).waitFor();

    // Close two tasks in the drawer over the sprint page.
    await card.getByRole('link', { name: 'Sprint Alpha' }).click();
    await page.waitForURL(/\/iteration\/[^/]+$/);
    await completeInDrawer(page, tasks[0]!.issueNumber);
    await completeInDrawer(page, tasks[1]!.issueNumber);

    // Complete it, moving the two unfinished tasks to Sprint Beta.
    await page.getByRole('button', { name: 'Complete', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Complete Sprint Alpha' });
    await dialog.getByTestId('complete-affected').getByText(/2/).waitFor();
    await dialog.getByLabel('Move them to another sprint').check();
    await dialog.getByRole('combobox', { name: 'Target sprint' }).click();
    await page.getByRole('option', { name: /Sprint Beta/ }).click();
    await dialog.getByRole('button', { name: 'Complete sprint' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Sprint Alpha: closed, its record says where the rest went, the burn-down is the snapshot.
    const record = page.getByTestId('completion-record');
    await record.getByText('Carried over (2)').waitFor();
    expect(await record.getByRole('link', { name: /Sprint Beta/ }).count()).toBeGreaterThan(0);
    await page.getByTestId('burn-down-snapshot').waitFor();
    const burnDown = await api.get<BurnDown>(`${pms}/pmsProjectSprint/${first.id}/burnDownChart`);
    const todayPoint = burnDown.days.find((d) => d.date === today)!;
    expect({
      snapshot: burnDown.snapshot,
      remaining: todayPoint.remaining,
      finished: todayPoint.finished,
    }).toEqual({
      snapshot: true,
      remaining: 2,
      finished: 2,
    });
    await snapshot(page, 'iterations-completed');

    // Sprint Beta holds the two carried-over tasks.
    await record
      .getByRole('link', { name: /Sprint Beta/ })
      .first()
      .click();
    await page.waitForURL(new RegExp(`/iteration/${second.id.replace('.', '\\.')}$`));
    const items = page.getByTestId('sprint-items');
    await items.getByText(tasks[2]!.title).waitFor();
    expect(await rowsOf(items)).toHaveLength(2);
    await items.getByText(tasks[3]!.title).waitFor();
  } catch (error) {
    await snapshot(page, 'iterations-failure');
    throw error;
  } finally {
    await page.close();
  }
});
