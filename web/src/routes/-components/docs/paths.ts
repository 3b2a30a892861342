import type { DocNode } from '@shared/schemas/docs';
import { useParams } from '@tanstack/react-router';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';

/** The enterprise library's space id; a project's library is the project id. */
export const ENTERPRISE_SPACE = 'enterprise';

/**
 * Where the knowledge base lives: `/{identifier}/docs` for the enterprise library,
 * `/{identifier}/projects/{id}/docs` for a project's. Every docs page works under both.
 */
export interface DocsPlace {
  space: string;
  projectId: string | null;
  identifier: string;
  /** The library's own address, without a trailing slash. */
  base: string;
}

export function docsBase(identifier: string, projectId: string | null): string {
  const root = `/${encodeURIComponent(identifier)}`;
  return projectId ? `${root}/projects/${encodeURIComponent(projectId)}/docs` : `${root}/docs`;
}

export function useDocsPlace(): DocsPlace {
  const { enterprise } = useCurrentEnterprise();
  const projectId = useParams({ strict: false, select: (params) => params.projectId ?? null });
  const identifier = enterprise.enterpriseIdentifier;
  return {
    space: projectId ?? ENTERPRISE_SPACE,
    projectId,
    identifier,
    base: docsBase(identifier, projectId),
  };
}

/**
 * The document or folder the address names (`$docId`, `$folderId`; '' at the top of the library).
 * The enterprise's library and a project's have a route file each for every page, and both render
 * the same page component, which reads what it shows here.
 */
export function useAddressedNode(): string {
  return useParams({ strict: false, select: (params) => params.docId ?? params.folderId ?? '' });
}

/** The page a node opens: a folder's contents, a page, a file's preview. */
export function nodeHref(base: string, node: Pick<DocNode, 'id' | 'kind'>): string {
  const id = encodeURIComponent(node.id);
  if (node.kind === 'folder') return `${base}/folder/${id}`;
  if (node.kind === 'wiki') return `${base}/wiki/${id}`;
  return `${base}/file/${id}/preview`;
}

/** The space a document id belongs to: ids are `{space}.{localId}`. */
export function spaceOfId(id: string): string {
  return id.slice(0, Math.max(0, id.indexOf('.'))) || ENTERPRISE_SPACE;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
