/**
 * Tenant subdomains end to end in Chromium: an enterprise made in the path form
 * (`localhost:<port>/{identifier}/...`) is also served at `{identifier}.localhost:<port>/...`
 * (the server runs with ROOT_DOMAIN=localhost, and Chromium resolves `*.localhost` to this
 * machine). The same project list shows in both forms, and links stay in the subdomain form.
 * Sessions are host-only cookies (`sid`/`__Host-sid`), so the subdomain asks to sign in once.
 */
import { randomBytes } from 'node:crypto';
import type { Project } from '@shared/schemas/projects';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { ApiSession } from '../../scripts/lib/api-session';
import { launchBrowser, snapshot } from './browser';

const baseUrl = inject('baseUrl');
const suffix = randomBytes(3).toString('hex');
const owner = { login: `ts${suffix}`, nickname: 'Tess Tenant', password: 'correct-horse-7' };
const identifier = `tenant-${suffix}`;
const tenantOrigin = `http://${identifier}.localhost:${new URL(baseUrl).port}`;

let browser: Browser;
let projects: Project[];

beforeAll(async () => {
  browser = await launchBrowser();
  const api = new ApiSession(baseUrl);
  await api.post('/api/auth/signup', { ...owner, email: `${owner.login}@example.com` });
  await api.post('/api/pms/pmsEnterprise', { identifier, name: 'Tenant Works' });
  projects = [];
  for (const name of ['Atlas', 'Borealis']) {
    projects.push(await api.post<Project>(`/api/pms/${identifier}/pmsProject`, { name }));
  }
});

afterAll(async () => {
  await browser?.close();
});

async function fillSignIn(page: Page): Promise<void> {
  await page.getByLabel('Login or email').fill(owner.login);
  await page.getByLabel('Password', { exact: true }).fill(owner.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function projectNames(page: Page): Promise<string[]> {
  const list = page.getByTestId('project-list');
  await list.waitFor();
  const names = await Promise.all(
    projects.map(async (p) => (await list.getByTestId(`project-card-${p.id}`).isVisible()) && p.name),
  );
  return names.filter((name): name is string => Boolean(name));
}

test('an enterprise made in the path form works on its subdomain, and links stay there', async () => {
  const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  try {
    // Path form on the root host.
    await page.goto(`${baseUrl}/login`);
    await fillSignIn(page);
    await page.waitForURL(/\/enterprises/);
    await page.goto(`${baseUrl}/${identifier}/projects`);
    expect(await projectNames(page)).toEqual(['Atlas', 'Borealis']);

    // Subdomain form: its own sign-in (host-only session), then back to the page asked for.
    await page.goto(`${tenantOrigin}/projects`);
    await page.waitForURL(`${tenantOrigin}/login?**`);
    // The API client's redirect sends the whole address, a route guard its path: either way the
    // address bar's, not the rewritten /{identifier}/projects.
    const goPage = new URL(page.url()).searchParams.get('go_page') ?? '';
    expect(new URL(goPage, tenantOrigin).href).toBe(`${tenantOrigin}/projects`);
    await fillSignIn(page);
    // go_page is the address bar's path, so sign-in comes back to the subdomain form.
    await page.waitForURL(`${tenantOrigin}/projects`);
    expect(await projectNames(page)).toEqual(['Atlas', 'Borealis']);
    await page.goto(`${tenantOrigin}/${identifier}/projects`);
    await page.waitForURL(`${tenantOrigin}/projects`);
    expect(await projectNames(page)).toEqual(['Atlas', 'Borealis']);

    // Links come out in the subdomain form.
    expect(await page.getByTestId('nav-projects').getAttribute('href')).toBe('/projects');
    const atlas = projects[0]!;
    const atlasLink = page.getByTestId(`project-card-${atlas.id}`).getByRole('link', { name: 'Atlas' });
    expect(await atlasLink.getAttribute('href')).toBe(`/projects/${atlas.id}`);

    // Following one stays on the subdomain, and the page is the project's.
    await atlasLink.click();
    await page.waitForURL((url) => url.pathname.startsWith(`/projects/${atlas.id}`));
    expect(new URL(page.url()).origin).toBe(tenantOrigin);
    expect(page.url()).not.toContain(`/${identifier}/`);
    await page.getByRole('heading', { level: 1, name: 'Atlas' }).waitFor();

    // The home link of the enterprise is the subdomain's root.
    await page.getByTestId('nav-home').click();
    await page.waitForURL(`${tenantOrigin}/`);
  } catch (error) {
    await snapshot(page, 'tenant-subdomain');
    throw error;
  } finally {
    await page.context().close();
  }
});
