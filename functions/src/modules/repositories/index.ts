/**
 * The repositories module's public entry, the only file other modules may import (rule and map:
 * docs/architecture.md "Modules"). Routes and the app are never exported from here.
 *
 * For the pipelines capability: a repository's default branch and remote access, fetching a
 * commit's files for a local executor, and the push event to subscribe to (`repositories.push`,
 * see push-events.ts: declare `subscribes` in the manifest and `defineSubscriber`).
 */
export { remoteOf, repositoryNotFound } from './access';
export { checkoutCommit, type RemoteAccess } from './git/remote';
export { PUSH_EVENT, type PushEvent } from './push-events';
export { requireRepository } from './repositories';
export { listCommitRuns, mentionsOfCommits, recordCommitRun } from './store/commit-runs';
export {
  getRepositories,
  getRepository,
  listProjectLinks,
  type RepositoryRecord,
} from './store/repositories';
