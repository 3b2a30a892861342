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

/** The artifact library's blobs and pending uploads: `ent/{enterpriseId}/artifacts/...`. */
export const ARTIFACT_FILE_KEYS = 'ent/*/artifacts/*';

/**
 * Data exports (functions/src/modules/enterprise/exports.ts): `exports/{enterpriseId}/{exportId}.zip`.
 * A top-level prefix, not one under `ent/{enterpriseId}/`: a lifecycle rule filters by a plain
 * prefix (no wildcard), and EXPORTS_PREFIX is the one whose objects expire (constructs/storage.ts).
 */
export const EXPORTS_PREFIX = 'exports/';
export const EXPORT_ARCHIVE_KEYS = `${EXPORTS_PREFIX}*`;
/** Every enterprise's files (`ent/{enterpriseId}/...`), which an export copies into its archive. */
export const ENTERPRISE_FILE_KEYS = 'ent/*';
/** Days an export's archive is kept (its record has the same TTL). */
export const EXPORT_RETENTION_DAYS = 7;

/** Bucket permissions per endpoint group; a group that is not listed gets none. */
export type GroupBucketAccess = { readonly [G in EndpointGroupName]?: readonly BucketGrant[] };

/**
 * Which buckets each group's Lambda may touch. IAM enforces this in the cloud only (the local S3
 * emulator lets everything through), so a group that starts using a bucket must gain its line
 * here, or its calls fail with AccessDenied after deploy. The foundation groups (auth,
 * system) keep all their data in the table and have no bucket access; the enterprise group
 * reads the enterprise's files and writes data exports.
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
  // Artifact blobs (by sha256) and presigned uploads, under each enterprise's prefix.
  artifacts: [{ bucket: 'files', access: 'readWrite', keys: ARTIFACT_FILE_KEYS }],
  // A data export reads every file of the enterprise and writes its archive under exports/.
  enterprise: [
    { bucket: 'files', access: 'read', keys: ENTERPRISE_FILE_KEYS },
    { bucket: 'files', access: 'readWrite', keys: EXPORT_ARCHIVE_KEYS },
  ],
};
