/**
 * A project's week as an .xlsx workbook: the counts, every submitted report (text sections, table
 * rows and listed items) and the items of the week. Written with write-excel-file, the library
 * of the case spreadsheets, imported on use so only export requests load it.
 */
import { clock } from '@core/clock';
import { userSummaries } from '@core/identity/people';
import type { Tenant } from '@core/identity/tenancy';
import { type ItemList, PROJECT_ISSUE_CATEGORIES, REPORT_STATUS } from '@shared/domain/weekly';
import { ISSUE_KIND_LABELS, type IssueKind, issueStatusName } from '@shared/domain/work-item-workflow';
import type { UserSummary } from '@shared/schemas/projects';
import type { TableRow } from '@shared/schemas/weekly';
import { projectAccess, weekFor } from './access';
import { projectState, weekCounts } from './activity';
import * as db from './store/reports';
import { categorize, categoryRules } from './work';

type Cell = string | number | null;

const COUNT_LABELS: [keyof Omit<ReturnType<typeof weekCounts>, 'project_info'>, string][] = [
  ['this_week_requirement_issues_count', 'Demands created'],
  ['this_week_task_issues_count', 'Tasks created'],
  ['this_week_bug_issues_count', 'Bugs created'],
  ['close_requirement_issues_count', 'Demands closed'],
  ['close_task_issues_count', 'Tasks closed'],
  ['close_bug_issues_count', 'Bugs closed'],
  ['this_week_complete_sprint_count', 'Iterations completed'],
  ['this_week_complete_test_sheet_count', 'Test sheets completed'],
];

const REPORT_HEADER = [
  'Member',
  'Section',
  'No.',
  'Major item / text',
  'Detail',
  'Department',
  'Person',
  'Planned completion',
  'Actual completion',
  'Progress %',
];

const bold = (values: string[]) => values.map((value) => ({ value, fontWeight: 'bold' as const }));

function tableRowCells(member: string, section: string, row: TableRow, n: number): Cell[] {
  return [
    member,
    section,
    n,
    row.majorItem,
    row.detail,
    row.department,
    row.person,
    row.plannedCompletion,
    row.actualCompletion,
    row.progress,
  ];
}

/** The rows of one submitted report: its listed items, then each section's text or table. */
function reportRows(report: db.ReportRecord, users: ReadonlyMap<string, UserSummary>): Cell[][] {
  const member = users.get(report.userId)?.nickname ?? report.userId;
  const snapshot = new Map((report.snapshot?.issues ?? []).map((issue) => [issue.issueId, issue]));
  const rows: Cell[][] = [];
  for (const section of report.sections) {
    const value = report.content[section.key];
    const listed = section.items
      ? report.items.filter((item) => item.list === (section.items as ItemList))
      : [];
    listed.forEach((item, i) => {
      const issue = snapshot.get(item.issueId);
      const person = issue?.assigneeId ? (users.get(issue.assigneeId)?.nickname ?? '') : '';
      const title = issue ? `#${issue.issueNumber} ${issue.title}` : item.issueId;
      const status = issue ? issueStatusName(issue.pmIssueType as IssueKind, issue.status) : '';
      rows.push([
        member,
        section.title,
        i + 1,
        title,
        status,
        '',
        person,
        issue?.endDate ?? null,
        null,
        item.completion,
      ]);
    });
    if (typeof value === 'string') {
      if (value) rows.push([member, section.title, null, value, null, null, null, null, null, null]);
    } else {
      for (const [i, row] of (value ?? []).entries()) {
        rows.push(tableRowCells(member, section.title, row, listed.length + i + 1));
      }
    }
  }
  return rows;
}

export async function projectWeekWorkbook(
  tenant: Tenant,
  query: { pmsProjectId: string; weekStart?: string },
): Promise<{ fileName: string; bytes: Buffer }> {
  const enterpriseId = tenant.enterprise.id;
  await projectAccess(tenant, query.pmsProjectId);
  const week = weekFor(tenant, query.weekStart);
  const [state, reports] = await Promise.all([
    projectState(enterpriseId, query.pmsProjectId),
    db.listProjectReports(enterpriseId, query.pmsProjectId, week.start),
  ]);
  const submitted = reports.filter((r) => r.status === REPORT_STATUS.submitted);
  const found = categorize(state.rows.values(), categoryRules(week, clock.now()));
  const users = await userSummaries([
    ...submitted.flatMap((r) => [r.userId, ...(r.snapshot?.issues ?? []).map((i) => i.assigneeId)]),
    ...Object.values(found).flatMap((list) => list.map((issue) => issue.assigneeId)),
  ]);
  const counts = weekCounts(state, week);
  const summary: Cell[][] = [
    ['Project', state.project.name],
    ['Week', `${week.start} (${week.timeZone})`],
    ['Reports submitted', submitted.length],
    ...COUNT_LABELS.map(([field, label]): Cell[] => [label, counts[field]]),
  ];
  const itemRows = PROJECT_ISSUE_CATEGORIES.flatMap((category) =>
    found[category.id].map((issue): Cell[] => [
      category.name,
      issue.issueNumber,
      ISSUE_KIND_LABELS[issue.pmIssueType].one,
      issue.title,
      issueStatusName(issue.pmIssueType, issue.status),
      issue.assigneeId ? (users.get(issue.assigneeId)?.nickname ?? '') : '',
      issue.endDate,
    ]),
  );
  const { default: writeXlsxFile } = await import('write-excel-file/node');
  const bytes = await writeXlsxFile([
    { sheet: 'Summary', data: summary, columns: [{ width: 28 }, { width: 40 }] },
    {
      sheet: 'Reports',
      data: [bold(REPORT_HEADER), ...submitted.flatMap((r) => reportRows(r, users))],
      columns: [20, 20, 6, 50, 40, 16, 16, 14, 14, 10].map((width) => ({ width })),
      stickyRowsCount: 1,
    },
    {
      sheet: 'Items',
      data: [bold(['Category', 'No.', 'Kind', 'Title', 'Status', 'Assignee', 'End date']), ...itemRows],
      columns: [16, 8, 10, 50, 14, 20, 12].map((width) => ({ width })),
      stickyRowsCount: 1,
    },
  ]).toBuffer();
  const safeName = state.project.name.replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '') || 'project';
  return { fileName: `weekly-${safeName}-${week.start}.xlsx`, bytes };
}
