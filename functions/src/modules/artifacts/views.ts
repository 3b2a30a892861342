/** What the artifact calls answer, built from explicit fields. */
import type {
  AccessToken,
  ArtifactRepository,
  Asset,
  Component,
  ComponentDetail,
} from '@shared/schemas/artifacts';
import type { AssetRecord, ComponentRecord } from './store/contents';
import type { RepositoryRecord } from './store/repositories';
import type { TokenRecord } from './store/tokens';

/** Where the package clients reach a repository, relative to the site. */
export const clientPath = (identifier: string, name: string) => `/api/artifacts/${identifier}/${name}/`;

export function repositoryView(record: RepositoryRecord, identifier: string): ArtifactRepository {
  return {
    id: record.repositoryId,
    name: record.name,
    format: record.format,
    type: record.type,
    kind: record.kind,
    description: record.description,
    versionPolicy: record.versionPolicy,
    layoutPolicy: record.layoutPolicy,
    writePolicy: record.writePolicy,
    anonymousRead: record.anonymousRead,
    locked: record.locked,
    memberIds: record.memberIds,
    componentCount: record.componentCount,
    assetCount: record.assetCount,
    sizeBytes: record.sizeBytes,
    url: clientPath(identifier, record.name),
    createdBy: record.createdBy,
    createdAt: record.createdAt,
    version: record.version,
  };
}

export function componentView(record: ComponentRecord): Component {
  return {
    id: record.componentId,
    name: record.name,
    group: record.group,
    version: record.version,
    assetCount: record.assetCount,
    sizeBytes: record.sizeBytes,
    publishedBy: record.publishedBy,
    publishedAt: record.publishedAt,
  };
}

export function assetView(record: AssetRecord): Asset {
  return {
    path: record.path,
    componentId: record.componentId,
    size: record.size,
    contentType: record.contentType,
    checksums: { sha256: record.sha256, sha1: record.sha1, md5: record.md5, sha512: record.sha512 },
    publishedBy: record.publishedBy,
    publishedAt: record.publishedAt,
    promotedTo: record.promotedTo,
    promotedFrom: record.promotedFrom && {
      ...record.promotedFrom,
      snapshot: record.promotedFrom.snapshot ?? null,
    },
    heldBy: record.heldBy,
  };
}

export function componentDetailView(
  record: ComponentRecord,
  assets: readonly AssetRecord[],
): ComponentDetail {
  return { ...componentView(record), assets: assets.map(assetView) };
}

export function tokenView(record: TokenRecord): AccessToken {
  return {
    id: record.tokenId,
    name: record.name,
    scope: record.scope,
    prefix: record.prefix,
    createdAt: record.createdAt,
    lastUsedAt: record.lastUsedAt,
  };
}
