/**
 * Case spreadsheets (`pmsProjectTestcase` download, partDownload, upload): a round trip through
 * our own .xlsx, a hand-made .xlsx and a CSV with a BOM and CRLF line ends (test/api/fixtures),
 * the report of refused rows, whole-file refusals (400, 413) that write nothing, permissions and
 * other enterprises' projects.
 */
import { readFileSync } from 'node:fs';
import { CASE_SHEET_COLUMNS, MAX_UPLOAD_BYTES, MAX_UPLOAD_ROWS } from '@shared/domain/testing';
import type { CaseDetail, CaseTag, UploadReport } from '@shared/schemas/testcases';
import readXlsxFile from 'read-excel-file/node';
import { beforeAll, describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import { clock } from '../../functions/src/core/clock';
import { casesBase, createCase, createCaseModule, createCaseTag, getCase, listCases } from './case-fixtures';
import { expectStatus, type Res, type TestUser } from './helpers';
import { createProject, createTeam, type Team } from './issue-fixtures';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

/** Uploads `bytes` as the multipart field `file` named `name`. */
async function upload(
  actor: TestUser,
  team: Team,
  name: string,
  bytes: Uint8Array | string,
  projectId: string | null = team.project.id,
): Promise<Res<UploadReport>> {
  const form = new FormData();
  form.set('file', new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)]), name);
  if (projectId !== null) form.set('pmsProjectId', projectId);
  const res = await actor.client.raw('POST', `${casesBase(team.enterprise)}/upload`, { body: form });
  const body = await res.json();
  return { status: res.status, body, data: body.data, headers: res.headers, setCookies: [] };
}

async function download(actor: TestUser, team: Team, projectId = team.project.id) {
  const res = await actor.client.raw(
    'GET',
    `${casesBase(team.enterprise)}/download?pmsProjectId=${projectId}`,
  );
  expect(res.status).toBe(200);
  return { res, rows: await rowsOf(res) };
}

async function rowsOf(res: Response): Promise<unknown[][]> {
  const [sheet] = await readXlsxFile(Buffer.from(await res.arrayBuffer()));
  return sheet!.data;
}

const csv = (...lines: string[]) => `${lines.join('\r\n')}\r\n`;
const HEADER = CASE_SHEET_COLUMNS.join(',');

describe('download and upload round trip', () => {
  let team: Team;
  let tag: CaseTag;
  let first: CaseDetail;
  let second: CaseDetail;
  beforeAll(async () => {
    team = await createTeam(1);
    tag = await createCaseTag(team.owner, team.enterprise, 'Regression');
    const parent = await createCaseModule(team.owner, team.enterprise, team.project.id, 'Accounts');
    const child = await createCaseModule(team.owner, team.enterprise, team.project.id, 'Sign in', parent.id);
    first = await createCase(team.owner, team, team.project.id, {
      title: 'Sign in with a password',
      moduleId: child.id,
      type: 4,
      priority: 1,
      tagIds: [tag.id],
      precondition: 'An account exists',
      steps: [
        { step: 'Open the page', expected: 'The form shows' },
        { step: 'Submit', expected: '' },
        { step: 'Look at the header', expected: 'The name shows' },
      ],
      remark: 'Smoke',
    });
    second = await createCase(team.owner, team, team.project.id, { title: 'Sign out' });
  });

  it('downloads every case of the project as .xlsx', async () => {
    const { res, rows } = await download(team.owner, team);
    expect(res.headers.get('content-type')).toBe(XLSX_TYPE);
    const day = new Date(clock.now()).toISOString().slice(0, 10);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="${team.project.name}-cases-${day}.xlsx"`,
    );
    expect(rows).toEqual([
      [...CASE_SHEET_COLUMNS],
      [
        `TC-${first.caseNumber}`,
        'Sign in with a password',
        'Accounts / Sign in',
        'Security',
        'Urgent',
        'Regression',
        'An account exists',
        '1. Open the page\n2. Submit\n3. Look at the header',
        '1. The form shows\n3. The name shows',
        'Smoke',
      ],
      [`TC-${second.caseNumber}`, 'Sign out', null, 'Functional', 'Normal', null, null, null, null, null],
    ]);
    const part = await team.owner.client.raw('POST', `${casesBase(team.enterprise)}/partDownload`, {
      body: JSON.stringify({ pmsProjectId: team.project.id, ids: [second.id] }),
      headers: { 'Content-Type': 'application/json' },
    });
    expect(part.status).toBe(200);
    expect((await rowsOf(part)).map((r) => r[0])).toEqual(['ID', `TC-${second.caseNumber}`]);
  });

  it('uploads the file back: changed rows update, new rows create, the rest stay', async () => {
    const { rows } = await download(team.owner, team);
    const edited = rows.map((row) => [...row]);
    edited[2]![1] = 'Sign out everywhere';
    edited.push([
      '',
      'Reset a password',
      'Accounts/Sign in/Reset',
      'Functional',
      'High',
      '',
      '',
      '1. Ask',
      '1. Mail',
      '',
    ]);
    const bytes = await writeXlsxFile(
      edited.map((row) => row.map((value) => ({ value: String(value ?? '') }))),
    ).toBuffer();
    const report = expectStatus(await upload(team.owner, team, 'cases.xlsx', bytes), 200).data;
    expect(report).toEqual({
      rows: 3,
      created: 1,
      updated: 1,
      unchanged: 1,
      modulesCreated: 1,
      rejected: [],
    });
    expect(await getCase(team.owner, team, first.id)).toEqual(first);
    expect(await getCase(team.owner, team, second.id)).toMatchObject({
      title: 'Sign out everywhere',
      version: 2,
    });
    const [created] = (await listCases(team.owner, team, team.project.id, { keyword: 'Reset a password' }))
      .rows;
    expect(await getCase(team.owner, team, created!.id)).toMatchObject({
      caseNumber: 3,
      moduleName: 'Accounts / Sign in / Reset',
      priority: 2,
      steps: [{ step: 'Ask', expected: 'Mail' }],
      creator: { userId: team.owner.userId },
    });
    // A fresh download uploaded as it is changes nothing.
    const again = await download(team.owner, team);
    const same = await writeXlsxFile(
      again.rows.map((row) => row.map((value) => ({ value: String(value ?? '') }))),
    ).toBuffer();
    const unchanged = expectStatus(await upload(team.owner, team, 'same.xlsx', same), 200).data;
    expect(unchanged).toEqual({
      rows: 3,
      created: 0,
      updated: 0,
      unchanged: 3,
      modulesCreated: 0,
      rejected: [],
    });
  });
});

describe('files made elsewhere', () => {
  let team: Team;
  let smoke: CaseTag;
  beforeAll(async () => {
    team = await createTeam(1);
    smoke = await createCaseTag(team.owner, team.enterprise, 'Smoke');
  });

  it('reads a hand-made .xlsx (shared and inline strings, styles, a date cell, a skipped row)', async () => {
    const report = expectStatus(
      await upload(team.owner, team, 'Hand Made.XLSX', fixture('hand-made-cases.xlsx')),
      200,
    ).data;
    expect(report).toEqual({
      rows: 2,
      created: 2,
      updated: 0,
      unchanged: 0,
      modulesCreated: 2,
      rejected: [],
    });
    const { rows } = await listCases(team.owner, team, team.project.id);
    const [second, first] = rows as [CaseDetail, CaseDetail];
    expect(await getCase(team.owner, team, first.id)).toMatchObject({
      title: 'Import a hand-made workbook',
      moduleName: 'Imports / Spreadsheets',
      type: 1,
      priority: 2,
      tagIds: [smoke.id],
      precondition: 'A signed-in tester',
      steps: [
        { step: 'Open the import page', expected: '' },
        { step: 'Choose the file', expected: 'The file is read' },
      ],
      remark: '2025-01-01',
    });
    expect(await getCase(team.owner, team, second.id)).toMatchObject({
      title: 'Second row after a blank one',
      moduleId: null,
      type: 4,
      priority: 4,
      tagIds: [],
      steps: [],
    });
  });

  it('reads a CSV with a byte-order mark and CRLF line ends', async () => {
    const project = await createProject(team.owner, team.enterprise);
    const report = expectStatus(
      await upload(team.owner, team, 'cases.csv', fixture('bom-crlf-cases.csv'), project.id),
      200,
    ).data;
    expect(report).toEqual({
      rows: 2,
      created: 2,
      updated: 0,
      unchanged: 0,
      modulesCreated: 2,
      rejected: [],
    });
    const [plain, withComma] = (await listCases(team.owner, team, project.id)).rows as [
      CaseDetail,
      CaseDetail,
    ];
    expect(await getCase(team.owner, team, withComma.id)).toMatchObject({
      caseNumber: 1,
      title: 'Import a CSV, with a comma',
      moduleName: 'Imports / CSV',
      type: 4,
      priority: 2,
      tagIds: [smoke.id],
      steps: [
        { step: 'Open the page', expected: 'The form shows' },
        { step: 'Upload the file', expected: 'The report shows' },
      ],
      remark: 'Made by hand',
    });
    expect(await getCase(team.owner, team, plain.id)).toMatchObject({
      title: 'Plain row',
      steps: [{ step: 'Just one step', expected: '' }],
    });
  });
});

describe('refused rows and files', () => {
  let team: Team;
  let existing: CaseDetail;
  beforeAll(async () => {
    team = await createTeam(1);
    existing = await createCase(team.owner, team, team.project.id, { title: 'Existing' });
  });

  it('imports the valid rows and reports every reason of each refused one', async () => {
    const steps = Array.from({ length: 51 }, (_, i) => `${i + 1}. s`).join('\n');
    const file = csv(
      HEADER,
      ',,,Bogus,soon,,,,,',
      'TC-999,Unknown id,,,,Nope,,,,',
      `,${'x'.repeat(201)},,,,,,"${steps}",,`,
      ',Too deep,A/B/C/D/E/F,,,,,,,',
      ',No step three,,,,,,"1. a\n2. b","3. c",',
      ',Fine,,,,,,,,',
      'abc,Bad id,,,,,,,,',
      `TC-${existing.caseNumber},Existing,,,,,,,,`,
      `${existing.caseNumber},Existing again,,,,,,,,`,
      ',   ,,,,,,,,A remark',
      ',Unnumbered,,,,,,"intro\n1. a",,',
    );
    const report = expectStatus(await upload(team.owner, team, 'bad.csv', file), 200).data;
    expect(report).toEqual({
      rows: 11,
      created: 1,
      updated: 0,
      unchanged: 1,
      modulesCreated: 0,
      rejected: [
        {
          row: 2,
          reasons: [
            'Type: Bogus is not a case type (Functional, Performance, Interface, Security, Compatibility, Usability, Other)',
            'Priority: soon is not a priority (Urgent, High, Normal, Low)',
            'Title: Please enter title',
          ],
        },
        { row: 3, reasons: ['ID: TC-999 is not a case of this project', 'Tags: Tag Nope does not exist'] },
        {
          row: 4,
          reasons: ['Title: title must be at most 200 characters', 'Steps: steps may hold at most 50 steps'],
        },
        { row: 5, reasons: ['Module: Modules may be at most 5 levels deep'] },
        { row: 6, reasons: ['Expected results: expected result 3 has no step 3'] },
        { row: 8, reasons: ['ID: abc is not a case ID (such as TC-12)'] },
        { row: 10, reasons: [`ID: TC-${existing.caseNumber} is in row 9 as well`] },
        { row: 11, reasons: ['Title: Please enter title'] },
        { row: 12, reasons: ['Steps: each item must start with its number ("1. ...")'] },
      ],
    });
    const titles = (await listCases(team.owner, team, team.project.id)).rows.map((r) => r.title);
    expect(titles).toEqual(['Fine', 'Existing']);
  });

  it('refuses whole files that are not spreadsheets, too big or without a Title column, writing nothing', async () => {
    const before = (await listCases(team.owner, team, team.project.id)).total;
    const refused: [string, Uint8Array | string, number, string][] = [
      ['notes.txt', 'Title\r\nx\r\n', 400, 'file: Must be an .xlsx or .csv file'],
      ['cases.xlsx', 'Title\r\nx\r\n', 400, 'file: Must be an .xlsx or .csv file'],
      ['cases.csv', fixture('hand-made-cases.xlsx'), 400, 'file: Must be an .xlsx or .csv file'],
      [
        'broken.xlsx',
        new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]),
        400,
        'file: The .xlsx file could not be read; save it again from a spreadsheet program',
      ],
      ['empty.csv', '', 400, 'file: The file is empty'],
      ['blank.csv', '\r\n\r\n', 400, 'file: The file is empty'],
      ['header.csv', csv(HEADER), 400, 'file: The file has no cases below the header row'],
      ['untitled.csv', csv('ID,Name', ',x'), 400, 'file: The header row has no Title column'],
      [
        'latin1.csv',
        new Uint8Array([0x54, 0x69, 0x74, 0x6c, 0x65, 0x0a, 0xe9, 0x0a]),
        400,
        'file: The .csv file must be UTF-8 text',
      ],
      [
        'long.csv',
        csv('Title', ...Array.from({ length: MAX_UPLOAD_ROWS + 1 }, (_, i) => `Case ${i}`)),
        400,
        `file: A file may hold at most ${MAX_UPLOAD_ROWS} cases, not ${MAX_UPLOAD_ROWS + 1}`,
      ],
      ['big.csv', `Title\r\n${'x'.repeat(MAX_UPLOAD_BYTES)}`, 413, 'file: The file must be at most 5 MB'],
      [
        'huge.csv',
        `Title\r\n${'x'.repeat(MAX_UPLOAD_BYTES + 100_000)}`,
        413,
        'file: The file must be at most 5 MB',
      ],
    ];
    for (const [name, bytes, status, message] of refused) {
      const res = await upload(team.owner, team, name, bytes);
      expect([name, res.status, res.body.errorMessage]).toEqual([name, status, message]);
    }
    const noFile = await team.owner.client.raw('POST', `${casesBase(team.enterprise)}/upload`, {
      body: (() => {
        const form = new FormData();
        form.set('pmsProjectId', team.project.id);
        return form;
      })(),
    });
    expect([noFile.status, ((await noFile.json()) as { errorMessage: string }).errorMessage]).toEqual([
      400,
      'file: Please enter file',
    ]);
    const noProject = await upload(team.owner, team, 'cases.csv', csv('Title', 'x'), null);
    expect([noProject.status, noProject.body.errorMessage]).toEqual([
      400,
      'pmsProjectId: Please enter pmsProjectId',
    ]);
    expect((await listCases(team.owner, team, team.project.id)).total).toBe(before);
  });
});

describe('permissions and other enterprises', () => {
  let team: Team;
  let theirs: Team;
  beforeAll(async () => {
    [team, theirs] = await Promise.all([createTeam(1), createTeam(1)]);
  });

  it('needs test:case:import', async () => {
    const member = team.members[0]!;
    const res = await upload(member, team, 'cases.csv', csv('Title', 'x'));
    expect(res.status).toBe(403);
    expect(res.body.errorMessage).toMatch(/test:case:import/);
    const down = await member.client.raw(
      'GET',
      `${casesBase(team.enterprise)}/download?pmsProjectId=${team.project.id}`,
    );
    expect(down.status).toBe(403);
  });

  it("answers 404 to another enterprise's project and cases", async () => {
    const theirCase = await createCase(theirs.owner, theirs, theirs.project.id);
    const res = await upload(team.owner, team, 'cases.csv', csv('Title', 'x'), theirs.project.id);
    expect([res.status, res.body.errorMessage]).toEqual([404, `Project ${theirs.project.id} does not exist`]);
    const down = await team.owner.client.raw(
      'GET',
      `${casesBase(team.enterprise)}/download?pmsProjectId=${theirs.project.id}`,
    );
    expect(down.status).toBe(404);
    const part = await team.owner.client.post(`${casesBase(team.enterprise)}/partDownload`, {
      pmsProjectId: team.project.id,
      ids: [theirCase.id],
    });
    expect([part.status, part.body.errorMessage]).toEqual([404, `Case ${theirCase.id} does not exist`]);
    // A case of another project of the same enterprise is not one of this project's either.
    const mine = await createCase(team.owner, team, (await createProject(team.owner, team.enterprise)).id);
    const other = await team.owner.client.post(`${casesBase(team.enterprise)}/partDownload`, {
      pmsProjectId: team.project.id,
      ids: [mine.id],
    });
    expect([other.status, other.body.errorMessage]).toEqual([404, `Case ${mine.id} does not exist`]);
    expect((await listCases(theirs.owner, theirs, theirs.project.id)).total).toBe(1);
  });
});
