/**
 * Spreadsheet download and upload of a project's case library (the format is
 * modules/testcases/spreadsheet.ts). An upload checks the whole file first (type, size, header, row
 * count: any failure is a 400 or 413 and writes nothing), then every row alone: valid rows are
 * written (missing modules first, then new cases and updates, in transactions of at most 99
 * writes), each refused row is reported with all its reasons. Rows carry their case ID, so a file
 * uploaded again after fixing its refused rows updates the rows already imported.
 */

import { nowIso } from '@core/clock';
import { MAX_TRANSACTION_WRITES } from '@core/db/operations';
import { AppError } from '@core/errors';
import { PRIORITIES } from '@shared/domain/priorities';
import { caseTypeName, MAX_UPLOAD_BYTES } from '@shared/domain/testing';
import type { RejectedRow, UploadReport } from '@shared/schemas/testcases';
import { requireProject } from '../projects';
import { ensureModulePaths, modulePaths, pathKey } from './case-modules';
import {
  type CaseSheetRow,
  casesWorkbook,
  type ParsedRow,
  parseRow,
  readSpreadsheet,
  sheetRows,
} from './spreadsheet';
import { listCaseModules } from './store/case-modules';
import { caseTags } from './store/tags';
import { getTestcaseBodies, listTestcases, type TestcaseBody, type TestcaseRecord } from './store/testcases';
import {
  type CaseSave,
  caseNotFound,
  commitSaves,
  differs,
  type NewCase,
  newCaseRecord,
  requireCases,
  sameBody,
  savedCase,
  saveOps,
  writeNewCases,
} from './testcases';

// ---- download ---------------------------------------------------------------------------------

/** `Project Name-cases-2026-03-02.xlsx` with only characters every browser and OS accept. */
function fileNameOf(projectName: string, day: string): string {
  const safe = projectName.replace(/[^A-Za-z0-9 ._-]+/g, '_').trim() || 'project';
  return `${safe}-cases-${day}.xlsx`;
}

const priorityLabel = (id: number) => PRIORITIES.find((p) => p.id === id)?.label ?? String(id);

/**
 * The project's cases (all, or the ids given, which must all be its own: 404 otherwise) as an
 * .xlsx workbook, by case number.
 */
export async function downloadCases(
  enterpriseId: string,
  projectId: string,
  ids?: readonly string[],
): Promise<{ fileName: string; bytes: Buffer }> {
  const project = await requireProject(enterpriseId, projectId);
  const cases = ids ? await requireCases(enterpriseId, ids) : await listTestcases(enterpriseId, projectId);
  const foreign = cases.find((c) => c.projectId !== projectId);
  if (foreign) throw caseNotFound(foreign.caseId);
  const [modules, tags, bodies] = await Promise.all([
    listCaseModules(enterpriseId, projectId),
    caseTags.list(enterpriseId),
    getTestcaseBodies(
      enterpriseId,
      cases.map((c) => c.caseId),
    ),
  ]);
  const paths = modulePaths(modules);
  const tagName = new Map(tags.map((t) => [t.tagId, t.name]));
  const rows: CaseSheetRow[] = [...cases]
    .sort((a, b) => a.caseNumber - b.caseNumber)
    .map((c) => {
      const body = bodies.get(c.caseId)!;
      return {
        caseNumber: c.caseNumber,
        title: c.title,
        modulePath: (c.moduleId && paths.get(c.moduleId)) || '',
        type: caseTypeName(c.type),
        priority: priorityLabel(c.priority),
        tags: c.tagIds.flatMap((id) => tagName.get(id) ?? []),
        precondition: body.precondition,
        steps: body.steps,
        remark: body.remark,
      };
    });
  return { fileName: fileNameOf(project.name, nowIso().slice(0, 10)), bytes: await casesWorkbook(rows) };
}

// ---- upload -----------------------------------------------------------------------------------

/** The uploaded file: its name (for the type) and bytes. */
export interface UploadedFile {
  name: string;
  size: number;
  bytes: () => Promise<ArrayBuffer>;
}

/** A row that passed, with the case it updates (if any). */
interface ValidRow extends ParsedRow {
  existing: TestcaseRecord | null;
}

/** Refuses IDs that are not cases of the project, and an ID a second time in the file. */
function idChecker(byNumber: ReadonlyMap<number, TestcaseRecord>) {
  const firstRow = new Map<number, number>();
  return (caseNumber: number, row: number): string[] => {
    const first = firstRow.get(caseNumber);
    if (first === undefined) firstRow.set(caseNumber, row);
    return [
      ...(byNumber.has(caseNumber) ? [] : [`ID: TC-${caseNumber} is not a case of this project`]),
      ...(first === undefined ? [] : [`ID: TC-${caseNumber} is in row ${first} as well`]),
    ];
  };
}

/** The module a row names: null for none, undefined when the file has no Module column. */
function moduleOf(row: ValidRow, idOf: ReadonlyMap<string, string>): string | null | undefined {
  const path = row.fields.modulePath;
  if (path === undefined) return undefined;
  return path.length === 0 ? null : idOf.get(pathKey(path))!;
}

/** What an update row changes; tags listed in another order are the same tags. */
function rowChanges(row: ValidRow, record: TestcaseRecord, moduleId: string | null | undefined) {
  const changes: Partial<TestcaseRecord> = {};
  const { fields } = row;
  if (fields.title !== undefined) changes.title = fields.title;
  if (moduleId !== undefined) changes.moduleId = moduleId;
  if (fields.type !== undefined) changes.type = fields.type;
  if (fields.priority !== undefined) changes.priority = fields.priority;
  if (fields.tagIds !== undefined) {
    const same =
      fields.tagIds.length === record.tagIds.length &&
      fields.tagIds.every((id) => record.tagIds.includes(id));
    if (!same) changes.tagIds = fields.tagIds;
  }
  return changes;
}

function rowBody(row: ValidRow, before: TestcaseBody): TestcaseBody {
  return {
    precondition: row.fields.precondition ?? before.precondition,
    steps: row.fields.steps ?? before.steps,
    remark: row.fields.remark ?? before.remark,
  };
}

interface Plan {
  creates: { row: number; draft: NewCase }[];
  saves: { row: number; save: CaseSave }[];
  unchanged: number;
}

/** Sorts valid rows into new cases, saves and unchanged rows. */
async function planRows(
  enterpriseId: string,
  projectId: string,
  userId: string,
  rows: readonly ValidRow[],
  idOf: ReadonlyMap<string, string>,
): Promise<Plan> {
  const updated = rows.flatMap((r) => (r.existing ? [r.existing.caseId] : []));
  const bodies = await getTestcaseBodies(enterpriseId, updated);
  const plan: Plan = { creates: [], saves: [], unchanged: 0 };
  const at = nowIso();
  for (const row of rows) {
    const moduleId = moduleOf(row, idOf);
    if (!row.existing) {
      const fields = { ...row.fields, title: row.fields.title!, moduleId: moduleId ?? null };
      const record = newCaseRecord(enterpriseId, projectId, userId, fields, at);
      plan.creates.push({
        row: row.row,
        draft: { record, body: rowBody(row, { precondition: '', steps: [], remark: '' }) },
      });
      continue;
    }
    const before = bodies.get(row.existing.caseId)!;
    const body = rowBody(row, before);
    const changes = rowChanges(row, row.existing, moduleId);
    const bodyChanged = !sameBody(before, body);
    if (!differs(row.existing, changes) && !bodyChanged) {
      plan.unchanged += 1;
      continue;
    }
    const after = savedCase(row.existing, changes, at);
    plan.saves.push({ row: row.row, save: { before: row.existing, after, body: bodyChanged ? body : null } });
  }
  return plan;
}

/** Saves in transactions of at most MAX_TRANSACTION_WRITES writes (room for the audit entry). */
function saveChunks(enterpriseId: string, saves: Plan['saves']): Plan['saves'][] {
  const chunks: Plan['saves'][] = [];
  let current: Plan['saves'] = [];
  for (const save of saves) {
    const next = [...current, save];
    if (
      current.length > 0 &&
      saveOps(
        enterpriseId,
        next.map((s) => s.save),
      ).length > MAX_TRANSACTION_WRITES
    ) {
      chunks.push(current);
      current = [save];
    } else current = next;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

/**
 * Writes the saves; when a transaction fails (a case changed meanwhile), its saves are tried one
 * by one and the rows that still fail are reported with the reason.
 */
async function writeSaves(
  enterpriseId: string,
  saves: Plan['saves'],
  rejected: RejectedRow[],
): Promise<number> {
  let written = 0;
  for (const chunk of saveChunks(enterpriseId, saves)) {
    try {
      await commitSaves(
        enterpriseId,
        chunk.map((s) => s.save),
      );
      written += chunk.length;
      continue;
    } catch (error) {
      if (!(error instanceof AppError) || chunk.length === 1) throw error;
    }
    for (const { row, save } of chunk) {
      try {
        await commitSaves(enterpriseId, [save]);
        written += 1;
      } catch (error) {
        if (!(error instanceof AppError && error.status < 500)) throw error;
        rejected.push({ row, reasons: [error.message] });
      }
    }
  }
  return written;
}

/** 413 over MAX_UPLOAD_BYTES. */
function assertSize(file: UploadedFile): void {
  if (file.size > MAX_UPLOAD_BYTES) {
    throw new AppError(413, `file: The file must be at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`);
  }
}

/** Imports a spreadsheet into the project's library; answers what it did and every refused row. */
export async function uploadCases(
  enterpriseId: string,
  userId: string,
  projectId: string,
  file: UploadedFile,
): Promise<UploadReport> {
  await requireProject(enterpriseId, projectId);
  assertSize(file);
  const { columns, rows } = sheetRows(await readSpreadsheet(file.name, new Uint8Array(await file.bytes())));
  const [tags, library] = await Promise.all([
    caseTags.list(enterpriseId),
    listTestcases(enterpriseId, projectId),
  ]);
  const byNumber = new Map(library.map((c) => [c.caseNumber, c]));
  const context = {
    tagsByName: new Map(tags.map((t) => [t.name.toLowerCase(), t.tagId])),
    idReasons: idChecker(byNumber),
  };
  const rejected: RejectedRow[] = [];
  const valid = rows.flatMap((row): ValidRow[] => {
    const result = parseRow(row, columns, context);
    if ('reasons' in result) {
      rejected.push(result);
      return [];
    }
    return [{ ...result, existing: result.caseNumber === null ? null : byNumber.get(result.caseNumber)! }];
  });
  const paths = valid.flatMap((r) => (r.fields.modulePath?.length ? [r.fields.modulePath] : []));
  const modules = await ensureModulePaths(enterpriseId, projectId, paths);
  const plan = await planRows(enterpriseId, projectId, userId, valid, modules.idOf);
  const created = await writeNewCases(
    enterpriseId,
    projectId,
    plan.creates.map((c) => c.draft),
  );
  const updated = await writeSaves(enterpriseId, plan.saves, rejected);
  return {
    rows: rows.length,
    created: created.length,
    updated,
    unchanged: plan.unchanged,
    modulesCreated: modules.created,
    rejected: rejected.sort((a, b) => a.row - b.row),
  };
}
