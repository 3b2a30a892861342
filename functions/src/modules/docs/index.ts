/**
 * The knowledge base's public entry, the only file other modules may import (rule and map:
 * docs/architecture.md "Modules"). Routes and the app are never exported from here.
 */

// "Referenced in docs": the pages that mention a work item or spec, as the caller may see them.
export { referrers } from './references';
