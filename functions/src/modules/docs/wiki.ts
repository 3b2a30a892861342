/**
 * Wiki pages: markdown with a revision per save. A save names the revision it started from
 * (`baseRevision`); when that is no longer the current one, nothing is written and the answer is
 * 409 with the other person's revision, so the editor can show both and merge. Restoring a
 * revision saves its content as a new revision; a deleted revision keeps its number and author
 * in the history but not its content, and cannot be restored.
 */
import { nowIso } from '@core/clock';
import type { TxOp } from '@core/db/operations';
import { AppError, badRequest, conflict, notFound } from '@core/errors';
import { userSummaries } from '@core/identity/people';
import type { Tenant } from '@core/identity/tenancy';
import type { Page } from '@shared/schemas/common';
import type {
  RestoreRevisionBody,
  Revision,
  RevisionSummary,
  SaveConflict,
  WikiCreateBody,
  WikiDetail,
  WikiSaveBody,
} from '@shared/schemas/docs';
import { requireSpace, type SpaceRef } from './access';
import { assertParentFolder, docNotFound, newNode, nextSort, requireVisible, spaceOfId } from './library';
import { referenceViews, resolveReferences, targetOf } from './references';
import { isVisible, type SpaceState, writeSpace } from './space-state';
import { createNodeOp, type NodeRecord, replaceNodeOp } from './store/nodes';
import { deleteReferenceOp, putReferenceOp } from './store/references';
import {
  compress,
  getRevision,
  getRevisions,
  MAX_STORED_CONTENT_BYTES,
  putRevisionOp,
  type RevisionRecord,
  tombstoneOp,
} from './store/revisions';
import { detailView, nodeViews, revisionView } from './views';

const utf8Bytes = (value: string) => Buffer.byteLength(value, 'utf8');

/** The content, packed; 413 when even packed it is too large to keep. */
function pack(content: string): Uint8Array {
  const packed = compress(content);
  if (packed.length > MAX_STORED_CONTENT_BYTES) {
    throw new AppError(413, 'content: The page is too large to store; split it into several pages');
  }
  return packed;
}

function requireWiki(node: NodeRecord, id: string): NodeRecord & { revision: number } {
  if (node.kind !== 'wiki' || node.revision === null) throw badRequest('id', `${id} is not a wiki page`);
  return node as NodeRecord & { revision: number };
}

/** Reference items to add and remove when a page's references go from `before` to `after`. */
function referenceOps(
  enterpriseId: string,
  docId: string,
  before: readonly string[],
  after: readonly string[],
) {
  const was = new Set(before.map(targetOf));
  const now = new Set(after.map(targetOf));
  return [
    ...[...now].filter((t) => !was.has(t)).map((t) => putReferenceOp(enterpriseId, t, docId)),
    ...[...was].filter((t) => !now.has(t)).map((t) => deleteReferenceOp(enterpriseId, t, docId)),
  ];
}

async function wikiView(
  tenant: Tenant,
  state: SpaceState,
  space: SpaceRef,
  node: NodeRecord,
  rev: RevisionRecord,
): Promise<WikiDetail> {
  const attachments = [...state.nodes.values()]
    .filter((n) => n.attachment && n.root_id === node.id && isVisible(state, n))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const [detail, references, attachmentViews] = await Promise.all([
    detailView(state, space, node),
    referenceViews(tenant, node),
    nodeViews(attachments),
  ]);
  return {
    ...detail,
    content: rev.content ?? '',
    summary: rev.summary,
    references,
    attachments: attachmentViews,
  };
}

export async function createWikiPage(tenant: Tenant, body: WikiCreateBody): Promise<WikiDetail> {
  const space = await requireSpace(tenant, body.space);
  const enterpriseId = tenant.enterprise.id;
  const refs = await resolveReferences(tenant, space.id, body.content);
  const packed = pack(body.content);
  const { result, state } = await writeSpace(enterpriseId, space.id, (state) => {
    const parent = assertParentFolder(state, body.root_id, 0);
    const page = newNode(tenant, space.id, {
      kind: 'wiki',
      title: body.title,
      root_id: parent,
      sort: body.sort ?? nextSort(state, parent),
      revision: 1,
      refs,
    });
    const rev: RevisionRecord = {
      enterpriseId,
      space: space.id,
      localId: page.localId,
      revision: 1,
      title: page.title,
      summary: body.summary || 'Created the page',
      content: body.content,
      size: utf8Bytes(body.content),
      authorId: tenant.principal.userId,
      createdAt: page.createdAt,
      restoredFrom: null,
      deletedBy: null,
      deletedAt: null,
    };
    return {
      ops: [createNodeOp(page), putRevisionOp(rev, packed), ...referenceOps(enterpriseId, page.id, [], refs)],
      put: [page],
      result: { page, rev },
    };
  });
  return wikiView(tenant, state, space, result.page, result.rev);
}

export async function getWikiPage(tenant: Tenant, id: string): Promise<WikiDetail> {
  const { space, state, node } = await requireVisible(tenant, id);
  const page = requireWiki(node, id);
  const rev = await getRevision(tenant.enterprise.id, space.id, page.localId, page.revision);
  if (!rev) throw docNotFound(id);
  return wikiView(tenant, state, space, page, rev);
}

async function conflictWith(tenant: Tenant, page: NodeRecord & { revision: number }, base: number) {
  const current = await getRevision(tenant.enterprise.id, page.space, page.localId, page.revision);
  const users = await userSummaries([current?.authorId, current?.deletedBy]);
  const data: SaveConflict | undefined = current
    ? { current: { ...revisionView(current, users), content: current.content ?? '' }, baseRevision: base }
    : undefined;
  const who = data?.current.author.nickname ?? 'Someone';
  return conflict(
    `${who} saved revision ${page.revision} of ${page.title} after you started editing revision ${base}; merge their changes and save again`,
    data,
  );
}

/**
 * Writes `content` as the page's next revision on top of `base` (409 with the current revision
 * when someone saved since). The page, the revision and the reference items in one transaction.
 */
async function saveRevision(
  tenant: Tenant,
  id: string,
  input: {
    title?: string | undefined;
    content: string;
    summary: string;
    base: number;
    restoredFrom: number | null;
  },
): Promise<WikiDetail> {
  const { space, localId } = await spaceOfId(tenant, id);
  const enterpriseId = tenant.enterprise.id;
  const refs = await resolveReferences(tenant, space.id, input.content);
  const packed = pack(input.content);
  let conflictPage: (NodeRecord & { revision: number }) | null = null;
  const { result, state } = await writeSpace(enterpriseId, space.id, (state) => {
    const node = state.nodes.get(localId);
    if (!node || !isVisible(state, node)) throw docNotFound(id);
    const page = requireWiki(node, id);
    if (input.base > page.revision) throw badRequest('baseRevision', `${id} has no revision ${input.base}`);
    if (input.base !== page.revision) {
      conflictPage = page;
      return { ops: [], put: [], result: null };
    }
    const at = nowIso();
    const next: NodeRecord = {
      ...page,
      title: input.title ?? page.title,
      revision: page.revision + 1,
      refs,
      updatedAt: at,
      updatedBy: tenant.principal.userId,
      version: page.version + 1,
    };
    const rev: RevisionRecord = {
      enterpriseId,
      space: space.id,
      localId,
      revision: page.revision + 1,
      title: next.title,
      summary: input.summary,
      content: input.content,
      size: utf8Bytes(input.content),
      authorId: tenant.principal.userId,
      createdAt: at,
      restoredFrom: input.restoredFrom,
      deletedBy: null,
      deletedAt: null,
    };
    const ops: TxOp[] = [
      replaceNodeOp(next, page.version),
      putRevisionOp(rev, packed),
      ...referenceOps(enterpriseId, page.id, page.refs, refs),
    ];
    return { ops, put: [next], result: { page: next, rev } };
  });
  if (!result) throw await conflictWith(tenant, conflictPage!, input.base);
  return wikiView(tenant, state, space, result.page, result.rev);
}

export function saveWikiPage(tenant: Tenant, id: string, body: WikiSaveBody): Promise<WikiDetail> {
  return saveRevision(tenant, id, {
    title: body.title,
    content: body.content,
    summary: body.summary ?? '',
    base: body.baseRevision,
    restoredFrom: null,
  });
}

const revisionNotFound = (id: string, revision: number) =>
  notFound(`revision: ${id} has no revision ${revision}`);

async function requireRevision(tenant: Tenant, id: string, revision: number) {
  const { space, node } = await requireVisible(tenant, id);
  const page = requireWiki(node, id);
  if (revision < 1 || revision > page.revision) throw revisionNotFound(id, revision);
  const rev = await getRevision(tenant.enterprise.id, space.id, page.localId, revision);
  if (!rev) throw revisionNotFound(id, revision);
  return { space, page, rev };
}

export async function restoreRevision(
  tenant: Tenant,
  id: string,
  revision: number,
  body: RestoreRevisionBody,
): Promise<WikiDetail> {
  const { rev } = await requireRevision(tenant, id, revision);
  if (rev.content === null) {
    throw conflict(`Revision ${revision} was deleted, so it cannot be restored`);
  }
  return saveRevision(tenant, id, {
    title: rev.title,
    content: rev.content,
    summary: body.summary || `Restored revision ${revision}`,
    base: body.baseRevision,
    restoredFrom: revision,
  });
}

/** A page of a page's history, newest first; revision numbers are dense, so keys are computed. */
export async function listRevisions(
  tenant: Tenant,
  id: string,
  pageNum: number,
  pageSize: number,
): Promise<Page<RevisionSummary>> {
  const { space, node } = await requireVisible(tenant, id);
  const page = requireWiki(node, id);
  const first = page.revision - (pageNum - 1) * pageSize;
  const wanted: { localId: string; revision: number }[] = [];
  for (let n = first; n > 0 && n > first - pageSize; n -= 1)
    wanted.push({ localId: page.localId, revision: n });
  const revs = (await getRevisions(tenant.enterprise.id, space.id, wanted)).sort(
    (a, b) => b.revision - a.revision,
  );
  const users = await userSummaries(revs.flatMap((r) => [r.authorId, r.deletedBy]));
  return { rows: revs.map((r) => revisionView(r, users)), total: page.revision, pageNum, pageSize };
}

export async function getRevisionDetail(tenant: Tenant, id: string, revision: number): Promise<Revision> {
  const { rev } = await requireRevision(tenant, id, revision);
  const users = await userSummaries([rev.authorId, rev.deletedBy]);
  return { ...revisionView(rev, users), content: rev.content ?? '' };
}

/** Drops a revision's content (it held something that must go); the current one cannot be. */
export async function deleteRevision(tenant: Tenant, id: string, revision: number): Promise<RevisionSummary> {
  const { space, page, rev } = await requireRevision(tenant, id, revision);
  if (revision === page.revision) {
    throw conflict(`Revision ${revision} is the current one; save or restore another revision first`);
  }
  if (rev.content === null) throw conflict(`Revision ${revision} was deleted already`);
  const at = nowIso();
  await writeSpace(tenant.enterprise.id, space.id, (state) => {
    const node = state.nodes.get(page.localId);
    if (!node || !isVisible(state, node)) throw docNotFound(id);
    // The node is rewritten at its version so the change log names it (the history changed).
    const next = { ...node, version: node.version + 1 };
    return {
      ops: [replaceNodeOp(next, node.version), tombstoneOp(rev, tenant.principal.userId, at)],
      put: [next],
      result: null,
      onFailed: (label) =>
        label === 'revisionDeleted' ? conflict(`Revision ${revision} was deleted already`) : undefined,
    };
  });
  const users = await userSummaries([rev.authorId, tenant.principal.userId]);
  return revisionView({ ...rev, content: null, deletedBy: tenant.principal.userId, deletedAt: at }, users);
}
