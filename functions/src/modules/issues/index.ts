/**
 * The work-item module's public entry, the only file other modules may import (rule and map:
 * docs/architecture.md "Modules"). Routes and the app are never exported from here.
 */

// Finding work items and their project's current copy (project-index.ts).
export { issueNotFound, projectOfIssue, projectWithIndex } from './context';
export { journalViews, repositoryJournalOps, writeJournalEntry } from './journals';
export { listIssues } from './list';
export { indexAt, type ProjectIndex, projectIndex } from './project-index';
export {
  countersFromItem,
  currentCounts,
  EMPTY_COUNTERS,
  getCounters,
  getCountersOf,
  getCurrentCounts,
  type ProjectCounters,
} from './store/counters';
export { feedPage, type JournalRecord } from './store/journals';
export {
  deleteIssueRefsOfProject,
  findIssueProjects,
  getIssueDescriptions,
  getIssues,
  type IssueRecord,
  readProjectState,
} from './store/work-items';
export { issueRefView } from './views';
// Writing work items: every write goes through the project's write loop (writeIssues), which
// other modules join with their own plans (sprint membership, completion) and operations.
export { createIssue, type Editable, planItemEdits } from './work-items';
export { type WritePlan, writeIssues } from './write-loop';
