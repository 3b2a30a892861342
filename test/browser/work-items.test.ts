/**
 * Work items end to end in Chromium: create a project, add a member, create a demand with two
 * child tasks, assign one, comment, change status and priority, filter the list by status and
 * owner, link a bug to the demand, and see the history and the overview charts reflect it.
 */
import { randomBytes } from 'node:crypto';
import type { PieBarChart } from '@shared/schemas/projects';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { ApiSession } from '../../scripts/lib/api-session';
import { launchBrowser, signIn, snapshot } from './browser';

const baseUrl = inject('baseUrl');
const suffix = randomBytes(3).toString('hex');
const owner = { login: `pm${suffix}`, nickname: 'Paula Manager', password: 'correct-horse-3' };
const member = { login: `dev${suffix}`, nickname: 'Devon Builder', password: 'correct-horse-4' };
const identifier = `items-${suffix}`;

let browser: Browser;

/** The owner and the member sign up, and the owner makes the enterprise with the member in it. */
async function prepareEnterprise(): Promise<void> {
  const ownerApi = new ApiSession(baseUrl);
  await ownerApi.post('/api/auth/signup', { ...owner, email: `${owner.login}@example.com` });
  const memberApi = new ApiSession(baseUrl);
  const me = await memberApi.post<{ userId: string }>('/api/auth/signup', {
    ...member,
    email: `${member.login}@example.com`,
  });
  await ownerApi.post('/api/pms/pmsEnterprise', { identifier, name: 'Work Items Ltd' });
  await ownerApi.post(`/api/pms/pmsEnterprise/${identifier}/user/${me.userId}`);
}

beforeAll(async () => {
  browser = await launchBrowser();
  await prepareEnterprise();
});

afterAll(async () => {
  await browser?.close();
});

/** Picks an option of a Mantine select or multi-select by the field's accessible name. */
async function choose(
  page: Page,
  scope: Page | ReturnType<Page['getByRole']>,
  field: string,
  option: string,
) {
  await scope.getByRole('combobox', { name: field, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function addChildTask(page: Page, drawer: ReturnType<Page['getByRole']>, title: string, n: number) {
  await drawer.getByRole('button', { name: 'Add child' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add child' });
  await dialog.getByText('Task', { exact: true }).click();
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await drawer.getByTestId(`ref-${n}`).waitFor();
}

test('a team plans a demand with tasks, works it, links a bug and sees it all on the overview', async () => {
  const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  try {
    await signIn(page, baseUrl, owner);

    // A project, with the member added to it.
    await page.goto(`${baseUrl}/${identifier}/projects`);
    await page.getByRole('button', { name: 'New project' }).first().click();
    await page.getByLabel('Project name').fill('Robot Console');
    await page.getByLabel('Description').fill('Made by the browser test');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(new RegExp(`/${identifier}/projects/[^/]+$`));
    const projectUrl = page.url();
    await page.getByRole('button', { name: 'Add members' }).click();
    const membersDialog = page.getByRole('dialog');
    await membersDialog.getByLabel(`${member.nickname} (@${member.login})`).check();
    await membersDialog.getByRole('button', { name: 'Add members' }).click();
    await page.getByTestId(`project-member-${member.login}`).waitFor();

    // A demand with two child tasks.
    await page.getByRole('tab', { name: 'Demands' }).click();
    await page.getByRole('button', { name: 'New demand' }).first().click();
    await page
      .getByRole('dialog', { name: 'New demand' })
      .getByLabel('Title')
      .fill('Pause every robot at once');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('link', { name: /#1 / }).click();
    const drawer = page.getByRole('dialog', { name: '#1 Pause every robot at once' });
    await drawer.waitFor();
    await drawer.getByRole('tab', { name: 'Children' }).click();
    await addChildTask(page, drawer, 'Add the pause endpoint', 2);
    await addChildTask(page, drawer, 'Add the pause button', 3);

    // Assign one child: open it from the children list.
    await drawer.getByTestId('ref-2').getByRole('link').click();
    const child = page.getByRole('dialog', { name: '#2 Add the pause endpoint' });
    await child.waitFor();
    await choose(page, child, 'Assignee', member.nickname);
    await child.getByRole('tab', { name: 'History' }).click();
    await child.getByText(`Assignee: none → ${member.nickname}`).waitFor();
    await page.keyboard.press('Escape');

    // Comment on the demand, then move its status and priority.
    await page.goto(`${projectUrl}/demand`);
    await page.getByRole('link', { name: /#1 / }).click();
    await drawer.waitFor();
    await drawer.getByRole('tab', { name: 'Comments' }).click();
    await drawer
      .getByLabel('Comment', { exact: true })
      .fill('Agreed with the customer: **ship before the pilot**.');
    await drawer.getByRole('button', { name: 'Comment', exact: true }).click();
    await drawer.getByText('ship before the pilot').waitFor();
    await choose(page, drawer, 'Status', 'In progress');
    await expect
      .poll(() => drawer.getByRole('combobox', { name: 'Status', exact: true }).inputValue())
      .toBe('In progress');
    await choose(page, drawer, 'Priority', 'Urgent');
    await drawer.getByRole('tab', { name: 'History' }).click();
    await drawer.getByText('Status: Pending review → In progress').waitFor();
    await drawer.getByText('Priority: Normal → Urgent').waitFor();
    await page.keyboard.press('Escape');

    // A bug, linked to the demand.
    await page.getByRole('tab', { name: 'Bugs' }).click();
    await page.getByRole('button', { name: 'New bug' }).first().click();
    await page
      .getByRole('dialog', { name: 'New bug' })
      .getByLabel('Title')
      .fill('Pause ignores docked robots');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('link', { name: /#4 / }).click();
    const bug = page.getByRole('dialog', { name: '#4 Pause ignores docked robots' });
    await bug.getByRole('tab', { name: 'Links' }).click();
    await bug.getByRole('button', { name: 'Link work item' }).click();
    await bug.getByLabel('Search work items').fill('#1');
    await page.getByRole('option', { name: /#1 / }).click();
    await bug.getByTestId('ref-1').waitFor();
    await page.keyboard.press('Escape');

    // The task list, filtered by status and owner: only the assigned task.
    await page.getByRole('tab', { name: 'Tasks' }).click();
    await page.getByRole('link', { name: /#3 / }).waitFor();
    await choose(page, page, 'Filter by owner', member.nickname);
    await page.keyboard.press('Escape');
    await choose(page, page, 'Filter by status', 'Pending');
    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: /#3 / }).waitFor({ state: 'detached' });
    const table = page.getByTestId('work-item-table');
    await expect
      .poll(() => table.getByRole('link').allTextContents())
      .toEqual([expect.stringContaining('#2')]);
    await snapshot(page, 'work-items-filtered');

    // The demand's history and links, on its full page.
    await page.goto(`${projectUrl}/demand`);
    await page.getByRole('link', { name: /#1 / }).click();
    await drawer.getByRole('link', { name: 'Open full page' }).click();
    await page.waitForURL(/\/demand\/[^/]+$/);
    await drawer.waitFor({ state: 'detached' });
    await page.getByRole('tab', { name: 'Links' }).click();
    await page.getByTestId('ref-4').waitFor();
    await page.getByRole('tab', { name: 'History' }).click();
    await page.getByText('Status: Pending review → In progress').waitFor();

    // The overview: charts are fed the real counts, and the feed tells the story.
    const chartData = page.waitForResponse((r) => r.url().includes('/statistics/pie-barChart'));
    await page.goto(projectUrl);
    const pieBar = ((await (await chartData).json()) as { data: PieBarChart }).data;
    const byKind = Object.fromEntries(pieBar.kinds.map((k) => [k.name, k.total]));
    expect(byKind).toMatchObject({ Demands: 1, Tasks: 2, Bugs: 1 });
    const demandStatuses = pieBar.kinds.find((k) => k.pmIssueType === 1)!.statuses;
    expect(demandStatuses.find((s) => s.status === 2)?.count).toBe(1);
    await page.getByLabel('Work items by kind').waitFor();
    await page.getByLabel('Work items by status').waitFor();
    await page.getByLabel('Created and closed per day').waitFor();
    const feed = page.getByTestId('activity-feed');
    await feed.getByText('Pause ignores docked robots').first().waitFor();
    await feed.getByText('Status: Pending review → In progress').first().waitFor();
    await snapshot(page, 'work-items-overview');
  } catch (error) {
    await snapshot(page, 'work-items-failure');
    throw error;
  }
});
