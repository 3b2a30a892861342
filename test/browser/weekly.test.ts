/**
 * Weekly reports end to end in Chromium: a project manager writes this week's report from the
 * two-table template with an item picked from their items of the week and a row of their own,
 * submits it, sees it in the team view and opens it in the drawer; then reminds the member who
 * has not submitted, prints the team view, and opens her report from the enterprise's weekly page
 * in the drawers the address names; the member finds the reminder on their weekly page.
 */
import { randomBytes } from 'node:crypto';
import type { CurrentUser } from '@shared/schemas/auth';
import type { IssueDetail } from '@shared/schemas/issues';
import type { Project } from '@shared/schemas/projects';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { ApiSession } from '../../scripts/lib/api-session';
import { launchBrowser, signIn, snapshot } from './browser';

const baseUrl = inject('baseUrl');
const suffix = randomBytes(3).toString('hex');
const lead = { login: `wl${suffix}`, nickname: 'Wendy Lead', password: 'correct-horse-7' };
const member = { login: `wm${suffix}`, nickname: 'Milo Member', password: 'correct-horse-8' };
const identifier = `weekly-${suffix}`;
const pms = `/api/pms/${identifier}`;

let browser: Browser;
let project: Project;
let task: IssueDetail;

beforeAll(async () => {
  browser = await launchBrowser();
  const memberApi = new ApiSession(baseUrl);
  const milo = await memberApi.post<CurrentUser>('/api/auth/signup', {
    ...member,
    email: `${member.login}@example.com`,
  });
  const api = new ApiSession(baseUrl);
  const me = await api.post<CurrentUser>('/api/auth/signup', { ...lead, email: `${lead.login}@example.com` });
  await api.post('/api/pms/pmsEnterprise', { identifier, name: 'Weekly Ltd' });
  await api.post(`/api/pms/pmsEnterprise/${identifier}/user/${milo.userId}`);
  project = await api.post<Project>(`${pms}/pmsProject`, { name: 'Fleet Weekly' });
  await api.post(`${pms}/pmsProject/${project.id}/members`, { userIds: [milo.userId] });
  task = await api.post<IssueDetail>(`${pms}/pmsProjectIssues/add`, {
    pmsProjectId: project.id,
    pmIssueType: 2,
    title: 'Battery alerts',
    assigneeId: me.userId,
  });
  task = await api.put<IssueDetail>(`${pms}/pmsProjectIssues/edit/${task.id}`, {
    version: task.version,
    status: 2,
  });
});

afterAll(async () => {
  await browser?.close();
});

async function newPage(): Promise<Page> {
  return (await browser.newContext({ viewport: { width: 1440, height: 1000 } })).newPage();
}

test('a manager writes and submits the week from the two-table template, and the team view shows it', async () => {
  const page = await newPage();
  try {
    await signIn(page, baseUrl, lead);
    // The project's Weekly tab.
    await page.goto(`${baseUrl}/${identifier}/projects/${project.id}`);
    await page.getByRole('tab', { name: 'Weekly' }).click();
    await page.waitForURL(/\/weekly/);
    const mine = page.getByTestId('my-report');
    await mine.getByTestId('report-status').getByText('Not submitted').waitFor();

    // The two-table form, with the task picked from "In progress" into this week.
    await mine.getByRole('combobox', { name: 'Template' }).click();
    await page.getByRole('option', { name: 'Two-table form' }).click();
    const picker = mine.getByTestId('item-picker');
    await picker.getByRole('tab', { name: /In progress/ }).click();
    await picker.getByRole('button', { name: `Add #${task.issueNumber} to this week` }).click();
    const table = mine.getByTestId('table-thisWeek');
    await table.getByText(`#${task.issueNumber} Battery alerts`).waitFor();
    await mine.getByRole('textbox', { name: `Completion of #${task.issueNumber}` }).fill('60');
    await mine.getByRole('button', { name: "Add a row to This week's work" }).click();
    await table.getByRole('textbox', { name: 'Major item of row 2' }).fill('Release notes for 1.4');
    await table.getByRole('textbox', { name: 'Person of row 2' }).fill('Wendy');
    await table.getByRole('textbox', { name: 'Progress of row 2' }).fill('100');
    await mine.getByRole('button', { name: 'Submit' }).click();
    await mine.getByTestId('report-status').getByText('Submitted').waitFor();

    // The team view: Wendy submitted, Milo not.
    const team = page.getByTestId('weekly-team');
    await team.getByTestId(`team-member-${lead.login}`).getByText('Submitted').waitFor();
    await team.getByTestId(`team-member-${member.login}`).getByText('Not submitted').waitFor();

    // Her report in the drawer: what she wrote, the item at 60 %, and its history.
    await team.getByTestId(`team-member-${lead.login}`).getByRole('link', { name: 'Open report' }).click();
    await page.waitForURL(/\/weekly\/[^/]+$/);
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('tab', { name: "Week's work" }).click();
    const items = drawer.getByTestId('week-work-items');
    await items.getByText(`#${task.issueNumber} Battery alerts`).waitFor();
    await drawer.getByText('As submitted').waitFor();
    await drawer.getByRole('tab', { name: 'History' }).click();
    await drawer.getByTestId('revision-1').getByText('submitted the report').waitFor();
    await snapshot(page, 'weekly-drawer');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });

    // Remind the member who has not submitted.
    await page.getByRole('button', { name: 'Remind the 1 not submitted' }).click();
    await page.getByText('Reminded Milo Member').waitFor();

    // Printed, the page is a document: the team and the counts, without header, project tabs, picker or buttons.
    await page.emulateMedia({ media: 'print' });
    expect(await team.isVisible()).toBe(true);
    expect(await page.locator('header').isVisible()).toBe(false);
    expect(await page.getByRole('tab', { name: 'Weekly' }).isVisible()).toBe(false);
    await page.getByRole('heading', { name: /^Fleet Weekly · Weekly reports · / }).waitFor();
    expect(await page.getByTestId('week-picker').isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    await page.emulateMedia({ media: 'screen' });

    // The enterprise's weekly page: the project she leads, her report in drawers 1, 2 and 3.
    await page.goto(`${baseUrl}/${identifier}/weekly`);
    const led = page.getByTestId(`led-${project.id}`);
    await led.getByText('1 of 2 submitted').waitFor();
    await led.getByRole('link', { name: lead.nickname }).click();
    await page.waitForURL(new RegExp(`/${identifier}/weekly/1/[^/]+$`));
    const byAddress = page.getByRole('dialog');
    // Drawer 1 is the report as written; to its author, the form while the week is open.
    const row = byAddress.getByRole('textbox', { name: 'Major item of row 2' });
    await row.waitFor();
    expect(await row.inputValue()).toBe('Release notes for 1.4');
    await byAddress.getByRole('tab', { name: 'History' }).click();
    await page.waitForURL(new RegExp(`/${identifier}/weekly/3/[^/]+$`));
    await byAddress.getByTestId('revision-1').waitFor();
  } catch (error) {
    await snapshot(page, 'weekly-failure');
    throw error;
  } finally {
    await page.context().close();
  }
});

test('the member who did not submit sees the reminder on the weekly page', async () => {
  const page = await newPage();
  try {
    await signIn(page, baseUrl, member);
    await page.goto(`${baseUrl}/${identifier}/weekly`);
    const reminder = page.getByTestId('weekly-reminder');
    await reminder
      .getByText(/Your weekly report of Fleet Weekly for the week of \d{4}-\d{2}-\d{2} is not submitted yet/)
      .waitFor();
    await page.getByTestId(`my-report-${project.id}`).getByText('Not submitted').waitFor();
    // The lead's report is submitted: Milo, a member of the project, may read it from the team view.
    await reminder.getByRole('link', { name: 'Write it' }).click();
    await page.waitForURL(new RegExp(`/projects/${project.id}/weekly`));
    await page
      .getByTestId('weekly-team')
      .getByTestId(`team-member-${lead.login}`)
      .getByText('Submitted')
      .waitFor();
    // And write their own from there: the form and the picker of their items are ready.
    await page.getByTestId('my-report').getByTestId('item-picker').waitFor();
    expect(await page.getByTestId('my-report').getByRole('button', { name: 'Submit' }).isEnabled()).toBe(
      true,
    );
  } catch (error) {
    await snapshot(page, 'weekly-reminder-failure');
    throw error;
  } finally {
    await page.context().close();
  }
});
