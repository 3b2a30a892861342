/**
 * The foundation's end-to-end flow in Chromium: sign up, create an enterprise, add a member,
 * create a role with chosen permissions, give the member only that role, and see the member
 * refused (403 page) where the role does not reach, while the pages it grants still open.
 */
import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { launchBrowser, snapshot } from './browser';

const baseUrl = inject('baseUrl');
const suffix = randomBytes(3).toString('hex');
const owner = { login: `owner${suffix}`, nickname: 'Olivia Owner', password: 'correct-horse-1' };
const member = { login: `member${suffix}`, nickname: 'Max Member', password: 'correct-horse-2' };
const identifier = `e2e-${suffix}`;

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function signUp(page: Page, person: typeof owner): Promise<void> {
  await page.goto(`${baseUrl}/signup`);
  await page.getByLabel('Login', { exact: true }).fill(person.login);
  await page.getByLabel('Email').fill(`${person.login}@example.com`);
  await page.getByLabel('Nickname').fill(person.nickname);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.waitForURL(/\/enterprises/);
}

test('an owner builds a role and a member without a permission gets the 403 page', async () => {
  const memberPage = await (await browser.newContext()).newPage();
  await signUp(memberPage, member);

  const page = await (await browser.newContext()).newPage();
  try {
    await signUp(page, owner);
    await page.getByRole('link', { name: 'Create enterprise' }).first().click();
    await page.getByLabel('Name').fill('End to End Ltd');
    await page.getByLabel('Identifier').fill(identifier);
    await page.getByLabel('Description').fill('Made by the browser test');
    await page.getByRole('button', { name: 'Create enterprise' }).click();
    await page.waitForURL(`${baseUrl}/${identifier}`);

    // Add the member.
    await page.goto(`${baseUrl}/${identifier}/members`);
    await page.getByRole('button', { name: 'Add member' }).click();
    await page.getByLabel('Search users').fill(member.login);
    await page.getByRole('button', { name: `Add ${member.login}` }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('row').filter({ hasText: member.login }).first().waitFor();

    // A role that may only see the member list.
    await page.goto(`${baseUrl}/${identifier}/admin/roles/add`);
    await page.getByLabel('Role name').fill('Member viewer');
    await page.getByLabel('Role key').fill('member-viewer');
    await page.getByLabel('View members', { exact: true }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(`${baseUrl}/${identifier}/admin/roles`);
    await page.getByRole('cell', { name: 'Member viewer', exact: true }).waitFor();

    // The member holds that role only.
    await page.goto(`${baseUrl}/${identifier}/members`);
    await page.getByRole('button', { name: `Change roles of ${member.login}` }).click();
    const roles = page.getByRole('dialog').getByRole('combobox', { name: 'Roles' });
    await roles.click();
    await page.keyboard.press('Backspace');
    await page.getByRole('option', { name: 'Member viewer' }).click();
    await page.keyboard.press('Tab');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await snapshot(page, 'members-after-role-change');

    // The member sees the members page but is refused the roles page.
    await memberPage.goto(`${baseUrl}/${identifier}/members`);
    await memberPage.getByRole('row').filter({ hasText: owner.login }).first().waitFor();
    await memberPage.goto(`${baseUrl}/${identifier}/admin/roles`);
    await memberPage.waitForURL(`${baseUrl}/403`);
    await memberPage.getByText('Access denied').waitFor();
    await snapshot(memberPage, 'member-forbidden');
    expect(memberPage.url()).toBe(`${baseUrl}/403`);
  } catch (error) {
    await snapshot(page, 'owner-failure');
    await snapshot(memberPage, 'member-failure');
    throw error;
  }
});

test('an unknown path shows the 404 page', async () => {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${baseUrl}/no-such-enterprise-${suffix}/no-such-page/7`);
  await page.getByText('Page not found').waitFor();
});
