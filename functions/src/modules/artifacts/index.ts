/**
 * The artifact library's public entry, the only file other modules may import (rule and map:
 * docs/architecture.md "Modules"). Routes and the app are never exported from here.
 */

// The enterprise module removes the library of an enterprise it deletes (purge.ts).
export { purgeArtifactsOf } from './background';
// The repositories of an enterprise (the work desk and search may show them).
export { listRepositories } from './store/repositories';
