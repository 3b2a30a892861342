/**
 * Cases as the API shows them: rows (list, batch, copy, links) and the detail. Module paths and
 * people are resolved when the answer is built, never copied into the case items.
 */

import { summaryOf, userSummaries } from '@core/identity/people';
import { caseTypeName } from '@shared/domain/testing';
import type { IssueRef } from '@shared/schemas/issues';
import type { UserSummary } from '@shared/schemas/projects';
import type { CaseDetail, CaseRow, SpecRef } from '@shared/schemas/testcases';
import { modulePaths } from './case-modules';
import { listCaseModules } from './store/case-modules';
import type { TestcaseBody, TestcaseRecord } from './store/testcases';

/** What rows need besides the cases: module paths and people. */
export interface CaseRowContext {
  paths: ReadonlyMap<string, string>;
  users: ReadonlyMap<string, UserSummary>;
}

/** The context for rows of the cases given (their projects' module paths, their creators). */
export async function rowContext(
  enterpriseId: string,
  cases: readonly TestcaseRecord[],
): Promise<CaseRowContext> {
  const projectIds = [...new Set(cases.map((c) => c.projectId))];
  const [moduleLists, users] = await Promise.all([
    Promise.all(projectIds.map((id) => listCaseModules(enterpriseId, id))),
    userSummaries(cases.map((c) => c.creatorId)),
  ]);
  return { paths: modulePaths(moduleLists.flat()), users };
}

export function caseRowView(record: TestcaseRecord, context: CaseRowContext): CaseRow {
  return {
    id: record.caseId,
    pmsProjectId: record.projectId,
    caseNumber: record.caseNumber,
    title: record.title,
    // A module deleted at the moment a case was filed into it leaves an id that resolves to nothing.
    moduleId: record.moduleId !== null && context.paths.has(record.moduleId) ? record.moduleId : null,
    moduleName: (record.moduleId && context.paths.get(record.moduleId)) || '',
    type: record.type,
    typeName: caseTypeName(record.type),
    priority: record.priority,
    tagIds: record.tagIds,
    needsConfirmation: record.needsConfirmation,
    specCount: record.specIds.length,
    linkedIssueCount: record.linkedIssueCount,
    creator: summaryOf(context.users, record.creatorId),
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    version: record.version,
  };
}

/** Rows of the cases given, in the order given. */
export async function caseRows(enterpriseId: string, cases: readonly TestcaseRecord[]): Promise<CaseRow[]> {
  const context = await rowContext(enterpriseId, cases);
  return cases.map((c) => caseRowView(c, context));
}

export function caseDetailView(
  record: TestcaseRecord,
  body: TestcaseBody,
  context: CaseRowContext,
  specs: SpecRef[],
  linkedIssues: IssueRef[],
): CaseDetail {
  return {
    ...caseRowView(record, context),
    precondition: body.precondition,
    steps: body.steps.map((s) => ({ step: s.step, expected: s.expected })),
    remark: body.remark,
    specs,
    linkedIssues,
  };
}
