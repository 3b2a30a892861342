/** Debian's Chromium driven by playwright-core (no browser download is possible or needed). */
import { mkdirSync } from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** Saves a screenshot under test-results/ so a failing run can be looked at. */
export async function snapshot(page: Page, name: string): Promise<void> {
  mkdirSync('test-results', { recursive: true });
  await page.screenshot({ path: `test-results/${name}.png`, fullPage: true });
}

/** Signs in on the root host's sign-in page and waits for the enterprise list. */
export async function signIn(
  page: Page,
  baseUrl: string,
  user: { login: string; password: string },
): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Login or email').fill(user.login);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/enterprises/);
}
