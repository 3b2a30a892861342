/**
 * The sprints module's public entry, the only file other modules may import (rule and map:
 * docs/architecture.md "Modules"). Routes and the app are never exported from here.
 */

// The work-item write path appends the sprint log rows in its own transaction.
export { sprintLogBatchOps } from './store/sprint-log';
export { getSprint, getSprints, listSprints, sprintJoinOp } from './store/sprints';
