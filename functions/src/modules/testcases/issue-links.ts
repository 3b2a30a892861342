/**
 * Links between work items and cases of the same project (`PUT pmsProjectIssues/linkTestcase`).
 * Each link is two items (CASEISSUE# and ISSUECASE#, modules/testcases/store/testcases.ts) written
 * with a step of the case's `linkedIssueCount`, in one transaction with a check that the work item
 * still exists. Deleting a work item deletes its links and steps the counts back in its own
 * transaction (caseLinkDeletionOps), which is why a work item holds at most MAX_ITEM_CASES links.
 */

import { nowIso } from '@core/clock';
import { keys } from '@core/db/keys';
import { ConditionFailedError, conditions, type TxOp, transact } from '@core/db/operations';
import { badRequest, conflict } from '@core/errors';
import { MAX_ITEM_CASES } from '@shared/domain/testing';
import type { CaseRow, LinkTestcaseBody } from '@shared/schemas/testcases';
import { getIssues, issueNotFound, projectOfIssue } from '../issues';
import {
  deleteLinkOps,
  getTestcases,
  linkCountOp,
  linkEndKeys,
  listIssueCaseLinks,
  putLinkOps,
  type TestcaseRecord,
} from './store/testcases';
import { caseNotFound, requireCases } from './testcases';
import { caseRows } from './views';

/** The cases linked to a work item, by number (links whose case went meanwhile are left out). */
export async function casesLinkedTo(enterpriseId: string, projectId: string, issueId: string) {
  const links = await listIssueCaseLinks(enterpriseId, projectId, issueId);
  const cases = await getTestcases(
    enterpriseId,
    links.map((l) => l.caseId),
  );
  return cases.sort((a, b) => a.caseNumber - b.caseNumber);
}

/** 400 naming the list and the first case that is not in the work item's project. */
function assertSameProject(cases: readonly TestcaseRecord[], projectId: string, field: 'link' | 'unlink') {
  const other = cases.find((c) => c.projectId !== projectId);
  if (other) throw badRequest(field, `Case ${other.caseId} is not in the item's project`);
}

interface LinkChange {
  caseId: string;
  add: boolean;
}

function changeOps(
  enterpriseId: string,
  issueId: string,
  change: LinkChange,
  userId: string,
  at: string,
): TxOp[] {
  const link = { caseId: change.caseId, issueId };
  return [
    ...(change.add ? putLinkOps(enterpriseId, link, userId, at) : deleteLinkOps(enterpriseId, link)),
    linkCountOp(enterpriseId, change.caseId, change.add ? 1 : -1),
  ];
}

/**
 * Writes the link changes in one transaction with a check that the work item is still there:
 * MAX_LINK_CASES keeps a call within DynamoDB's 100 items, so nothing is half-written.
 */
async function writeChanges(
  enterpriseId: string,
  projectId: string,
  issueId: string,
  changes: readonly LinkChange[],
  userId: string,
): Promise<void> {
  if (changes.length === 0) return;
  const at = nowIso();
  const check: TxOp = {
    check: keys.issue(enterpriseId, projectId, issueId),
    condition: conditions.exists,
    label: 'issue',
  };
  try {
    await transact([check, ...changes.flatMap((c) => changeOps(enterpriseId, issueId, c, userId, at))]);
  } catch (error) {
    if (!(error instanceof ConditionFailedError)) throw error;
    if (error.label === 'issue') throw issueNotFound(issueId);
    if (error.label.startsWith('missing:')) throw caseNotFound(error.label.slice('missing:'.length));
    throw conflict("The work item's cases were changed by someone else; reload and try again");
  }
}

/**
 * Links cases to a work item and unlinks others. Cases already linked (or not linked, for
 * unlink) are left as they are. Answers the cases linked after the call.
 */
export async function linkTestcase(
  enterpriseId: string,
  userId: string,
  body: LinkTestcaseBody,
): Promise<CaseRow[]> {
  const projectId = await projectOfIssue(enterpriseId, body.issueId);
  const [issue] = await getIssues(enterpriseId, projectId, [body.issueId]);
  if (!issue) throw issueNotFound(body.issueId);
  const both = body.link.find((id) => body.unlink.includes(id));
  if (both) throw badRequest('unlink', `Case ${both} is in link as well`);
  const [toLink, toUnlink] = await Promise.all([
    requireCases(enterpriseId, body.link),
    requireCases(enterpriseId, body.unlink),
  ]);
  assertSameProject(toLink, projectId, 'link');
  assertSameProject(toUnlink, projectId, 'unlink');
  const linked = new Set(
    (await listIssueCaseLinks(enterpriseId, projectId, body.issueId)).map((l) => l.caseId),
  );
  const changes: LinkChange[] = [
    ...toLink.filter((c) => !linked.has(c.caseId)).map((c) => ({ caseId: c.caseId, add: true })),
    ...toUnlink.filter((c) => linked.has(c.caseId)).map((c) => ({ caseId: c.caseId, add: false })),
  ];
  const after = linked.size + changes.reduce((n, c) => n + (c.add ? 1 : -1), 0);
  if (after > MAX_ITEM_CASES) {
    throw conflict(`Work item #${issue.issueNumber} may be linked to at most ${MAX_ITEM_CASES} cases`);
  }
  await writeChanges(enterpriseId, projectId, body.issueId, changes, userId);
  return caseRows(enterpriseId, await casesLinkedTo(enterpriseId, projectId, body.issueId));
}

/**
 * The writes that remove a work item's case links, for the transaction deleting the item: both
 * ends of each link and the case's count stepped back (for cases that still exist).
 */
export async function caseLinkDeletionOps(
  enterpriseId: string,
  projectId: string,
  issueId: string,
): Promise<TxOp[]> {
  const links = await listIssueCaseLinks(enterpriseId, projectId, issueId);
  if (links.length === 0) return [];
  const live = new Set(
    (
      await getTestcases(
        enterpriseId,
        links.map((l) => l.caseId),
      )
    ).map((c) => c.caseId),
  );
  return links.flatMap((link) => [
    ...linkEndKeys(enterpriseId, link).map((key): TxOp => ({ delete: key })),
    ...(live.has(link.caseId) ? [linkCountOp(enterpriseId, link.caseId, -1)] : []),
  ]);
}
