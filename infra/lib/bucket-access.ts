import type { EndpointGroupName } from '../../functions/src/manifest';
import type { BucketRole } from './definitions';

/** One bucket permission of an endpoint group's function. */
export interface BucketGrant {
  readonly bucket: BucketRole;
  /** `read` is get and list; `readWrite` adds put and delete. */
  readonly access: 'read' | 'readWrite';
  /**
   * Object keys the grant covers, e.g. `snapshots/*`.
   * @default '*' (every object of that bucket, never any other bucket)
   */
  readonly keys?: string;
}

/** The knowledge base's objects in the files bucket: `ent/{enterpriseId}/docs/...`. */
export const DOCS_FILE_KEYS = 'ent/*/docs/*';

/** Bucket permissions per endpoint group; a group that is not listed gets none. */
export type GroupBucketAccess = { readonly [G in EndpointGroupName]?: readonly BucketGrant[] };

/**
 * Which buckets each group's Lambda may touch. IAM enforces this in the cloud only (the local S3
 * emulator lets everything through), so a group that starts using a bucket must gain its line
 * here, or its calls fail with AccessDenied after deploy. The foundation groups (auth,
 * enterprise, system) keep all their data in the table, so none of them has bucket access yet;
 * the artifact, knowledge-base and test-case groups will, as they are added to the manifest.
 */
/** Work-item list snapshots (modules/issues/snapshots.ts): the issues group writes them, every group that loads a project's work items reads them. */
const LIST_SNAPSHOTS = '*/issue-index/*';

export const GROUP_BUCKET_ACCESS: GroupBucketAccess = {
  issues: [{ bucket: 'files', access: 'readWrite', keys: LIST_SNAPSHOTS }],
  projects: [{ bucket: 'files', access: 'read', keys: LIST_SNAPSHOTS }],
  sprints: [{ bucket: 'files', access: 'read', keys: LIST_SNAPSHOTS }],
  requirements: [{ bucket: 'files', access: 'read', keys: LIST_SNAPSHOTS }],
  testruns: [{ bucket: 'files', access: 'read', keys: LIST_SNAPSHOTS }],
  // The knowledge base keeps files and its saved search indexes under each enterprise's prefix
  // (`ent/{enterpriseId}/docs/...`, functions/src/modules/docs): that sub-prefix only.
  docs: [{ bucket: 'files', access: 'readWrite', keys: DOCS_FILE_KEYS }],
};
