/**
 * The artifact library (`/api/pms/{identifier}/pmsProductLibrary...`, spec sections 2, 3 and 7):
 * hosted and group repositories per format, their components and assets, and the per-user
 * access tokens the package clients sign in with. Vocabulary and rules: docs/artifacts.md.
 */
import * as z from 'zod';
import {
  ARTIFACT_FORMATS,
  LAYOUT_POLICIES,
  REPOSITORY_KINDS,
  REPOSITORY_TYPES,
  TOKEN_SCOPES,
  VERSION_POLICIES,
  WRITE_POLICIES,
} from '../domain/artifacts';
import { messages } from './common';

export {
  ARTIFACT_FORMATS,
  type ArtifactFormat,
  LAYOUT_POLICIES,
  type LayoutPolicy,
  REPOSITORY_KINDS,
  REPOSITORY_TYPES,
  type RepositoryKind,
  type RepositoryType,
  TOKEN_SCOPES,
  type TokenScope,
  VERSION_POLICIES,
  type VersionPolicy,
  WRITE_POLICIES,
  type WritePolicy,
} from '../domain/artifacts';

/** A label and value pair of the option lists (formatList, TypeList, the policies). */
export const OptionSchema = z.object({ value: z.string(), label: z.string() }).meta({ id: 'ArtifactOption' });
export type Option = z.infer<typeof OptionSchema>;

export const RepositoryNameSchema = z
  .string({ error: messages.required('name') })
  .trim()
  .min(1, messages.required('name'))
  .max(64, messages.tooLong('name', 64))
  .regex(
    /^[a-z0-9][a-z0-9._-]*$/,
    'name may hold lower-case letters, digits, dots, dashes and underscores, starting with a letter or digit',
  );

const oneOf = <const T extends readonly [string, ...string[]]>(label: string, values: T) =>
  z.enum(values, { error: `${label} must be one of ${values.join(', ')}` });

const hostedFields = {
  name: RepositoryNameSchema,
  format: oneOf('format', ARTIFACT_FORMATS),
  kind: oneOf('kind', REPOSITORY_KINDS).default('zhipin'),
  description: z.string().trim().max(500, messages.tooLong('description', 500)).default(''),
  versionPolicy: oneOf('versionPolicy', VERSION_POLICIES).default('mixed'),
  layoutPolicy: oneOf('layoutPolicy', LAYOUT_POLICIES).default('strict'),
  writePolicy: oneOf('writePolicy', WRITE_POLICIES).default('allow_once'),
  /** Whether anyone, signed in or not, may read (download and browse by the client protocols). */
  anonymousRead: z.boolean({ error: 'anonymousRead must be true or false' }).default(false),
};

export const HostedCreateSchema = z.object(hostedFields);
export type HostedCreate = z.infer<typeof HostedCreateSchema>;

export const HostedUpdateSchema = z.object({
  description: hostedFields.description,
  versionPolicy: hostedFields.versionPolicy,
  layoutPolicy: hostedFields.layoutPolicy,
  writePolicy: hostedFields.writePolicy,
  anonymousRead: hostedFields.anonymousRead,
  version: z.number({ error: 'Please enter version' }).int().min(1),
});
export type HostedUpdate = z.infer<typeof HostedUpdateSchema>;

const membersField = z
  .array(z.string().min(1).max(64), { error: 'memberIds must be a list of repository ids' })
  .min(1, 'A group needs at least one member')
  .max(20, 'A group has at most 20 members');

export const GroupCreateSchema = z.object({
  name: RepositoryNameSchema,
  format: hostedFields.format,
  description: hostedFields.description,
  anonymousRead: hostedFields.anonymousRead,
  /** The member repositories, in the order the group asks them. */
  memberIds: membersField,
});
export type GroupCreate = z.infer<typeof GroupCreateSchema>;

export const GroupUpdateSchema = z.object({
  description: hostedFields.description,
  anonymousRead: hostedFields.anonymousRead,
  memberIds: membersField,
  version: HostedUpdateSchema.shape.version,
});
export type GroupUpdate = z.infer<typeof GroupUpdateSchema>;

export const LockBodySchema = z.object({
  locked: z.boolean({ error: 'locked must be true or false' }),
});

export const RepositorySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    format: z.enum(ARTIFACT_FORMATS),
    type: z.enum(REPOSITORY_TYPES),
    kind: z.enum(REPOSITORY_KINDS),
    description: z.string(),
    versionPolicy: z.enum(VERSION_POLICIES),
    layoutPolicy: z.enum(LAYOUT_POLICIES),
    writePolicy: z.enum(WRITE_POLICIES),
    anonymousRead: z.boolean(),
    locked: z.boolean(),
    memberIds: z.array(z.string()),
    componentCount: z.number().int(),
    assetCount: z.number().int(),
    sizeBytes: z.number().int(),
    /** Where the package clients reach it (relative to the site). */
    url: z.string(),
    createdBy: z.string(),
    createdAt: z.string(),
    version: z.number().int(),
  })
  .meta({ id: 'ArtifactRepository' });
export type ArtifactRepository = z.infer<typeof RepositorySchema>;

export const RepositoryListQuerySchema = z.object({
  kind: z.enum(REPOSITORY_KINDS, { error: 'kind must be zhipin, chanpin or shoukong' }).optional(),
  format: z
    .enum(ARTIFACT_FORMATS, { error: `format must be one of ${ARTIFACT_FORMATS.join(', ')}` })
    .optional(),
  type: z.enum(REPOSITORY_TYPES, { error: 'type must be hosted or group' }).optional(),
  name: z.string().trim().max(64).optional(),
});

// ---- components, assets, folders --------------------------------------------------------------

export const ChecksumsSchema = z
  .object({ sha256: z.string(), sha1: z.string(), md5: z.string(), sha512: z.string() })
  .meta({ id: 'ArtifactChecksums' });
export type Checksums = z.infer<typeof ChecksumsSchema>;

/** Why a component, asset or folder cannot be deleted (empty when it can). */
export const HoldSchema = z
  .object({
    reason: z.enum(['snapshot', 'promoted', 'locked']),
    /** A snapshot's name, a product repository's name, or the repository's. */
    by: z.string(),
    message: z.string(),
  })
  .meta({ id: 'ArtifactHold' });
export type Hold = z.infer<typeof HoldSchema>;

export const AssetSchema = z
  .object({
    path: z.string(),
    componentId: z.string().nullable(),
    size: z.number().int(),
    contentType: z.string(),
    checksums: ChecksumsSchema,
    publishedBy: z.string(),
    publishedAt: z.string(),
    /** The product repositories this asset was promoted into (their names). */
    promotedTo: z.array(z.string()),
    /** Where it was promoted from, on a product repository's copy (and from which snapshot). */
    promotedFrom: z
      .object({ repository: z.string(), snapshot: z.string().nullable(), by: z.string(), at: z.string() })
      .nullable(),
    /** The snapshots that hold this asset (their names). */
    heldBy: z.array(z.string()),
  })
  .meta({ id: 'ArtifactAsset' });
export type Asset = z.infer<typeof AssetSchema>;

export const ComponentSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    /** npm: the scope without its @; maven2: the groupId; empty for the others. */
    group: z.string(),
    version: z.string(),
    assetCount: z.number().int(),
    sizeBytes: z.number().int(),
    publishedBy: z.string(),
    publishedAt: z.string(),
  })
  .meta({ id: 'ArtifactComponent' });
export type Component = z.infer<typeof ComponentSchema>;

export const ComponentDetailSchema = ComponentSchema.extend({ assets: z.array(AssetSchema) }).meta({
  id: 'ArtifactComponentDetail',
});
export type ComponentDetail = z.infer<typeof ComponentDetailSchema>;

export const ComponentQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});

export const AssetPathSchema = z
  .string({ error: messages.required('path') })
  .min(1, messages.required('path'))
  .max(1024, messages.tooLong('path', 1024));

export const PathQuerySchema = z.object({ path: AssetPathSchema });
export const FolderQuerySchema = z.object({ path: z.string().max(1024).default('') });

/** One entry of a folder: a sub-folder, or an asset at this level. */
export const FolderEntrySchema = z
  .object({
    name: z.string(),
    path: z.string(),
    kind: z.enum(['folder', 'asset']),
    size: z.number().int(),
  })
  .meta({ id: 'ArtifactFolderEntry' });
export type FolderEntry = z.infer<typeof FolderEntrySchema>;

export const CanDeleteQuerySchema = z
  .object({
    path: z.string().max(1024).optional(),
    componentId: z.string().max(64).optional(),
    folder: z.string().max(1024).optional(),
  })
  .refine((q) => [q.path, q.componentId, q.folder].filter((v) => v !== undefined).length === 1, {
    message: 'Name exactly one of path, componentId or folder',
    path: ['path'],
  });

export const CanDeleteSchema = z
  .object({ canDelete: z.boolean(), holds: z.array(HoldSchema) })
  .meta({ id: 'ArtifactCanDelete' });
export type CanDelete = z.infer<typeof CanDeleteSchema>;

/** A presigned upload of one asset into a hosted repository (the path for large files). */
export const PackagedStartSchema = z.object({
  path: AssetPathSchema,
  size: z
    .number({ error: 'size must be a number of bytes' })
    .int('size must be a whole number of bytes')
    .min(1, 'size must be at least 1 byte'),
  /** The sha256 the client computed: the upload is refused when the bytes do not match it. */
  sha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/, 'sha256 must be 64 lower-case hex digits')
    .optional(),
});
export type PackagedStart = z.infer<typeof PackagedStartSchema>;

export const PackagedTicketSchema = z
  .object({
    uploadId: z.string(),
    url: z.string(),
    fields: z.record(z.string(), z.string()),
    expiresAt: z.string(),
  })
  .meta({ id: 'ArtifactUploadTicket' });
export type PackagedTicket = z.infer<typeof PackagedTicketSchema>;

export const DownloadSchema = z
  .object({ url: z.string(), expiresAt: z.string() })
  .meta({ id: 'ArtifactDownload' });

// ---- access tokens ------------------------------------------------------------------------------

export const TokenCreateSchema = z.object({
  name: z
    .string({ error: messages.required('name') })
    .trim()
    .min(1, messages.required('name'))
    .max(60, messages.tooLong('name', 60)),
  scope: z.enum(TOKEN_SCOPES, { error: 'scope must be read or write' }),
});
export type TokenCreate = z.infer<typeof TokenCreateSchema>;

export const AccessTokenSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    scope: z.enum(TOKEN_SCOPES),
    /** The first characters, so a person can tell tokens apart. */
    prefix: z.string(),
    createdAt: z.string(),
    lastUsedAt: z.string().nullable(),
  })
  .meta({ id: 'ArtifactAccessToken' });
export type AccessToken = z.infer<typeof AccessTokenSchema>;

/** A new token: the secret is shown this once and never stored. */
export const NewAccessTokenSchema = AccessTokenSchema.extend({ token: z.string() }).meta({
  id: 'ArtifactNewAccessToken',
});
export type NewAccessToken = z.infer<typeof NewAccessTokenSchema>;

// ---- snapshots, promotion, retention ------------------------------------------------------------

/** Words that name a route under a repository's snapshots, so no snapshot may take them. */
const RESERVED_SNAPSHOT_NAMES = ['compare'];

export const SnapshotNameSchema = z
  .string({ error: messages.required('name') })
  .trim()
  .min(1, messages.required('name'))
  .max(64, messages.tooLong('name', 64))
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9._-]*$/,
    'name may hold letters, digits, dots, dashes and underscores, starting with a letter or digit',
  )
  .refine((name) => !RESERVED_SNAPSHOT_NAMES.includes(name), 'The name compare is reserved');

export const SnapshotCreateSchema = z.object({
  name: SnapshotNameSchema,
  description: z.string().trim().max(500, messages.tooLong('description', 500)).default(''),
});
export type SnapshotCreate = z.infer<typeof SnapshotCreateSchema>;

export const SnapshotSchema = z
  .object({
    name: z.string(),
    description: z.string(),
    assetCount: z.number().int(),
    componentCount: z.number().int(),
    sizeBytes: z.number().int(),
    createdBy: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'ArtifactSnapshot' });
export type Snapshot = z.infer<typeof SnapshotSchema>;

/** One asset as the snapshot recorded it, with its component's coordinates at that moment. */
export const SnapshotAssetSchema = z
  .object({
    path: z.string(),
    componentId: z.string().nullable(),
    name: z.string(),
    group: z.string(),
    version: z.string(),
    size: z.number().int(),
    contentType: z.string(),
    checksums: ChecksumsSchema,
  })
  .meta({ id: 'ArtifactSnapshotAsset' });
export type SnapshotAsset = z.infer<typeof SnapshotAssetSchema>;

export const SnapshotDetailSchema = SnapshotSchema.extend({ assets: z.array(SnapshotAssetSchema) }).meta({
  id: 'ArtifactSnapshotDetail',
});
export type SnapshotDetail = z.infer<typeof SnapshotDetailSchema>;

export const SnapshotComponentSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    group: z.string(),
    version: z.string(),
    assetCount: z.number().int(),
    sizeBytes: z.number().int(),
  })
  .meta({ id: 'ArtifactSnapshotComponent' });
export type SnapshotComponent = z.infer<typeof SnapshotComponentSchema>;

export const SnapshotCompareQuerySchema = z.object({
  from: z
    .string({ error: messages.required('from') })
    .min(1, messages.required('from'))
    .max(64),
  to: z
    .string({ error: messages.required('to') })
    .min(1, messages.required('to'))
    .max(64),
});

export const SnapshotComparisonSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    /** In `to` only. */
    added: z.array(SnapshotAssetSchema),
    /** In `from` only. */
    removed: z.array(SnapshotAssetSchema),
    /** At the same path in both, with another sha256. */
    changed: z.array(z.object({ path: z.string(), from: SnapshotAssetSchema, to: SnapshotAssetSchema })),
    unchanged: z.number().int(),
  })
  .meta({ id: 'ArtifactSnapshotComparison' });
export type SnapshotComparison = z.infer<typeof SnapshotComparisonSchema>;

/**
 * A promotion: components or assets of this repository (or of one of its snapshots) copied into a
 * product (chanpin) or controlled (shoukong) repository of the same format.
 */
export const PromoteSchema = z
  .object({
    targetRepositoryId: z
      .string({ error: messages.required('targetRepositoryId') })
      .min(1, messages.required('targetRepositoryId'))
      .max(64),
    componentIds: z.array(z.string().min(1).max(64)).max(50, 'componentIds: at most 50 at once').optional(),
    paths: z.array(AssetPathSchema).max(200, 'paths: at most 200 at once').optional(),
    /** Copy from this snapshot of the repository instead of its current contents. */
    snapshotName: z.string().min(1).max(64).optional(),
  })
  .refine((b) => (b.componentIds?.length ?? 0) + (b.paths?.length ?? 0) > 0, {
    message: 'componentIds: name at least one component or path to promote',
    path: ['componentIds'],
  });
export type Promote = z.infer<typeof PromoteSchema>;

export const PromotionResultSchema = z
  .object({ target: z.string(), copied: z.array(AssetSchema) })
  .meta({ id: 'ArtifactPromotionResult' });
export type PromotionResult = z.infer<typeof PromotionResultSchema>;

/**
 * Cleanup rules: keep the newest `keepLast` versions of each component, drop versions older than
 * `maxAgeDays`; with both, a version goes only when both say so. Null turns a rule off.
 */
export const RetentionRulesSchema = z.object({
  keepLast: z
    .number({ error: 'keepLast must be a number of versions or null' })
    .int('keepLast must be a whole number')
    .min(1, 'keepLast must be at least 1')
    .max(1000, 'keepLast must be at most 1000')
    .nullable(),
  maxAgeDays: z
    .number({ error: 'maxAgeDays must be a number of days or null' })
    .int('maxAgeDays must be a whole number')
    .min(1, 'maxAgeDays must be at least 1')
    .max(3650, 'maxAgeDays must be at most 3650')
    .nullable(),
});
export type RetentionRules = z.infer<typeof RetentionRulesSchema>;

export const RetentionSchema = RetentionRulesSchema.extend({
  updatedBy: z.string().nullable(),
  updatedAt: z.string().nullable(),
  /** When the rules run by themselves next (a day after the last run or save); null when off. */
  nextRunAt: z.string().nullable(),
  /** When they last ran by themselves, and how many versions that run deleted (since the save). */
  lastRunAt: z.string().nullable(),
  lastRunDeleted: z.number().int().nullable(),
}).meta({ id: 'ArtifactRetention' });
export type Retention = z.infer<typeof RetentionSchema>;

/** A version the rules name: it goes, or it stays because something holds it. */
export const RetentionCandidateSchema = z
  .object({
    componentId: z.string(),
    name: z.string(),
    group: z.string(),
    version: z.string(),
    publishedAt: z.string(),
    sizeBytes: z.number().int(),
    /** Which rule names it. */
    reason: z.string(),
    /** What keeps it (snapshots, promotions); empty when it goes. */
    holds: z.array(HoldSchema),
  })
  .meta({ id: 'ArtifactRetentionCandidate' });
export type RetentionCandidate = z.infer<typeof RetentionCandidateSchema>;

export const RetentionPlanSchema = z
  .object({
    rules: RetentionRulesSchema,
    /** What a run would delete now. */
    remove: z.array(RetentionCandidateSchema),
    /** What the rules name but snapshots or promotions hold: never touched. */
    kept: z.array(RetentionCandidateSchema),
  })
  .meta({ id: 'ArtifactRetentionPlan' });
export type RetentionPlan = z.infer<typeof RetentionPlanSchema>;

export const RetentionRunSchema = z
  .object({
    deleted: z.array(RetentionCandidateSchema),
    /** Named by the rules but not deleted: held, or changed while the run went. */
    kept: z.array(RetentionCandidateSchema),
  })
  .meta({ id: 'ArtifactRetentionRun' });
export type RetentionRun = z.infer<typeof RetentionRunSchema>;
