/**
 * Test management: case types, execution results (section 4), sheet states, the spreadsheet
 * columns and the limits. Server and web both read these.
 */
import { TEST_RESULT } from './work-items';

export { TEST_RESULT };
export type TestResultId = (typeof TEST_RESULT)[keyof typeof TEST_RESULT];

/** Section 4's execution results with the colours the charts and badges use. */
export const TEST_RESULTS = [
  { id: TEST_RESULT.notExecuted, name: 'Not executed', color: 'gray' },
  { id: TEST_RESULT.passed, name: 'Passed', color: 'green' },
  { id: TEST_RESULT.failed, name: 'Failed', color: 'red' },
  { id: TEST_RESULT.blocked, name: 'Blocked', color: 'orange' },
  { id: TEST_RESULT.skipped, name: 'Skipped', color: 'violet' },
] as const;
export const TEST_RESULT_IDS = TEST_RESULTS.map((r) => r.id);

export function testResultName(id: number): string {
  return TEST_RESULTS.find((r) => r.id === id)?.name ?? 'Unknown';
}

/**
 * The pass rate of a set of results: passed / executed (not-executed ones left out), 0..1;
 * 0 when nothing ran. Skipped cases count as executed (someone decided not to run them).
 */
export function passRate(counts: Readonly<Record<number, number>>): number {
  const executed = TEST_RESULT_IDS.filter((id) => id !== TEST_RESULT.notExecuted).reduce(
    (sum, id) => sum + (counts[id] ?? 0),
    0,
  );
  return executed === 0 ? 0 : (counts[TEST_RESULT.passed] ?? 0) / executed;
}

/** Case types (`pmsProjectTestcaseType/list`): a fixed list, not per enterprise. */
export const CASE_TYPES = [
  { id: 1, name: 'Functional' },
  { id: 2, name: 'Performance' },
  { id: 3, name: 'Interface' },
  { id: 4, name: 'Security' },
  { id: 5, name: 'Compatibility' },
  { id: 6, name: 'Usability' },
  { id: 7, name: 'Other' },
] as const;
export const CASE_TYPE_IDS = CASE_TYPES.map((t) => t.id);
export const DEFAULT_CASE_TYPE = 1;

export function caseTypeName(id: number): string {
  return CASE_TYPES.find((t) => t.id === id)?.name ?? 'Other';
}

/** A test sheet's state: it starts when its first result is recorded; completing is explicit. */
export const SHEET_STATUS = { notStarted: 0, inProgress: 1, completed: 2 } as const;
export const SHEET_STATUSES = [
  { id: SHEET_STATUS.notStarted, name: 'Not started', color: 'gray' },
  { id: SHEET_STATUS.inProgress, name: 'In progress', color: 'blue' },
  { id: SHEET_STATUS.completed, name: 'Completed', color: 'green' },
] as const;

/** The `{testType}` segment of `/projects/{id}/test/{testType}`. */
export const TEST_TYPES = ['case', 'sheet', 'report'] as const;
export type TestType = (typeof TEST_TYPES)[number];

/** How a case number shows: TC-12. */
export const caseCode = (caseNumber: number) => `TC-${caseNumber}`;

/**
 * The spreadsheet columns of download, partDownload and upload, in order. `ID` is the case code
 * (TC-12): on upload a row with a known ID updates that case, a row without one creates a case.
 * Module is the module path (`Parent/Child`); Steps and Expected results are numbered lines
 * (`1. ...`), matched by number.
 */
export const CASE_SHEET_COLUMNS = [
  'ID',
  'Title',
  'Module',
  'Type',
  'Priority',
  'Tags',
  'Preconditions',
  'Steps',
  'Expected results',
  'Remark',
] as const;

export const MAX_CASE_STEPS = 50;
export const MAX_CASE_TAGS = 10;
/** Specs one case covers; and cases one spec may have (a spec change flags them in one transaction). */
export const MAX_CASE_SPECS = 10;
export const MAX_SPEC_CASES = 40;
/** Cases in one batch edit, copy, delete or confirm (each is a transaction item or two). */
export const MAX_BATCH_CASES = 40;
/**
 * Cases one `linkTestcase` call links and unlinks, together: three writes each and the check of
 * the work item make one transaction (DynamoDB's limit is 100), so a call is all or nothing.
 */
export const MAX_LINK_CASES = 33;
/**
 * Cases one work item may be linked to: deleting the item removes every link (three writes each)
 * in the item's own transaction, which has to stay under DynamoDB's 100 writes.
 */
export const MAX_ITEM_CASES = 20;
/** Uploads: the file's size and its data rows. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const MAX_UPLOAD_ROWS = 2000;
/** Cases one sheet may hold, and cases one add call may add. */
export const MAX_SHEET_CASES = 2000;
export const MAX_SHEET_CASE_ADD = 500;
/**
 * Sheet cases one batchUpdate may set. All or nothing means one transaction (at most 100
 * writes), and recording a result writes two items per sheet case (the case and its run) plus
 * the sheet's start: 45 leaves room to spare.
 */
export const MAX_BATCH_SHEET_CASES = 45;
/** Work items one sheet case may be linked to. */
export const MAX_SHEET_CASE_ISSUES = 20;
