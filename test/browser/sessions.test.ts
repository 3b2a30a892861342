/**
 * The account page's sessions in Chromium: one person signed in from three browsers sees all
 * three, signs one out (after a confirmation), then all the others at once; the browsers signed
 * out are sent to the sign-in page on their next visit, the one that did it stays signed in.
 */
import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { launchBrowser, signIn, snapshot } from './browser';

const baseUrl = inject('baseUrl');
const suffix = randomBytes(3).toString('hex');
const person = { login: `roamer${suffix}`, nickname: 'Rosa Roamer', password: 'correct-horse-9' };

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function freshPage(): Promise<Page> {
  return (await browser.newContext()).newPage();
}

async function signUp(page: Page): Promise<void> {
  await page.goto(`${baseUrl}/signup`);
  await page.getByLabel('Login', { exact: true }).fill(person.login);
  await page.getByLabel('Email').fill(`${person.login}@example.com`);
  await page.getByLabel('Nickname').fill(person.nickname);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.waitForURL(/\/enterprises/);
}

/** Whether the page's session still works: the account page opens, or sign-in is asked for. */
async function stillSignedIn(page: Page): Promise<boolean> {
  await page.goto(`${baseUrl}/account/password`);
  const outcome = await Promise.race([
    page
      .getByTestId('sessions')
      .waitFor()
      .then(() => true),
    page.waitForURL(/\/login/).then(() => false),
  ]);
  return outcome;
}

test('sees every session, signs out one after confirming, then everywhere else', async () => {
  const here = await freshPage();
  await signUp(here);
  const [second, third] = [await freshPage(), await freshPage()];
  await signIn(second, baseUrl, person);
  await signIn(third, baseUrl, person);

  await here.goto(`${baseUrl}/account/password`);
  const rows = here.locator('[data-testid^="session-row-"]');
  await expect.poll(() => rows.count()).toBe(3);
  await expect.poll(() => here.getByText('This session').count()).toBe(1);
  await snapshot(here, 'sessions-three');

  // Sign out one of the others: a confirmation first, Cancel changes nothing.
  const signOutButtons = here.getByRole('button', { name: /^Sign out .*, signed in / });
  await signOutButtons.first().click();
  const dialog = here.getByRole('dialog');
  await dialog.getByText('will be signed out').waitFor();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'detached' });
  expect(await rows.count()).toBe(3);

  await signOutButtons.first().click();
  await here.getByRole('dialog').getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect.poll(() => rows.count()).toBe(2);
  const stillIn = [await stillSignedIn(second), await stillSignedIn(third)];
  expect(stillIn.filter(Boolean)).toHaveLength(1);

  // Everywhere else: the last other session ends, this one stays.
  await here.goto(`${baseUrl}/account/password`);
  await expect.poll(() => rows.count()).toBe(2);
  await here.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await here.getByRole('dialog').getByRole('button', { name: 'Sign out everywhere else' }).click();
  await here.getByTestId('sessions-only-this').waitFor();
  expect(await stillSignedIn(second)).toBe(false);
  expect(await stillSignedIn(third)).toBe(false);
  expect(await stillSignedIn(here)).toBe(true);
});
