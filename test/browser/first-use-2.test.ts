/**
 * More of what a new user trips on, in Chromium: the specs table fits at 1280 px with long titles
 * in full on hover, a list's page size is remembered for that list alone, a new work item or spec
 * is offered to open, the work-item drawer lives in the URL (reload and a shared link reopen it),
 * and an author cannot pass the review of their own spec while the product does not allow it.
 */
import { randomBytes } from 'node:crypto';
import type { IssueDetail } from '@shared/schemas/issues';
import type { Product } from '@shared/schemas/products';
import type { Project } from '@shared/schemas/projects';
import type { SpecDetail } from '@shared/schemas/requirements';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { ApiSession } from '../../scripts/lib/api-session';
import { launchBrowser, signIn, snapshot } from './browser';

const baseUrl = inject('baseUrl');
const suffix = randomBytes(3).toString('hex');
const owner = { login: `fu2${suffix}`, nickname: 'Pia Pages', password: 'correct-horse-7' };
const identifier = `first2-${suffix}`;
const pms = `/api/pms/${identifier}`;
const LONG_TITLE =
  'Robots can be renamed without restarting them, and the new name shows on the map, in the logs and in every report at once';

let browser: Browser;
let api: ApiSession;
let product: Product;
let project: Project;
let task: IssueDetail;
let longSpec: SpecDetail;

beforeAll(async () => {
  browser = await launchBrowser();
  api = new ApiSession(baseUrl);
  await api.post('/api/auth/signup', { ...owner, email: `${owner.login}@example.com` });
  await api.post('/api/pms/pmsEnterprise', { identifier, name: 'Pages Ltd' });
  // Authors may not review their own work here (the default).
  product = await api.post<Product>(`${pms}/pmsProduct`, {
    name: 'Fleet',
    identifier: `F${suffix.toUpperCase()}`,
  });
  // Eleven specs: one page of ten and one more, so the page-size choice shows. The long one is
  // the newest, first on the first page.
  for (let n = 1; n <= 10; n += 1) {
    await api.post(`${pms}/productRequirementSpecs`, { productId: product.id, title: `Spec number ${n}` });
  }
  longSpec = await api.post<SpecDetail>(`${pms}/productRequirementSpecs`, {
    productId: product.id,
    title: LONG_TITLE,
  });
  project = await api.post<Project>(`${pms}/pmsProject`, { name: 'Robot Console' });
  task = await api.post<IssueDetail>(`${pms}/pmsProjectIssues/add`, {
    pmsProjectId: project.id,
    pmIssueType: 2,
    title: 'Calibrate the arm',
  });
});

afterAll(async () => {
  await browser?.close();
});

async function newPage(width = 1440): Promise<Page> {
  return (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
}

/** Runs `flow` on a signed-in page; a failure leaves a screenshot named `name`. */
async function onPage(name: string, flow: (page: Page) => Promise<void>, width?: number): Promise<void> {
  const page = await newPage(width);
  try {
    await signIn(page, baseUrl, owner);
    await flow(page);
  } catch (error) {
    await snapshot(page, name);
    throw error;
  } finally {
    await page.context().close();
  }
}

test('the specs table fits at 1280 px, titles in full on hover, and its page size is its own', async () => {
  await onPage(
    'first-use-2-specs',
    async (page) => {
      const specs = `${baseUrl}/${identifier}/products/${product.id}/demand`;
      await page.goto(specs);
      const table = page.getByTestId('spec-table');
      const row = page.getByTestId(`spec-row-${longSpec.number}`);
      await row.waitFor();
      // No cell reaches past the table's right edge (nothing clipped), and the table fits the window.
      const overflow = await table.evaluate((element) => {
        const right = element.getBoundingClientRect().right;
        return [...element.querySelectorAll('th, td')]
          .filter((cell) => cell.getBoundingClientRect().right > right + 1)
          .map((cell) => cell.textContent);
      });
      expect(overflow).toEqual([]);
      expect((await table.boundingBox())!.x + (await table.boundingBox())!.width).toBeLessThanOrEqual(1280);
      // The title cell names the whole title on hover.
      const titled = row.locator(`td[title*="${LONG_TITLE}"]`);
      expect(await titled.getAttribute('title')).toBe(`SR-${longSpec.number} ${LONG_TITLE}`);

      // 20 a page on the specs, kept over a reload; the user requirements keep their 10.
      await page.getByLabel('Rows per page', { exact: true }).click();
      await page.getByRole('option', { name: '20 / page' }).click();
      await page.getByText('1–11 of 11 specs').waitFor();
      await page.reload();
      await page.getByText('1–11 of 11 specs').waitFor();
      expect(await page.getByLabel('Rows per page', { exact: true }).inputValue()).toBe('20 / page');
      await api.post(`${pms}/productUserRequirement`, { productId: product.id, title: 'One need' });
      await page.goto(`${baseUrl}/${identifier}/products/${product.id}`);
      await page.getByText('One need').waitFor();
      expect(
        await page.evaluate(() => window.localStorage.getItem('list-page-size:user-requirements')),
      ).toBeNull();
    },
    1280,
  );
});

test('a new spec and a new work item are offered to open', async () => {
  await onPage('first-use-2-open-new', async (page) => {
    await page.goto(`${baseUrl}/${identifier}/products/${product.id}/demand`);
    await page.getByRole('button', { name: 'New spec' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New spec' });
    await dialog.getByLabel('Title').fill('Operators see battery levels');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.waitFor({ state: 'detached' });
    const notice = page.locator('.mantine-Notification-root', { hasText: 'created' });
    await notice.getByRole('button', { name: 'Open' }).click();
    await page.waitForURL(/\/demand\/[^/?]+$/);
    await page.getByRole('heading', { name: /Operators see battery levels/ }).waitFor();

    await page.goto(`${baseUrl}/${identifier}/projects/${project.id}/task`);
    await page
      .getByRole('button', { name: /New task/ })
      .first()
      .click();
    const create = page.getByRole('dialog', { name: /New task/ });
    await create.getByLabel('Title').fill('Oil the wheels');
    await create.getByRole('button', { name: 'Create' }).click();
    await create.waitFor({ state: 'detached' });
    await page
      .locator('.mantine-Notification-root', { hasText: 'created' })
      .getByRole('button', { name: 'Open' })
      .click();
    await page.getByRole('dialog', { name: /Oil the wheels/ }).waitFor();
    expect(new URL(page.url()).searchParams.get('item')).toBeTruthy();
  });
});

test('the work-item drawer is in the URL: a reload and a shared link reopen it', async () => {
  let shared = '';
  await onPage('first-use-2-drawer', async (page) => {
    await page.goto(`${baseUrl}/${identifier}/projects/${project.id}/task`);
    await page
      .getByRole('link', { name: /Calibrate the arm/ })
      .first()
      .click();
    const drawer = page.getByRole('dialog', { name: `#${task.issueNumber} Calibrate the arm` });
    await drawer.waitFor();
    expect(new URL(page.url()).searchParams.get('item')).toBe(task.id);
    await page.reload();
    await drawer.waitFor();
    shared = page.url();
    // Closing takes it out of the URL.
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    expect(new URL(page.url()).searchParams.get('item')).toBeNull();
  });
  // Someone else's browser (a fresh context), signed in, opens the copied address.
  await onPage('first-use-2-shared', async (page) => {
    await page.goto(shared);
    await page.getByRole('dialog', { name: `#${task.issueNumber} Calibrate the arm` }).waitFor();
  });
});

test("an author cannot pass their own spec's review while the product does not allow it", async () => {
  await onPage('first-use-2-self-review', async (page) => {
    await page.goto(`${baseUrl}/${identifier}/products/${product.id}/demand/${longSpec.id}`);
    const pass = page.getByRole('button', { name: 'Pass review' });
    await pass.waitFor();
    expect(await pass.isDisabled()).toBe(true);
    await pass.locator('xpath=..').hover();
    await page
      .getByRole('tooltip')
      .getByText(`You wrote this; product ${product.name} does not let authors review their own work`)
      .waitFor();
  });
});
