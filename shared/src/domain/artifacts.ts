/**
 * The artifact library's vocabulary (docs/artifacts.md): formats, repository types and kinds, the
 * policies and token scopes. Without zod, so that the web's route files (in its first script) can
 * read an address with them; the schemas (shared/src/schemas/artifacts.ts) re-export them.
 */

/** The formats a repository may hold (the spec's formatList). Each is a plug-in on the server. */
export const ARTIFACT_FORMATS = ['npm', 'maven2', 'pypi', 'raw'] as const;
export type ArtifactFormat = (typeof ARTIFACT_FORMATS)[number];

/** The spec's TypeList: a hosted repository stores what is published to it, a group reads its members. */
export const REPOSITORY_TYPES = ['hosted', 'group'] as const;
export type RepositoryType = (typeof REPOSITORY_TYPES)[number];

/**
 * What a repository is for: an artifact repository (zhipin) that builds publish to, a product
 * repository (chanpin) that receives promoted releases, and a controlled one (shoukong) that
 * accepts nothing but promotions.
 */
export const REPOSITORY_KINDS = ['zhipin', 'chanpin', 'shoukong'] as const;
export type RepositoryKind = (typeof REPOSITORY_KINDS)[number];

/** Maven's version policy: release versions only, -SNAPSHOT versions only, or both. */
export const VERSION_POLICIES = ['release', 'snapshot', 'mixed'] as const;
export type VersionPolicy = (typeof VERSION_POLICIES)[number];

/** Strict: paths must follow the format's layout; permissive: any path is stored. */
export const LAYOUT_POLICIES = ['strict', 'permissive'] as const;
export type LayoutPolicy = (typeof LAYOUT_POLICIES)[number];

/** allow: a path may be replaced; allow_once: a stored path never changes; deny: read only. */
export const WRITE_POLICIES = ['allow', 'allow_once', 'deny'] as const;
export type WritePolicy = (typeof WRITE_POLICIES)[number];

export const TOKEN_SCOPES = ['read', 'write'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];
