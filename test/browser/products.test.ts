/**
 * Products end to end in Chromium: create a product, build a two-level module tree, add a user
 * requirement, review it, refine it into a spec, change the spec (the history shows the diff),
 * pass the review, activate it into a plan, and see it on the plan page.
 */
import { randomBytes } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { ApiSession } from '../../scripts/lib/api-session';
import { launchBrowser, signIn, snapshot } from './browser';

const baseUrl = inject('baseUrl');
const suffix = randomBytes(3).toString('hex');
const owner = { login: `po${suffix}`, nickname: 'Priya Owner', password: 'correct-horse-5' };
const identifier = `products-${suffix}`;
const productKey = `FL${suffix.toUpperCase().replace(/[^A-Z0-9]/g, '')}`.slice(0, 10);

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  const api = new ApiSession(baseUrl);
  await api.post('/api/auth/signup', { ...owner, email: `${owner.login}@example.com` });
  await api.post('/api/pms/pmsEnterprise', { identifier, name: 'Products Ltd' });
});

afterAll(async () => {
  await browser?.close();
});

/** Opens a module's menu in the tree and adds a sub-module under it. */
async function addModule(page: Page, name: string, parent?: string): Promise<void> {
  if (parent) {
    await page.getByRole('button', { name: `Actions for ${parent}` }).click();
    await page.getByRole('menuitem', { name: 'Add sub-module' }).click();
  } else {
    await page.getByRole('button', { name: 'Add module' }).click();
  }
  const dialog = page.getByRole('dialog', { name: parent ? 'Add sub-module' : 'Add module' });
  await dialog.getByLabel('Module name').fill(name);
  await dialog.getByRole('button', { name: 'Add' }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** Passes the review of the requirement or spec on the page. */
async function passReview(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Pass review' }).click();
  const dialog = page.getByRole('dialog', { name: /^Review / });
  await dialog.getByRole('button', { name: 'Pass review' }).click();
  await dialog.waitFor({ state: 'detached' });
}

async function expectStatus(scope: Page | Locator, status: string): Promise<void> {
  await scope.getByTestId('requirement-status').filter({ hasText: status }).first().waitFor();
}

test('a product manager takes a need from raw requirement to a planned spec', async () => {
  const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  try {
    await signIn(page, baseUrl, owner);

    // A product.
    await page.goto(`${baseUrl}/${identifier}/products`);
    await page.getByRole('button', { name: 'New product' }).first().click();
    const productDialog = page.getByRole('dialog', { name: 'New product' });
    await productDialog.getByLabel('Product name').fill('Fleet Platform');
    await productDialog.getByLabel('Key').fill(productKey);
    // One person writes and reviews here.
    await productDialog.getByLabel('Authors may review what they wrote').check();
    await productDialog.getByRole('button', { name: 'Create product' }).click();
    await productDialog.waitFor({ state: 'detached' });
    // A new product opens at once.
    await page.waitForURL(/\/products\/[^/]+$/);
    await page.getByRole('heading', { name: 'Fleet Platform' }).waitFor();

    // A two-level module tree.
    await addModule(page, 'Billing');
    await addModule(page, 'Invoices', 'Billing');
    const tree = page.getByRole('tree', { name: 'Modules' });
    await tree.getByText('Invoices', { exact: true }).waitFor();

    // A plan to put the spec in.
    await page.getByRole('tab', { name: 'Plans' }).click();
    await page.getByRole('button', { name: 'New plan' }).first().click();
    const planDialog = page.getByRole('dialog', { name: 'New plan' });
    await planDialog.getByLabel('Title').fill('Release 1.0');
    await planDialog.getByRole('button', { name: 'Create plan' }).click();
    await planDialog.waitFor({ state: 'detached' });

    // A user requirement, filed under Invoices, then reviewed.
    await page.getByRole('tab', { name: 'User requirements' }).click();
    await tree.getByRole('button', { name: 'Expand Billing' }).click();
    await tree.getByText('Invoices', { exact: true }).click();
    await page.getByRole('button', { name: 'New user requirement' }).click();
    const needDialog = page.getByRole('dialog', { name: 'New user requirement' });
    await needDialog.getByLabel('Title').fill('Customers want monthly invoices by email');
    await needDialog.getByRole('button', { name: 'Create' }).click();
    await needDialog.waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Customers want monthly invoices by email' }).click();
    await page.waitForURL(/\/needs\//);
    await expectStatus(page, 'Pending review');
    await passReview(page);
    await expectStatus(page, 'Reviewed');

    // Refined into a spec, which is reviewed, changed (history shows the diff) and passed again.
    await page.getByRole('button', { name: 'Refine into a spec' }).click();
    const refineDialog = page.getByRole('dialog', { name: /Refine/ });
    await refineDialog.getByLabel('Description').fill('Send one invoice per month as a PDF.');
    await refineDialog.getByRole('button', { name: 'Create' }).click();
    await refineDialog.waitFor({ state: 'detached' });
    await expectStatus(page, 'Refined');
    await page.getByTestId('refined-specs').getByRole('link').first().click();
    await page.waitForURL(/\/demand\//);
    await expectStatus(page, 'Pending review');
    await passReview(page);
    await expectStatus(page, 'Reviewed');

    await page.getByRole('button', { name: 'Change', exact: true }).click();
    const changeDialog = page.getByRole('dialog', { name: 'Change' });
    await changeDialog.getByLabel('Description').fill('Send one invoice per month as a PDF and as CSV.');
    await changeDialog.getByLabel('Reason for the change').fill('Accounting asked for CSV');
    await changeDialog.getByRole('button', { name: 'Submit change' }).click();
    await changeDialog.waitFor({ state: 'detached' });
    await expectStatus(page, 'Changed');
    const diff = page.getByTestId('field-diff-description').first();
    await diff.waitFor();
    expect(await diff.locator('ins').allTextContents()).toEqual(
      expect.arrayContaining([expect.stringContaining('CSV')]),
    );
    await page.getByTestId('change-history').getByText('Accounting asked for CSV').waitFor();

    await passReview(page);
    await expectStatus(page, 'Reviewed');

    // Activated into the plan, and found on the plan page.
    await page.getByRole('button', { name: 'Activate into a plan' }).click();
    const planPicker = page.getByRole('dialog', { name: /into a plan/ });
    await planPicker.getByText('Release 1.0').click();
    await planPicker.getByRole('button', { name: 'Activate' }).click();
    await planPicker.waitFor({ state: 'detached' });
    await expectStatus(page, 'Planning');
    await page.getByRole('link', { name: 'Release 1.0' }).first().click();
    await page.waitForURL(/\/plan\/[^/]+$/);
    await page.getByRole('heading', { name: 'Release 1.0' }).waitFor();
    await page.getByRole('table').getByText('Customers want monthly invoices by email').waitFor();
    await snapshot(page, 'products-plan');
  } catch (error) {
    await snapshot(page, 'products-failure');
    throw error;
  } finally {
    await page.close();
  }
});
