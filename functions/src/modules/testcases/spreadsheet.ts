/**
 * The case spreadsheet format (CASE_SHEET_COLUMNS): reading an uploaded .xlsx or .csv into rows
 * of text, writing the library as .xlsx, and turning one row into case fields with every reason
 * it is refused. What the rows do to the library is modules/testcases/import.ts.
 *
 * Cells: ID is the case code (TC-12, or 12); Module a path `Parent / Child` (`Parent/Child` too);
 * Type and Priority a name or number; Tags comma-separated names; Steps and Expected results
 * numbered lines (`1. ...`), an expected result going with the step of its number.
 *
 * The spreadsheet libraries are imported on use: in the Lambda bundle they become a chunk that
 * only import and export requests load, not every cold start of the case library's function.
 */

import { badRequest } from '@core/errors';
import { PRIORITIES } from '@shared/domain/priorities';
import { MAX_MODULE_DEPTH } from '@shared/domain/products';
import { CASE_SHEET_COLUMNS, CASE_TYPES, caseCode, MAX_UPLOAD_ROWS } from '@shared/domain/testing';
import { CaseCreateBodySchema, type CaseStep, type RejectedRow } from '@shared/schemas/testcases';

export type Column = (typeof CASE_SHEET_COLUMNS)[number];

// ---- reading a file ---------------------------------------------------------------------------

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const notASheet = () => badRequest('file', 'Must be an .xlsx or .csv file');

const isZip = (bytes: Uint8Array) => ZIP_MAGIC.every((b, i) => bytes[i] === b);

/** A cell as text: numbers as written, dates as YYYY-MM-DD, nothing as ''. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  return String(value).trim();
}

async function readXlsx(bytes: Uint8Array): Promise<string[][]> {
  const { default: readXlsxFile } = await import('read-excel-file/node');
  try {
    const [first] = await readXlsxFile(Buffer.from(bytes));
    return (first?.data ?? []).map((row) => row.map(cellText));
  } catch {
    throw badRequest('file', 'The .xlsx file could not be read; save it again from a spreadsheet program');
  }
}

async function readCsv(bytes: Uint8Array): Promise<string[][]> {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw badRequest('file', 'The .csv file must be UTF-8 text');
  }
  const { default: Papa } = await import('papaparse');
  // A byte-order mark (spreadsheet programs write one) is not part of the first header.
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: false });
  return parsed.data.map((row) => row.map(cellText));
}

/**
 * The rows of an uploaded file (its first sheet), as text. The type comes from the name and must
 * agree with the content: an .xlsx is a zip, a .csv is not.
 */
export async function readSpreadsheet(fileName: string, bytes: Uint8Array): Promise<string[][]> {
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  if (bytes.length === 0) throw badRequest('file', 'The file is empty');
  if (extension === 'xlsx' && isZip(bytes)) return readXlsx(bytes);
  if (extension === 'csv' && !isZip(bytes)) return readCsv(bytes);
  throw notASheet();
}

// ---- columns and rows -------------------------------------------------------------------------

/** Where each known column is (headers matched ignoring case and surrounding spaces). */
export type ColumnIndex = ReadonlyMap<Column, number>;

const blank = (row: readonly string[]) => row.every((cell) => cell === '');

/** One data row with its number as the spreadsheet shows it (the header is row 1). */
export interface SheetRow {
  row: number;
  cells: readonly string[];
}

/**
 * The header's columns and the data rows (blank rows skipped, numbers kept). 400 when the file
 * has no header, no Title column, no data rows, or more than MAX_UPLOAD_ROWS.
 */
export function sheetRows(rows: readonly string[][]): { columns: ColumnIndex; rows: SheetRow[] } {
  const header = rows[0];
  if (!header || blank(header)) throw badRequest('file', 'The file is empty');
  const columns = new Map<Column, number>();
  header.forEach((name, i) => {
    const column = CASE_SHEET_COLUMNS.find((c) => c.toLowerCase() === name.trim().toLowerCase());
    if (column && !columns.has(column)) columns.set(column, i);
  });
  if (!columns.has('Title')) throw badRequest('file', 'The header row has no Title column');
  const data = rows.slice(1).flatMap((cells, i) => (blank(cells) ? [] : [{ row: i + 2, cells }]));
  if (data.length === 0) throw badRequest('file', 'The file has no cases below the header row');
  if (data.length > MAX_UPLOAD_ROWS) {
    throw badRequest('file', `A file may hold at most ${MAX_UPLOAD_ROWS} cases, not ${data.length}`);
  }
  return { columns, rows: data };
}

// ---- cell formats -----------------------------------------------------------------------------

const NUMBERED = /^\s*(\d{1,4})\s*[.)、:]\s?(.*)$/;

/** Numbered lines: `1. first\n2. second`. */
export function numberedLines(items: readonly { n: number; text: string }[]): string {
  return items.map((item) => `${item.n}. ${item.text}`).join('\n');
}

/**
 * Numbered lines back into items by number; a line without a number continues the item above.
 * Text without any numbers is one item (1). Problems are reasons, not exceptions.
 */
export function parseNumbered(
  text: string,
  label: string,
): { items: Map<number, string>; reasons: string[] } {
  const items = new Map<number, string>();
  const reasons: string[] = [];
  const lines = text.split(/\r?\n/);
  if (!lines.some((line) => NUMBERED.test(line))) {
    if (text.trim()) items.set(1, text.trim());
    return { items, reasons };
  }
  let current: number | null = null;
  for (const line of lines) {
    const match = NUMBERED.exec(line);
    if (match) {
      current = Number(match[1]);
      if (items.has(current)) reasons.push(`${label}: number ${current} appears twice`);
      items.set(current, match[2]!.trim());
    } else if (current !== null) items.set(current, `${items.get(current)}\n${line}`.trim());
    else if (line.trim()) reasons.push(`${label}: each item must start with its number ("1. ...")`);
  }
  return { items, reasons };
}

/** Steps and expected results, paired by number and ordered by it. */
function stepsOf(stepsText: string, expectedText: string): { steps: CaseStep[]; reasons: string[] } {
  const steps = parseNumbered(stepsText, 'Steps');
  const expected = parseNumbered(expectedText, 'Expected results');
  const reasons = [...steps.reasons, ...expected.reasons];
  for (const n of expected.items.keys()) {
    if (!steps.items.has(n)) reasons.push(`Expected results: expected result ${n} has no step ${n}`);
  }
  const ordered = [...steps.items.keys()].sort((a, b) => a - b);
  return {
    steps: ordered.map((n) => ({ step: steps.items.get(n)!, expected: expected.items.get(n) ?? '' })),
    reasons,
  };
}

/** A type by name (any case) or number. */
function typeOf(cell: string): number | null {
  const byName = CASE_TYPES.find((t) => t.name.toLowerCase() === cell.toLowerCase());
  if (byName) return byName.id;
  return CASE_TYPES.find((t) => String(t.id) === cell)?.id ?? null;
}

/** A priority by label (Urgent, High, Normal, Low; any case) or number 1-4. */
function priorityOf(cell: string): number | null {
  const found = PRIORITIES.find((p) => p.label.toLowerCase() === cell.toLowerCase() || String(p.id) === cell);
  return found?.id ?? null;
}

/** `TC-12` or `12`: a case number; null for anything else. */
export function caseNumberOf(cell: string): number | null {
  const match = /^(?:tc-?)?(\d{1,9})$/i.exec(cell.trim());
  return match ? Number(match[1]) : null;
}

/** A module path's names, top first: `A / B` or `A/B`. */
export function modulePathOf(cell: string): string[] {
  return cell
    .split('/')
    .map((name) => name.trim())
    .filter(Boolean);
}

// ---- one row ----------------------------------------------------------------------------------

/** What a row says about a case; a field is absent when its column is. */
export interface RowFields {
  title?: string;
  /** Names from the top; empty for no module. */
  modulePath?: string[];
  type?: number;
  priority?: number;
  tagIds?: string[];
  precondition?: string;
  steps?: CaseStep[];
  remark?: string;
}

export interface ParsedRow {
  row: number;
  /** The case it updates; null for a new case. */
  caseNumber: number | null;
  fields: RowFields;
}

/** The column a schema field is shown under. */
const COLUMN_OF: Record<string, Column> = {
  title: 'Title',
  type: 'Type',
  priority: 'Priority',
  tagIds: 'Tags',
  precondition: 'Preconditions',
  steps: 'Steps',
  remark: 'Remark',
};

/** The schema's reasons (section-5 messages), each under its column. */
function schemaReasons(fields: RowFields): string[] {
  const checked = CaseCreateBodySchema.safeParse({ pmsProjectId: 'x', ...fields, modulePath: undefined });
  if (checked.success) return [];
  return checked.error.issues.map((issue) => {
    const expected = issue.path.includes('expected');
    const column = expected
      ? 'Expected results'
      : (COLUMN_OF[String(issue.path[0])] ?? String(issue.path[0]));
    const at =
      issue.path[0] === 'steps' && typeof issue.path[1] === 'number' ? ` (${issue.path[1] + 1})` : '';
    return `${column}${at}: ${issue.message}`;
  });
}

/** Reads the cell of a column; undefined when the file has no such column. */
const cellOf = (row: SheetRow, columns: ColumnIndex, column: Column) => {
  const at = columns.get(column);
  return at === undefined ? undefined : (row.cells[at] ?? '');
};

/** The fields of the cells other than ID, with the reasons any of them is refused. */
function rowFields(
  row: SheetRow,
  columns: ColumnIndex,
  tagsByName: ReadonlyMap<string, string>,
): { fields: RowFields; reasons: string[] } {
  const cell = (column: Column) => cellOf(row, columns, column);
  const fields: RowFields = {};
  const reasons: string[] = [];
  fields.title = cell('Title');
  const module = cell('Module');
  if (module !== undefined) {
    fields.modulePath = modulePathOf(module);
    if (fields.modulePath.length > MAX_MODULE_DEPTH) {
      reasons.push(`Module: Modules may be at most ${MAX_MODULE_DEPTH} levels deep`);
    }
    const long = fields.modulePath.find((name) => name.length > 60);
    if (long) reasons.push('Module: module name must be at most 60 characters');
  }
  const type = cell('Type');
  if (type) {
    fields.type = typeOf(type) ?? undefined;
    if (fields.type === undefined)
      reasons.push(`Type: ${type} is not a case type (${CASE_TYPES.map((t) => t.name).join(', ')})`);
  }
  const priority = cell('Priority');
  if (priority) {
    fields.priority = priorityOf(priority) ?? undefined;
    if (fields.priority === undefined)
      reasons.push(`Priority: ${priority} is not a priority (Urgent, High, Normal, Low)`);
  }
  const tags = cell('Tags');
  if (tags !== undefined) {
    const names = [
      ...new Set(
        tags
          .split(/[,，]/)
          .map((t) => t.trim())
          .filter(Boolean),
      ),
    ];
    const unknown = names.filter((name) => !tagsByName.has(name.toLowerCase()));
    for (const name of unknown) reasons.push(`Tags: Tag ${name} does not exist`);
    fields.tagIds = names.flatMap((name) => tagsByName.get(name.toLowerCase()) ?? []);
  }
  fields.precondition = cell('Preconditions');
  fields.remark = cell('Remark');
  const stepsText = cell('Steps');
  const expectedText = cell('Expected results');
  if (stepsText !== undefined || expectedText !== undefined) {
    const parsed = stepsOf(stepsText ?? '', expectedText ?? '');
    fields.steps = parsed.steps;
    reasons.push(...parsed.reasons);
  }
  return { fields, reasons: [...reasons, ...schemaReasons(fields)] };
}

/** What rows are checked against: the tag vocabulary and what the library's IDs say. */
export interface RowContext {
  /** Lower-cased tag names to ids. */
  tagsByName: ReadonlyMap<string, string>;
  /** The reasons a case number in the ID column is refused (unknown, or in the file twice). */
  idReasons: (caseNumber: number, row: number) => string[];
}

/** One row as case fields, or every reason it is refused (a row stands alone). */
export function parseRow(row: SheetRow, columns: ColumnIndex, context: RowContext): ParsedRow | RejectedRow {
  const reasons: string[] = [];
  const id = cellOf(row, columns, 'ID') ?? '';
  const caseNumber = id === '' ? null : caseNumberOf(id);
  if (id !== '' && caseNumber === null) reasons.push(`ID: ${id} is not a case ID (such as ${caseCode(12)})`);
  if (caseNumber !== null) reasons.push(...context.idReasons(caseNumber, row.row));
  const parsed = rowFields(row, columns, context.tagsByName);
  reasons.push(...parsed.reasons);
  if (reasons.length > 0) return { row: row.row, reasons };
  return { row: row.row, caseNumber, fields: parsed.fields };
}

// ---- writing ----------------------------------------------------------------------------------

/** One case as the spreadsheet shows it. */
export interface CaseSheetRow {
  caseNumber: number;
  title: string;
  modulePath: string;
  type: string;
  priority: string;
  tags: string[];
  precondition: string;
  steps: readonly CaseStep[];
  remark: string;
}

function cellsOf(c: CaseSheetRow): string[] {
  return [
    caseCode(c.caseNumber),
    c.title,
    c.modulePath,
    c.type,
    c.priority,
    c.tags.join(', '),
    c.precondition,
    numberedLines(c.steps.map((s, i) => ({ n: i + 1, text: s.step }))),
    numberedLines(c.steps.flatMap((s, i) => (s.expected ? [{ n: i + 1, text: s.expected }] : []))),
    c.remark,
  ];
}

const COLUMN_WIDTHS = [10, 40, 24, 14, 10, 20, 30, 40, 40, 24];

/** The cases as an .xlsx workbook (one sheet, the header in bold). */
export async function casesWorkbook(cases: readonly CaseSheetRow[]): Promise<Buffer> {
  const header = CASE_SHEET_COLUMNS.map((name) => ({ value: name, fontWeight: 'bold' as const }));
  const rows = cases.map((c) =>
    cellsOf(c).map((value) => ({ value, wrap: true, alignVertical: 'top' as const })),
  );
  const { default: writeXlsxFile } = await import('write-excel-file/node');
  return writeXlsxFile([header, ...rows], {
    sheet: 'Cases',
    columns: COLUMN_WIDTHS.map((width) => ({ width })),
    stickyRowsCount: 1,
  }).toBuffer();
}
