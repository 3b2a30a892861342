import type { Page } from '@shared/schemas/common';
import type { SheetCaseDetail, SheetCaseRow, SheetNode } from '@shared/schemas/testruns';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { projectKeys } from '../../../queries/projects';
import { SPRINT_PICKER_SIZE, sprintListQueryOptions } from '../../../queries/sprints';
import { caseKeys } from '../../../queries/testcases';
import { sheetKeys } from '../../../queries/testsheets';
import { alice, bob, PROJECT_ID, renderInProject, seededQueryClient } from '../../../test/project';
import { SheetCaseDrawer } from './SheetCaseDrawer';
import { SheetsPage } from './SheetsPage';
import { failUnseededFetches, makeSheet } from './sheet-fixtures';
import { forgetRememberedState } from './use-remembered-state';

const SHEET_ID = `${PROJECT_ID}.4`;

const sheet = makeSheet({
  id: SHEET_ID,
  name: 'Release 2.4 regression',
  sprintId: `${PROJECT_ID}.2`,
  sprintName: 'Sprint 2',
  owner: bob,
  status: 1,
  statusName: 'In progress',
  counts: { total: 3, notExecuted: 1, passed: 1, failed: 1, blocked: 0, skipped: 0, passRate: 0.5 },
  version: 2,
});

function row(caseNumber: number, result: number, extra: Partial<SheetCaseRow> = {}): SheetCaseRow {
  const names = ['Not executed', 'Passed', 'Failed', 'Blocked', 'Skipped'];
  return {
    id: `${SHEET_ID}-${caseNumber}`,
    projectTestsheetId: SHEET_ID,
    caseId: `${PROJECT_ID}.c${caseNumber}`,
    caseNumber,
    title: `Case number ${caseNumber}`,
    moduleId: null,
    moduleName: 'Checkout',
    type: 1,
    priority: 3,
    caseDeleted: false,
    result,
    resultName: names[result] ?? 'Unknown',
    executor: result === 0 ? null : alice,
    executedAt: result === 0 ? null : '2026-11-02T10:00:00.000Z',
    note: '',
    assignee: null,
    linkIssueIds: [],
    runCount: result === 0 ? 0 : 1,
    version: 1,
    ...extra,
  };
}

const rows = [row(1, 1), row(2, 2, { linkIssueIds: ['i9'] }), row(3, 0)];
const page: Page<SheetCaseRow> = { rows, total: 3, pageNum: 1, pageSize: 10 };
const tree: SheetNode[] = [{ ...sheet, children: [] }];

const detail: SheetCaseDetail = {
  ...row(3, 0),
  precondition: 'Signed in as a buyer',
  steps: [{ step: 'Pay with a saved card', expected: 'The order is placed' }],
  runs: [],
  linkedIssues: [],
};

/** The answers the API would give, by method and path; every request is recorded. */
function stubApi(onPut: (body: Record<string, unknown>) => unknown) {
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    const path = new URL(url, 'http://localhost').pathname;
    let data: unknown = null;
    if (init.method === 'PUT') data = onPut(JSON.parse(String(init.body)));
    else if (path.endsWith('/pmsProjectTestsheet/treeList')) data = tree;
    else if (path.endsWith('/pmsProjectTestsheetCases/list')) data = page;
    else if (path.includes('/pmsProjectTestsheetCases/')) data = detail;
    else if (path.endsWith(`/pmsProjectTestsheet/${SHEET_ID}`)) data = sheet;
    else if (path.endsWith('/pmsProjectTestcaseModule/treeList')) data = [];
    return new Response(JSON.stringify({ success: true, data }), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function puts(fetch: ReturnType<typeof stubApi>) {
  return fetch.mock.calls
    .filter(([, init]) => init.method === 'PUT')
    .map(([url, init]) => ({ url, body: JSON.parse(String(init.body)) }));
}

function seeded() {
  const queryClient = seededQueryClient();
  queryClient.setQueryData(sheetKeys.tree(PROJECT_ID), tree);
  queryClient.setQueryData(sheetKeys.detail(PROJECT_ID, SHEET_ID), sheet);
  queryClient.setQueryData(sheetKeys.cases(PROJECT_ID, SHEET_ID, {}, 1, 10), page);
  queryClient.setQueryData(sheetKeys.sheetCase(PROJECT_ID, detail.id), detail);
  queryClient.setQueryData(caseKeys.modules(PROJECT_ID), []);
  return queryClient;
}

beforeEach(() => {
  forgetRememberedState();
  failUnseededFetches();
});
afterEach(() => vi.unstubAllGlobals());

describe('SheetsPage', () => {
  it('invites to create the first sheet when the project has none', async () => {
    const queryClient = seededQueryClient();
    queryClient.setQueryData(sheetKeys.tree(PROJECT_ID), []);
    queryClient.setQueryData(
      sheetKeys.list({
        pmsProjectId: PROJECT_ID,
        status: undefined,
        keyword: undefined,
        pageNum: 1,
        pageSize: 10,
      }),
      { rows: [], total: 0, pageNum: 1, pageSize: 10 },
    );
    queryClient.setQueryData(projectKeys.users(PROJECT_ID), [alice, bob]);
    queryClient.setQueryData(
      sprintListQueryOptions({ pmsProjectId: PROJECT_ID, pageNum: 1, pageSize: SPRINT_PICKER_SIZE }).queryKey,
      { rows: [], total: 0, pageNum: 1, pageSize: SPRINT_PICKER_SIZE },
    );
    renderInProject(<SheetsPage projectId={PROJECT_ID} />, { queryClient });
    const empty = await screen.findByTestId('sheets-empty');
    expect(within(empty).getByText('No test sheets yet')).toBeTruthy();
    fireEvent.click(within(empty).getByRole('button', { name: 'Create a test sheet' }));
    expect(await screen.findByRole('dialog', { name: 'New test sheet' })).toBeTruthy();
  });

  it('shows a sheet: owner, sprint, results with the pass rate, and its cases', async () => {
    renderInProject(<SheetsPage projectId={PROJECT_ID} menuId={SHEET_ID} />, { queryClient: seeded() });
    const header = await screen.findByTestId('sheet-header');
    expect(within(header).getByRole('heading', { name: 'Release 2.4 regression' })).toBeTruthy();
    expect(within(header).getByText('In progress')).toBeTruthy();
    expect(within(header).getByText('Bob')).toBeTruthy();
    expect(within(header).getByText('Sprint 2')).toBeTruthy();
    expect(
      within(header).getByRole('img', { name: '3 cases: 1 passed, 1 failed, 1 not executed; pass rate 50%' }),
    ).toBeTruthy();
    expect(within(header).getByText('50%')).toBeTruthy();
    expect(within(header).getByRole('button', { name: 'Complete' })).toBeTruthy();

    const failed = screen.getByTestId('sheet-case-2');
    expect(within(failed).getByText('TC-2')).toBeTruthy();
    expect(within(failed).getByText('Failed')).toBeTruthy();
    expect(within(failed).getByLabelText('1 linked')).toBeTruthy();
    expect(within(screen.getByTestId('sheet-case-3')).getByText('Not executed')).toBeTruthy();
    // The tree marks the open sheet.
    expect(screen.getByTestId(`sheet-node-${SHEET_ID}`).hasAttribute('data-active')).toBe(true);
  });

  it('passes a case at once, and asks what happened before failing one', async () => {
    const fetch = stubApi((body) => ({ ...row(3, Number(body.result)), version: 2 }));
    renderInProject(<SheetsPage projectId={PROJECT_ID} menuId={SHEET_ID} />, { queryClient: seeded() });
    fireEvent.click(await screen.findByRole('button', { name: 'Pass TC-3' }));
    await waitFor(() => expect(puts(fetch)).toHaveLength(1));
    expect(puts(fetch)[0]?.url).toMatch(new RegExp(`/pmsProjectTestsheetCases/${SHEET_ID}-3$`));
    expect(puts(fetch)[0]?.body).toEqual({ result: 1, version: 1 });

    fireEvent.click(screen.getByRole('button', { name: 'Fail TC-3' }));
    const note = await screen.findByRole('textbox', { name: 'What happened' });
    fireEvent.change(note, { target: { value: 'The card was charged twice' } });
    // Clicks in the popover stay there: the row does not open.
    fireEvent.click(note);
    fireEvent.click(screen.getByRole('button', { name: 'Fail' }));
    await waitFor(() => expect(puts(fetch)).toHaveLength(2));
    expect(puts(fetch)[1]?.body).toEqual({ result: 2, note: 'The card was charged twice', version: 1 });
  });

  it('selects cases for a batch result', async () => {
    renderInProject(<SheetsPage projectId={PROJECT_ID} menuId={SHEET_ID} />, { queryClient: seeded() });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select all shown cases' }));
    const bar = screen.getByTestId('sheet-batch-bar');
    expect(within(bar).getByText('3 cases selected')).toBeTruthy();
    fireEvent.click(within(bar).getByRole('button', { name: 'Set result' }));
    expect(await screen.findByRole('dialog', { name: 'Set the result of 3 cases' })).toBeTruthy();
  });
});

describe('SheetCaseDrawer', () => {
  it('shows the case and records results from the keyboard, but not while typing a note', async () => {
    const fetch = stubApi((body) => ({ ...row(3, Number(body.result)), version: 2 }));
    renderInProject(
      <SheetCaseDrawer projectId={PROJECT_ID} sheetCaseId={detail.id} onClose={() => undefined} />,
      {
        queryClient: seeded(),
      },
    );
    expect(await screen.findByText('Signed in as a buyer')).toBeTruthy();
    expect(within(screen.getByTestId('case-steps')).getByText('The order is placed')).toBeTruthy();
    expect(screen.getByTestId('result-key-hint').getAttribute('title')).toContain('P pass');
    expect(screen.getByText('Not run yet.')).toBeTruthy();

    const note = screen.getByRole('textbox', { name: 'Note for this run' });
    fireEvent.keyDown(note, { key: 'p' });
    expect(puts(fetch)).toHaveLength(0);

    fireEvent.change(note, { target: { value: 'Declined by the bank' } });
    fireEvent.keyDown(document.body, { key: 'b' });
    await waitFor(() => expect(puts(fetch)).toHaveLength(1));
    expect(puts(fetch)[0]?.body).toEqual({ result: 3, note: 'Declined by the bank', version: 1 });
  });

  it('makes filing a bug the primary action once the case failed', async () => {
    const queryClient = seeded();
    queryClient.setQueryData(sheetKeys.sheetCase(PROJECT_ID, detail.id), {
      ...detail,
      result: 2,
      resultName: 'Failed',
    });
    queryClient.setQueryData(projectKeys.users(PROJECT_ID), [alice, bob]);
    const onClose = vi.fn();
    renderInProject(<SheetCaseDrawer projectId={PROJECT_ID} sheetCaseId={detail.id} onClose={onClose} />, {
      queryClient,
    });
    const file = await screen.findByRole('button', { name: 'File a bug' });
    expect(file.getAttribute('data-variant')).toBe('filled');
    fireEvent.click(file);
    const dialog = await screen.findByRole('dialog', { name: 'File a bug from TC-3' });
    expect((within(dialog).getByRole('textbox', { name: 'Title' }) as HTMLInputElement).value).toBe(
      '[TC-3] Case number 3 failed',
    );
    // Escape closes the dialog, not the drawer under it.
    fireEvent.keyDown(within(dialog).getByRole('textbox', { name: 'Title' }), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'File a bug from TC-3' })).toBeNull());
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
