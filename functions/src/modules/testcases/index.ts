/**
 * The test-case module's public entry, the only file other modules may import (rule and map:
 * docs/architecture.md "Modules"). Routes and the app are never exported from here.
 */

// Case modules and cases, for the sheets, results and reports of test runs.
export { moduleAndDescendantIds, modulePaths } from './case-modules';
// Work items linked to cases: the issues group serves the link call, and deleting a work item
// deletes its links in the same transaction.
export { caseLinkDeletionOps, linkTestcase } from './issue-links';
// Specs covered by cases: a spec change flags the covering cases in its own transaction.
export { casesCoveringSpec, flagCasesOfSpec } from './spec-links';
export { listCaseModules } from './store/case-modules';
export {
  caseLocalId,
  getTestcase,
  getTestcaseBody,
  getTestcases,
  linkCountOp,
  listTestcases,
  putLinkOps,
  type TestcaseBody,
  type TestcaseRecord,
  testcaseKeyOf,
} from './store/testcases';
