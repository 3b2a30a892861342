/** Nodes, revisions and trash entries as responses show them, built from explicit fields. */
import { summaryOf, userSummaries } from '@core/identity/people';
import type { DocDetail, DocNode, FileInfo, RevisionSummary } from '@shared/schemas/docs';
import type { UserSummary } from '@shared/schemas/projects';
import type { SpaceRef } from './access';
import { pathOf, type SpaceState } from './space-state';
import type { NodeRecord } from './store/nodes';
import type { RevisionRecord } from './store/revisions';

/** The download address's identifier: the enterprise id, then the node id. */
export const fileIdentifier = (node: NodeRecord) => `${node.enterpriseId}.${node.id}`;

function fileView(node: NodeRecord): FileInfo | null {
  if (!node.file) return null;
  const { fileName, size, mime, preview } = node.file;
  return { fileName, size, mime, preview, identifier: fileIdentifier(node) };
}

export function nodeView(node: NodeRecord, users: ReadonlyMap<string, UserSummary>): DocNode {
  return {
    id: node.id,
    space: node.space,
    kind: node.kind,
    title: node.title,
    root_id: node.root_id,
    sort: node.sort,
    attachment: node.attachment,
    revision: node.revision,
    file: fileView(node),
    createdBy: summaryOf(users, node.createdBy),
    createdAt: node.createdAt,
    updatedBy: summaryOf(users, node.updatedBy),
    updatedAt: node.updatedAt,
    version: node.version,
  };
}

/** Nodes as shown, the people read in one batch. */
export async function nodeViews(nodes: readonly NodeRecord[]): Promise<DocNode[]> {
  const users = await userSummaries(nodes.flatMap((n) => [n.createdBy, n.updatedBy]));
  return nodes.map((n) => nodeView(n, users));
}

export async function detailView(state: SpaceState, space: SpaceRef, node: NodeRecord): Promise<DocDetail> {
  const [view] = await nodeViews([node]);
  return {
    ...view!,
    space_name: space.name,
    path: pathOf(state, node).map((p) => ({ id: p.id, title: p.title })),
  };
}

export function revisionView(rev: RevisionRecord, users: ReadonlyMap<string, UserSummary>): RevisionSummary {
  return {
    revision: rev.revision,
    title: rev.title,
    summary: rev.summary,
    author: summaryOf(users, rev.authorId),
    createdAt: rev.createdAt,
    size: rev.size,
    restoredFrom: rev.restoredFrom,
    deleted: rev.content === null,
    deletedBy: rev.deletedBy ? summaryOf(users, rev.deletedBy) : null,
    deletedAt: rev.deletedAt,
  };
}

/** Siblings in the order a person arranged them: sort, then folders first, then title. */
export function bySortThenTitle(a: NodeRecord, b: NodeRecord): number {
  return (
    a.sort - b.sort ||
    Number(b.kind === 'folder') - Number(a.kind === 'folder') ||
    a.title.localeCompare(b.title) ||
    a.localId.localeCompare(b.localId)
  );
}
