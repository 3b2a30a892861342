/**
 * The test-run module's public entry, the only file other modules may import (rule and map:
 * docs/architecture.md "Modules"). Routes and the app are never exported from here.
 */

// Deleting a work item deletes its links to sheet cases in the same transaction.
export { sheetLinkDeletionOps } from './sheet-cases';
// Weekly reports count the sheets completed in a week.
export { listSheets } from './store/sheets';
