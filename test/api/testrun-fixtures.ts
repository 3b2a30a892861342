/**
 * Set-up for the test-execution tests, through the API: sheets, the cases in them, results,
 * linked work items and reports. Cases come from the case library (case-fixtures.ts).
 */
import type { Enterprise } from '@shared/schemas/enterprise';
import type { Report, ReportDetail, Sheet, SheetCaseDetail, SheetCaseRow } from '@shared/schemas/testruns';
import { createCase } from './case-fixtures';
import { expectStatus, type Res, type TestUser, unique } from './helpers';
import type { Team } from './issue-fixtures';

type At = { enterprise: Pick<Enterprise, 'enterpriseIdentifier'> };
const api = (at: At) => `/api/pms/${at.enterprise.enterpriseIdentifier}`;

export const sheetsBase = (at: At) => `${api(at)}/pmsProjectTestsheet`;
export const sheetCasesBase = (at: At) => `${api(at)}/pmsProjectTestsheetCases`;
export const sheetIssuesBase = (at: At) => `${api(at)}/pmsProjectTestsheetIssues`;
export const reportsBase = (at: At) => `${api(at)}/testReport`;

export const errorOf = (res: { body: { errorMessage: string } }) => res.body.errorMessage;

export async function createSheet(
  actor: TestUser,
  team: Pick<Team, 'enterprise' | 'project'>,
  body: Record<string, unknown> = {},
): Promise<Sheet> {
  const res = await actor.client.post<Sheet>(sheetsBase(team), {
    pmsProjectId: team.project.id,
    name: unique('Sheet '),
    ...body,
  });
  return expectStatus(res, 201).data;
}

export async function getSheet(actor: TestUser, team: At, id: string): Promise<Sheet> {
  return expectStatus(await actor.client.get<Sheet>(`${sheetsBase(team)}/${id}`), 200).data;
}

export const putSheet = (actor: TestUser, team: At, sheet: Pick<Sheet, 'id' | 'version'>, body: object) =>
  actor.client.put<Sheet>(`${sheetsBase(team)}/${sheet.id}`, { version: sheet.version, ...body });

export async function addCases(
  actor: TestUser,
  team: At,
  sheetId: string,
  caseIds: string[],
): Promise<{ added: number; skipped: number }> {
  const res = await actor.client.post(sheetCasesBase(team), { projectTestsheetId: sheetId, caseIds });
  return expectStatus(res, 201).data;
}

/** A sheet's cases as the list shows them (one page of up to 100), with optional filters. */
export async function listSheetCases(
  actor: TestUser,
  team: At,
  sheetId: string,
  filters: Record<string, string | number> = {},
): Promise<{ rows: SheetCaseRow[]; total: number }> {
  const query = new URLSearchParams({ projectTestsheetId: sheetId, pageSize: '100' });
  for (const [name, value] of Object.entries(filters)) query.set(name, String(value));
  return expectStatus(await actor.client.get(`${sheetCasesBase(team)}/list?${query}`), 200).data;
}

export async function getSheetCase(actor: TestUser, team: At, id: string): Promise<SheetCaseDetail> {
  return expectStatus(await actor.client.get<SheetCaseDetail>(`${sheetCasesBase(team)}/${id}`), 200).data;
}

export const putResult = (
  actor: TestUser,
  team: At,
  row: Pick<SheetCaseRow, 'id' | 'version'>,
  body: { result: number; note?: string; assigneeId?: string | null },
): Promise<Res<SheetCaseRow>> =>
  actor.client.put<SheetCaseRow>(`${sheetCasesBase(team)}/${row.id}`, { version: row.version, ...body });

/** Records a result and returns the row after it. */
export async function recordResult(
  actor: TestUser,
  team: At,
  row: Pick<SheetCaseRow, 'id' | 'version'>,
  result: number,
  note?: string,
): Promise<SheetCaseRow> {
  return expectStatus(await putResult(actor, team, row, { result, note }), 200).data;
}

export interface SheetWithCases {
  sheet: Sheet;
  caseIds: string[];
  /** The sheet's rows, by case number. */
  rows: SheetCaseRow[];
}

/** A sheet holding `count` new library cases (their titles given or made up). */
export async function sheetWithCases(
  actor: TestUser,
  team: Pick<Team, 'enterprise' | 'project'>,
  cases: number | Record<string, unknown>[],
  sheetBody: Record<string, unknown> = {},
): Promise<SheetWithCases> {
  const bodies = typeof cases === 'number' ? Array.from({ length: cases }, () => ({})) : cases;
  const sheet = await createSheet(actor, team, sheetBody);
  const created = [];
  // One after the other: case numbers then follow the order given.
  for (const body of bodies) created.push(await createCase(actor, team, team.project.id, body));
  const caseIds = created.map((c) => c.id);
  await addCases(actor, team, sheet.id, caseIds);
  const { rows } = await listSheetCases(actor, team, sheet.id);
  return { sheet, caseIds, rows };
}

export async function createReport(
  actor: TestUser,
  team: At,
  sheetId: string,
  body: Record<string, unknown> = {},
): Promise<ReportDetail> {
  const res = await actor.client.post<ReportDetail>(reportsBase(team), {
    projectTestsheetId: sheetId,
    name: unique('Report '),
    ...body,
  });
  return expectStatus(res, 201).data;
}

export async function listReports(
  actor: TestUser,
  team: Pick<Team, 'enterprise' | 'project'>,
  filters: Record<string, string | number> = {},
): Promise<{ rows: Report[]; total: number }> {
  const query = new URLSearchParams({ pmsProjectId: team.project.id, pageSize: '100' });
  for (const [name, value] of Object.entries(filters)) query.set(name, String(value));
  return expectStatus(await actor.client.get(`${reportsBase(team)}/list?${query}`), 200).data;
}
