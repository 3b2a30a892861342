/**
 * Test management end to end in Chromium: import a spreadsheet of cases (one row refused), make a
 * test sheet, pick its cases from the library, record passed, failed and blocked results, file a
 * bug from the failed case, make a report whose charts and figures reflect it all, and link a case
 * to the bug from the bug's page (and unlink it again).
 */
import { randomBytes } from 'node:crypto';
import { CASE_SHEET_COLUMNS } from '@shared/domain/testing';
import type { Page as ListPage } from '@shared/schemas/common';
import type { IssueDetail } from '@shared/schemas/issues';
import type { Project } from '@shared/schemas/projects';
import type { CaseRow } from '@shared/schemas/testcases';
import type { SheetCaseDetail } from '@shared/schemas/testruns';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import { ApiSession } from '../../scripts/lib/api-session';
import { launchBrowser, signIn, snapshot } from './browser';

const baseUrl = inject('baseUrl');
const suffix = randomBytes(3).toString('hex');
const owner = { login: `qa${suffix}`, nickname: 'Quinn Tester', password: 'correct-horse-7' };
const identifier = `tests-${suffix}`;
const pms = `/api/pms/${identifier}`;
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A case of the spreadsheet: its title, module path, steps and expected results. */
interface CaseLine {
  title: string;
  module: string;
  steps: string[];
  expected: string[];
}

const ADD_TO_CART: CaseLine = {
  title: 'Add an item to the cart',
  module: 'Shop/Cart',
  steps: ['Open a product page', 'Click Add to cart'],
  expected: ['The page shows the price', 'The cart badge shows 1'],
};
const PAY_WITH_CARD: CaseLine = {
  title: 'Pay with a saved card',
  module: 'Shop/Payment',
  steps: ['Choose the saved card', 'Confirm the payment'],
  expected: ['The card is selected', 'The receipt shows'],
};
const APPLY_DISCOUNT: CaseLine = {
  title: 'Apply a discount code',
  module: 'Shop/Cart',
  steps: ['Type SAVE10 in the code field'],
  expected: ['The total drops by 10%'],
};
const PRINT_INVOICE: CaseLine = {
  title: 'Print the invoice',
  module: 'Shop/Payment',
  steps: ['Open a paid order', 'Click Print'],
  expected: ['', 'The print dialog opens'],
};
const CASES = [ADD_TO_CART, PAY_WITH_CARD, APPLY_DISCOUNT, PRINT_INVOICE];
const SHEET = 'Release 1.0 regression';
const FAIL_NOTE = 'The payment spinner never stops';
const BLOCK_NOTE = 'The discount service is down on staging';

const numbered = (lines: string[]) => lines.map((line, i) => `${i + 1}. ${line}`).join('\n');

function caseRow(line: CaseLine): string[] {
  const byColumn: Record<(typeof CASE_SHEET_COLUMNS)[number], string> = {
    ID: '',
    Title: line.title,
    Module: line.module,
    Type: 'Functional',
    Priority: 'High',
    Tags: '',
    Preconditions: 'Signed in as a shopper',
    Steps: numbered(line.steps),
    'Expected results': numbered(line.expected),
    Remark: '',
  };
  return CASE_SHEET_COLUMNS.map((column) => byColumn[column]);
}

/**
 * The library to import: the header, then the four cases with, as spreadsheet row 5, a row
 * without a title (the server refuses it alone and imports the rest).
 */
async function caseFile(): Promise<Buffer> {
  const untitled = caseRow({ ...APPLY_DISCOUNT, title: '' });
  const rows = [[...CASE_SHEET_COLUMNS], ...CASES.slice(0, 3).map(caseRow), untitled, caseRow(PRINT_INVOICE)];
  return writeXlsxFile(rows.map((cells) => cells.map((value) => ({ value })))).toBuffer();
}

let browser: Browser;
let api: ApiSession;
let project: Project;

beforeAll(async () => {
  browser = await launchBrowser();
  api = new ApiSession(baseUrl);
  await api.post('/api/auth/signup', { ...owner, email: `${owner.login}@example.com` });
  await api.post('/api/pms/pmsEnterprise', { identifier, name: 'Tests Ltd' });
  project = await api.post<Project>(`${pms}/pmsProject`, { name: 'Web Shop' });
});

afterAll(async () => {
  await browser?.close();
});

/** Imports the generated spreadsheet from the case library's import dialog. */
async function importCases(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Import', exact: true }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Import cases' });
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: 'web-shop-cases.xlsx', mimeType: XLSX_TYPE, buffer: await caseFile() });
  await dialog.getByText('web-shop-cases.xlsx').waitFor();
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  const report = dialog.getByTestId('import-report');
  await report.getByText('web-shop-cases.xlsx: 5 rows read, 1 rejected.').waitFor();
  expect(await figure(report, 'Created')).toBe('4');
  expect(await figure(report, 'Updated')).toBe('0');
  // Shop, Shop/Cart and Shop/Payment: the Module paths make the tree.
  expect(await figure(report, 'Modules created')).toBe('3');
  expect(await report.getByTestId('rejected-rows').locator('tbody tr').allInnerTexts()).toEqual([
    expect.stringMatching(/^5\s+Title: Please enter title$/),
  ]);
  await snapshot(page, 'test-management-import');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** The number above a label in the import report's figures. */
async function figure(report: Locator, label: string): Promise<string> {
  const box = report
    .locator('.mantine-Paper-root')
    .filter({ has: report.page().getByText(label, { exact: true }) });
  return (await box.locator('p').first().innerText()).trim();
}

/** A sheet case's row in the sheet's table, by its title. */
const sheetRow = (page: Page, title: string) =>
  page.getByTestId('sheet-cases').locator('tbody tr').filter({ hasText: title });

/** Records Fail or Block on a row: the button asks for a note in a popover first. */
async function recordWithNote(page: Page, title: string, action: 'Fail' | 'Block', note: string) {
  await sheetRow(page, title)
    .getByRole('button', { name: new RegExp(`^${action} TC-\\d+$`) })
    .click();
  const label = action === 'Fail' ? 'What happened' : 'What blocks it';
  const popover = page.getByRole('dialog').filter({ has: page.getByLabel(label) });
  await popover.getByLabel(label).fill(note);
  await popover.getByRole('button', { name: action, exact: true }).click();
  await popover.waitFor({ state: 'detached' });
}

/** The titles of the cases linked to a work item, as the case list answers them. */
async function linkedCaseTitles(issueId: string): Promise<string[]> {
  const query = new URLSearchParams({ pmsProjectId: project.id, issueId, pageNum: '1', pageSize: '20' });
  const list = await api.get<ListPage<CaseRow>>(`${pms}/pmsProjectTestcase/list?${query}`);
  return list.rows.map((row) => row.title);
}

/**
 * On the bug's page: the case it was filed from is linked already; links another case in the
 * Test cases tab through the library's picker, sees it listed (and the server agree), then
 * unlinks it from its row.
 */
async function linkAndUnlinkCase(page: Page, bug: IssueDetail): Promise<void> {
  await page.goto(`${baseUrl}/${identifier}/projects/${project.id}/bug/${bug.id}`);
  await page.getByRole('tab', { name: 'Test cases' }).click();
  const panel = page.getByTestId('linked-cases');
  const caseLink = (line: CaseLine) =>
    panel.getByRole('link', { name: new RegExp(`^TC-\\d+ ${line.title}$`) });
  await caseLink(PAY_WITH_CARD).waitFor();
  await panel.getByRole('button', { name: 'Link cases' }).click();
  const picker = page.getByRole('dialog', { name: 'Link cases' });
  await picker.locator('tbody tr').filter({ hasText: PRINT_INVOICE.title }).getByRole('checkbox').check();
  await snapshot(page, 'test-management-link-picker');
  await picker.getByRole('button', { name: 'Link 1 case' }).click();
  await picker.waitFor({ state: 'detached' });
  const link = caseLink(PRINT_INVOICE);
  await link.waitFor();
  expect(await link.getAttribute('href')).toMatch(/\/test\/case\/caseDetail\/[^/]+$/);
  // The case list answers newest number first.
  expect(await linkedCaseTitles(bug.id)).toEqual([PRINT_INVOICE.title, PAY_WITH_CARD.title]);
  await snapshot(page, 'test-management-linked-cases');

  const code = (await link.innerText()).split(/\s/)[0]!;
  await panel.getByRole('button', { name: `Unlink ${code}` }).click();
  await link.waitFor({ state: 'detached' });
  expect(await linkedCaseTitles(bug.id)).toEqual([PAY_WITH_CARD.title]);
}

async function expectResult(page: Page, title: string, result: string): Promise<void> {
  await sheetRow(page, title).getByText(result, { exact: true }).waitFor();
}

/**
 * The chart container a screen reader knows by `name` holds an echarts canvas with a picture on
 * it. echarts animates its first draw (about a second, longer on a busy machine): the picture is
 * final once two reads in a row, 200 ms apart, agree.
 */
async function expectDrawn(page: Page, name: RegExp): Promise<void> {
  // A chart is drawn once its box nears the screen.
  await page.getByRole('img', { name }).first().scrollIntoViewIfNeeded();
  const canvas = page.getByRole('img', { name }).locator('canvas').first();
  let last = '';
  await expect
    .poll(
      async () => {
        const picture = await canvas.evaluate((element: HTMLCanvasElement) => {
          const blank = document.createElement('canvas');
          blank.width = element.width;
          blank.height = element.height;
          const drawn = element.toDataURL();
          return element.width > 0 && drawn !== blank.toDataURL() ? drawn : '';
        });
        const state = picture === '' ? 'blank' : picture === last ? 'drawn' : 'animating';
        last = picture;
        return state;
      },
      { timeout: 15_000, interval: 200 },
    )
    .toBe('drawn');
}

test('a tester imports cases, runs a sheet, files a bug from a failure, reports on it and links a case to the bug', async () => {
  const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  try {
    await signIn(page, baseUrl, owner);

    // The case library, filled from a spreadsheet: four cases in, the untitled row refused.
    await page.goto(`${baseUrl}/${identifier}/projects/${project.id}`);
    await page.getByRole('tab', { name: 'Tests' }).click();
    await page.waitForURL(/\/test\/case$/);
    await page.getByTestId('cases-empty').waitFor();
    await importCases(page);
    const library = page.getByTestId('case-table');
    for (const line of CASES) await library.getByText(line.title, { exact: true }).waitFor();
    expect(await library.locator('tbody tr').count()).toBe(4);
    await page.getByText('4 in total').waitFor();

    // A test sheet, made in its form.
    await page.getByRole('tab', { name: 'Test sheets' }).click();
    await page.getByRole('button', { name: 'Create a test sheet' }).click();
    const sheetDialog = page.getByRole('dialog', { name: 'New test sheet' });
    await sheetDialog.getByLabel('Name').fill(SHEET);
    await sheetDialog.getByRole('button', { name: 'Create sheet' }).click();
    await sheetDialog.waitFor({ state: 'detached' });
    const header = page.getByTestId('sheet-header');
    await header.getByRole('heading', { name: SHEET }).waitFor();
    await header.getByText('Not started', { exact: true }).waitFor();

    // Its cases, ticked one by one in the library's select dialog.
    await header.getByRole('button', { name: 'Add cases' }).click();
    const picker = page.getByRole('dialog', { name: `Add cases to ${SHEET}` });
    for (const line of CASES) {
      await picker.locator('tbody tr').filter({ hasText: line.title }).getByRole('checkbox').check();
    }
    await picker.getByTestId('case-select-count').getByText('4 selected').waitFor();
    await picker.getByRole('button', { name: 'Add 4 cases' }).click();
    await picker.waitFor({ state: 'detached' });
    for (const line of CASES) await expectResult(page, line.title, 'Not executed');
    await page.getByText('4 in the sheet').waitFor();

    // Results: one passed, one failed and one blocked (each with a note), one left to run.
    await sheetRow(page, ADD_TO_CART.title)
      .getByRole('button', { name: /^Pass TC-\d+$/ })
      .click();
    await expectResult(page, ADD_TO_CART.title, 'Passed');
    await recordWithNote(page, PAY_WITH_CARD.title, 'Fail', FAIL_NOTE);
    await expectResult(page, PAY_WITH_CARD.title, 'Failed');
    await recordWithNote(page, APPLY_DISCOUNT.title, 'Block', BLOCK_NOTE);
    await expectResult(page, APPLY_DISCOUNT.title, 'Blocked');
    await expectResult(page, PRINT_INVOICE.title, 'Not executed');
    await header.getByText('In progress', { exact: true }).waitFor();
    await expect
      .poll(() => header.locator('p').allInnerTexts())
      .toEqual(
        expect.arrayContaining(['Passed 1', 'Failed 1', 'Blocked 1', 'Not executed 1', 'Pass rate 33%']),
      );
    await snapshot(page, 'test-management-sheet');

    // A bug filed from the failed case's drawer, linked to it at once.
    await sheetRow(page, PAY_WITH_CARD.title).getByRole('link', { name: PAY_WITH_CARD.title }).click();
    await page.waitForURL(/\/caseDetail\/[^/]+$/);
    const sheetCaseId = page.url().split('/').pop()!;
    const drawer = page.getByRole('dialog', { name: new RegExp(PAY_WITH_CARD.title) });
    await drawer.getByTestId('run-history').getByText(FAIL_NOTE).waitFor();
    await drawer.getByRole('button', { name: 'File a bug' }).click();
    const bugDialog = page.getByRole('dialog', { name: /^File a bug from TC-\d+$/ });
    const bugTitle = await bugDialog.getByLabel('Title').inputValue();
    expect(bugTitle).toMatch(new RegExp(`^\\[TC-\\d+\\] ${PAY_WITH_CARD.title} failed$`));
    await bugDialog.getByRole('button', { name: 'File bug' }).click();
    const filed = page.getByRole('dialog', { name: 'Bug filed' });
    await filed.getByRole('link', { name: `#1 ${bugTitle}` }).waitFor();
    await filed.getByRole('button', { name: 'Done' }).click();
    await filed.waitFor({ state: 'detached' });
    await drawer
      .getByTestId('linked-issues')
      .getByRole('link', { name: `#1 ${bugTitle}` })
      .waitFor();

    // The bug exists, and its description carries the case's steps and the failure's note.
    const sheetCase = await api.get<SheetCaseDetail>(`${pms}/pmsProjectTestsheetCases/${sheetCaseId}`);
    expect(sheetCase.linkedIssues.map((issue) => issue.title)).toEqual([bugTitle]);
    const bug = await api.get<IssueDetail>(`${pms}/pmsProjectIssues/${sheetCase.linkedIssues[0]!.id}`);
    expect({ kind: bug.pmIssueType, title: bug.title }).toEqual({ kind: 3, title: bugTitle });
    expect(bug.description).toContain(
      '1. Choose the saved card\n   - Expected: The card is selected\n2. Confirm the payment\n   - Expected: The receipt shows',
    );
    expect(bug.description).toContain(`### Actual result\n\n${FAIL_NOTE}`);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    await sheetRow(page, PAY_WITH_CARD.title).getByLabel('1 linked').waitFor();

    // A report from the sheet, with its three charts drawn and the figures of the snapshot.
    await page.getByRole('tab', { name: 'Reports' }).click();
    await page.getByRole('button', { name: 'Create a report' }).click();
    const reportDialog = page.getByRole('dialog', { name: 'New test report' });
    await reportDialog.getByRole('combobox', { name: 'Test sheet' }).click();
    await page.getByRole('option', { name: `${SHEET} (4 cases)` }).click();
    await expect
      .poll(() => reportDialog.getByLabel('Name').inputValue())
      .toMatch(new RegExp(`^${SHEET} report `));
    await reportDialog.getByRole('button', { name: 'Create report' }).click();
    await reportDialog.waitFor({ state: 'detached' });
    await page.getByTestId('report-header').getByText(SHEET, { exact: true }).waitFor();

    const charts = page.getByTestId('report-charts');
    for (const title of ['Pass rate', 'Results by module', 'Bugs by priority']) {
      await charts.getByRole('heading', { name: title }).waitFor();
    }
    await expectDrawn(page, /^Pass rate chart\./);
    await expectDrawn(page, /^Results by module\./);
    await expectDrawn(page, /^Bugs by priority\./);
    // 1 passed of 3 executed: the case not run counts for nothing (passRate in the shared domain).
    expect(await charts.getByTestId('report-pass-rate').innerText()).toBe('33%');
    await charts
      .getByText('Pass rate 33% of 3 executed; 4 cases: 1 not executed, 1 passed, 1 failed, 1 blocked.', {
        exact: true,
      })
      .waitFor();
    await charts
      .getByText('Shop / Cart: 1 passed, 1 blocked; Shop / Payment: 1 failed, 1 not executed', {
        exact: true,
      })
      .waitFor();
    await charts.getByText('1 bug linked: 1 high.', { exact: true }).waitFor();
    await page.getByTestId('report-cases').getByText(FAIL_NOTE).waitFor();
    await snapshot(page, 'test-management-report');

    // A case linked to the bug from the bug's own page, then unlinked.
    await linkAndUnlinkCase(page, bug);
  } catch (error) {
    await snapshot(page, 'test-management-failure');
    throw error;
  } finally {
    await page.close();
  }
});
