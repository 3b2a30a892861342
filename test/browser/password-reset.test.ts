/**
 * Password reset in Chromium, end to end through the real mail catcher: "Forgot password?" on
 * the sign-in page, the mail read from MailDev (the one `npm start` runs beside the server), its
 * link opened, a new password chosen, and a sign-in with it (the old one no longer works).
 */
import { randomBytes } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { ApiSession } from '../../scripts/lib/api-session';
import { launchBrowser, signIn } from './browser';

const baseUrl = inject('baseUrl');
const suffix = randomBytes(3).toString('hex');
const person = { login: `rst${suffix}`, nickname: 'Rhea Reset', password: 'old-horse-battery-1' };
const email = `${person.login}@example.com`;
const NEW_PASSWORD = 'new-horse-battery-2';
/** The mail goes out from a queue after the request answers: give a busy machine time. */
const WAIT = { timeout: 20_000, interval: 300 };

/** The web inbox of the catcher the server sends to (test/setup/browser-server.ts). */
const catcherUrl = inject('mailCatcherUrl');

interface CaughtMail {
  subject: string;
  text: string;
  to: { address: string }[];
}

async function resetLinkFor(address: string): Promise<string | undefined> {
  const mails = (await (await fetch(`${catcherUrl}/email`)).json()) as CaughtMail[];
  const mail = mails.filter((m) => m.to.some((to) => to.address === address)).at(-1);
  return mail?.text.match(/https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+/)?.[0];
}

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  await new ApiSession(baseUrl).post('/api/auth/signup', { ...person, email });
});

afterAll(async () => {
  await browser?.close();
});

test('a reset asked on the sign-in page arrives by mail; its link sets a new password to sign in with', async () => {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await page.goto(`${baseUrl}/login`);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await page.waitForURL(/\/forgot-password/);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await page.getByTestId('forgot-sent').waitFor({ timeout: 10_000 });

  let link: string | undefined;
  await expect
    .poll(async () => {
      link = await resetLinkFor(email);
      return link ?? '';
    }, WAIT)
    .toContain('/reset-password?token=');

  await page.goto(link!);
  await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Set the new password' }).click();
  await page.getByTestId('reset-done').waitFor({ timeout: 10_000 });

  // The old password no longer signs in; the new one does.
  const refused = await fetch(`${baseUrl}/api/auth/signin`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest', Origin: baseUrl },
    body: JSON.stringify({ login: person.login, password: person.password }),
  });
  expect(refused.status).toBe(400);
  const fresh = await (await browser.newContext()).newPage();
  await signIn(fresh, baseUrl, { login: person.login, password: NEW_PASSWORD });
  expect(fresh.url()).toMatch(/\/enterprises/);

  // The link worked once.
  await page.goto(link!);
  await page.getByLabel('Password', { exact: true }).fill('third-horse-battery-3');
  await page.getByRole('button', { name: 'Set the new password' }).click();
  await expect
    .poll(async () => (await page.getByTestId('reset-problem').textContent()) ?? '', WAIT)
    .toContain('already been used');
});
