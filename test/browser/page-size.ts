/** The page-size check the list pages share (the kit's size, remembered per list). */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * A list of 11 `noun` shows 10 at first; choosing 20 a page shows all 11, and the choice is kept
 * over a reload (the kit's page size, remembered per list). `items` are the list's rows or cards.
 */
export async function expectPageSizeKept(page: Page, noun: string, items: Locator): Promise<void> {
  await page.getByText(`1–10 of 11 ${noun}`).waitFor();
  expect(await items.count()).toBe(10);
  await page.getByLabel('Rows per page', { exact: true }).click();
  await page.getByRole('option', { name: '20 / page' }).click();
  await page.getByText(`1–11 of 11 ${noun}`).waitFor();
  await page.reload();
  await page.getByText(`1–11 of 11 ${noun}`).waitFor();
  expect(await items.count()).toBe(11);
  expect(await page.getByLabel('Rows per page', { exact: true }).inputValue()).toBe('20 / page');
}
