/**
 * The requirements module's public entry, the only file other modules may import (rule and map:
 * docs/architecture.md "Modules"). Routes and the app are never exported from here.
 */

// Demands (work items pushed from specs): deleting a work item or a project unlinks them in
// the same transaction.
export { demandDeletionOps, unlinkDemandsOfProject } from './store/demands';
// Specs, for the cases that cover them; user requirements and specs for the work desk's review
// queues and statistics.
export { getSpecs, listSpecs, type SpecRecord } from './store/specs';
export { listUserRequirements, type UserRequirementRecord } from './store/user-requirements';
export { specIdOf, userRequirementIdOf } from './views';
