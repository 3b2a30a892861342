import type { ReportDetail } from '@shared/schemas/testruns';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reportKeys } from '../../../queries/testreports';
import { sheetKeys } from '../../../queries/testsheets';
import { alice, PROJECT_ID, renderInProject, seededQueryClient } from '../../../test/project';
import { failUnseededFetches } from '../testsheets/sheet-fixtures';
import { ReportsPage } from './ReportsPage';
import { makeReportChart } from './report-fixtures';

const REPORT_ID = `${PROJECT_ID}.7`;

const report: ReportDetail = {
  id: REPORT_ID,
  pmsProjectId: PROJECT_ID,
  projectTestsheetId: `${PROJECT_ID}.4`,
  sheetName: 'Release 2.4 regression',
  name: 'Release 2.4 report',
  summary: '**Ready** to ship',
  counts: { total: 3, notExecuted: 1, passed: 1, failed: 1, blocked: 0, skipped: 0, passRate: 0.5 },
  bugCount: 1,
  creator: alice,
  createdAt: '2026-11-20T09:30:00.000Z',
  updatedAt: '2026-11-20T09:30:00.000Z',
  version: 1,
  cases: [
    {
      caseId: 'c1',
      caseNumber: 1,
      title: 'Pay by card',
      moduleName: 'Checkout',
      priority: 2,
      result: 1,
      resultName: 'Passed',
      executorName: 'Alice',
      executedAt: '2026-11-19T10:00:00.000Z',
      note: '',
    },
    {
      caseId: 'c2',
      caseNumber: 2,
      title: 'Refund',
      moduleName: 'Checkout',
      priority: 3,
      result: 2,
      resultName: 'Failed',
      executorName: 'Alice',
      executedAt: '2026-11-19T11:00:00.000Z',
      note: 'Charged twice',
    },
    {
      caseId: 'c3',
      caseNumber: 3,
      title: 'Gift card',
      moduleName: '',
      priority: 4,
      result: 0,
      resultName: 'Not executed',
      executorName: null,
      executedAt: null,
      note: '',
    },
  ],
  bugs: [
    {
      issueId: 'i9',
      issueNumber: 9,
      title: 'Refund charges twice',
      priority: 1,
      status: 1,
      statusName: 'To fix',
    },
  ],
};

const chart = makeReportChart({
  passRate: report.counts,
  results: [1, 1, 1, 0, 0],
  modules: [
    ['Checkout', { passed: 1, failed: 1 }],
    ['', { notExecuted: 1 }],
  ],
  bugs: [1, 0, 0, 0],
});

beforeEach(failUnseededFetches);
afterEach(() => vi.unstubAllGlobals());

describe('ReportsPage', () => {
  it('invites to create the first report, from a sheet', async () => {
    const queryClient = seededQueryClient();
    queryClient.setQueryData(
      reportKeys.list({ pmsProjectId: PROJECT_ID, keyword: undefined, pageNum: 1, pageSize: 10 }),
      {
        rows: [],
        total: 0,
        pageNum: 1,
        pageSize: 10,
      },
    );
    queryClient.setQueryData(sheetKeys.tree(PROJECT_ID), []);
    renderInProject(<ReportsPage projectId={PROJECT_ID} />, { queryClient });
    const empty = await screen.findByTestId('reports-empty');
    fireEvent.click(within(empty).getByRole('button', { name: 'Create a report' }));
    const dialog = await screen.findByRole('dialog', { name: 'New test report' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create report' }));
    expect(await within(dialog).findByText('Please choose a sheet')).toBeTruthy();
    expect(within(dialog).getByText('Please enter report name')).toBeTruthy();
  });

  it('lists reports with their figures', async () => {
    const queryClient = seededQueryClient();
    queryClient.setQueryData(
      reportKeys.list({ pmsProjectId: PROJECT_ID, keyword: undefined, pageNum: 1, pageSize: 10 }),
      {
        rows: [report],
        total: 1,
        pageNum: 1,
        pageSize: 10,
      },
    );
    renderInProject(<ReportsPage projectId={PROJECT_ID} />, { queryClient });
    const row = await screen.findByTestId(`report-row-${REPORT_ID}`);
    expect(within(row).getByText('Release 2.4 report')).toBeTruthy();
    expect(within(row).getByText('Release 2.4 regression')).toBeTruthy();
    expect(within(row).getByText('50%')).toBeTruthy();
    fireEvent.click(within(row).getByRole('checkbox', { name: 'Select Release 2.4 report' }));
    fireEvent.click(
      within(screen.getByTestId('report-batch-bar')).getByRole('button', { name: 'Delete selected' }),
    );
    expect(await screen.findByRole('dialog', { name: 'Delete Release 2.4 report?' })).toBeTruthy();
  });

  it('shows a report: the snapshot note, the summary, chart figures and the snapshot tables', async () => {
    const queryClient = seededQueryClient();
    queryClient.setQueryData(reportKeys.detail(PROJECT_ID, REPORT_ID), report);
    queryClient.setQueryData(reportKeys.chart(PROJECT_ID, REPORT_ID), chart);
    renderInProject(<ReportsPage projectId={PROJECT_ID} menuId={REPORT_ID} />, { queryClient });
    const header = await screen.findByTestId('report-header');
    expect(within(header).getByRole('heading', { name: 'Release 2.4 report' })).toBeTruthy();
    expect(within(header).getByTestId('snapshot-note').textContent).toMatch(
      /^Snapshot of 2026-11-20 \d\d:30/,
    );
    // The markdown renderer arrives as its own chunk: the text shows as written until then.
    expect((await within(header).findByText('Ready', {}, { timeout: 10_000 })).tagName).toBe('STRONG');

    expect(screen.getByTestId('report-pass-rate').textContent).toBe('50%');
    expect(
      screen.getByText('Pass rate 50% of 2 executed; 3 cases: 1 not executed, 1 passed, 1 failed.'),
    ).toBeTruthy();
    expect(screen.getByText('1 bug linked: 1 urgent.')).toBeTruthy();
    expect(
      screen.getByRole('img', {
        name: /^Results by module\. Checkout: 1 passed, 1 failed; No module: 1 not executed$/,
      }),
    ).toBeTruthy();

    const cases = screen.getByTestId('report-cases');
    expect(within(cases).getAllByRole('row')).toHaveLength(4);
    fireEvent.click(screen.getByText('Failed 1'));
    expect(within(cases).getAllByRole('row')).toHaveLength(2);
    expect(within(cases).getByText('Charged twice')).toBeTruthy();
    expect(
      within(screen.getByTestId('report-bugs')).getByRole('link', { name: 'Refund charges twice' }),
    ).toBeTruthy();
  });
});
