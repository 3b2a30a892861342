/**
 * The trash. Deleting a folder or document marks that one node (`trashedAt`, `purgeAt` thirty
 * days on, DynamoDB's TTL at the same time) in one write; what is below it goes with it without
 * being touched (space-state.ts isVisible), so even a folder of thousands of pages moves to the
 * trash all or nothing. Restoring clears the mark (to the top of the library when the folder it
 * was in is gone). Purging, asked for or due, deletes the node first (from then on nothing below
 * it can be reached), then what was below it, its revisions, reference items and stored files.
 *
 * TTL cannot cascade, so each trashed node also has a `PURGE#` item (no TTL) on gsi1, which the
 * hourly sweep reads: it purges what is due, including what is left below a node TTL already took.
 */
import { clock, nowIso } from '@core/clock';
import { DOC_SWEEPS } from '@core/db/keys';
import { batchDelete } from '@core/db/operations';
import { badRequest, conflict, notFound } from '@core/errors';
import { summaryOf, userSummaries } from '@core/identity/people';
import type { Tenant } from '@core/identity/tenancy';
import { pageOf } from '@core/paging';
import { deleteObjects } from '@core/storage/files';
import { TRASH_DAYS } from '@shared/domain/docs';
import type { Page } from '@shared/schemas/common';
import type { DocDetail, TrashEntry, TrashQuery } from '@shared/schemas/docs';
import { requireSpace } from './access';
import { docNotFound, requireVisible, spaceOfId } from './library';
import { targetOf } from './references';
import { descendantsOf, isExpired, isVisible, localOf, spaceState, writeSpace } from './space-state';
import {
  deleteNodeOp,
  deletePurgeOp,
  listDue,
  type NodeRecord,
  putPurgeOp,
  replaceNodeOp,
} from './store/nodes';
import { deleteReferenceOp } from './store/references';
import { revisionKeysOf } from './store/revisions';
import { detailView } from './views';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Moves a visible folder or document (with everything below it) to the trash. */
export async function trashNode(tenant: Tenant, id: string, only?: 'wiki'): Promise<void> {
  const { space, node } = await requireVisible(tenant, id);
  if (only === 'wiki' && node.kind !== 'wiki') throw badRequest('id', `${id} is not a wiki page`);
  await writeSpace(tenant.enterprise.id, space.id, (state) => {
    const current = state.nodes.get(node.localId);
    if (!current || !isVisible(state, current)) throw docNotFound(id);
    // One reading of the clock: the purge is exactly the trash period after the delete.
    const at = clock.now();
    const next: NodeRecord = {
      ...current,
      trashedAt: new Date(at).toISOString(),
      trashedBy: tenant.principal.userId,
      purgeAt: new Date(at + TRASH_DAYS * DAY_MS).toISOString(),
      version: current.version + 1,
    };
    return { ops: [replaceNodeOp(next, current.version), putPurgeOp(next)], put: [next], result: null };
  });
}

/** A page of the space's trash, most recently deleted first. */
export async function listTrash(tenant: Tenant, query: TrashQuery): Promise<Page<TrashEntry>> {
  const space = await requireSpace(tenant, query.space);
  const state = await spaceState(tenant.enterprise.id, space.id);
  const trashed = [...state.nodes.values()]
    .filter((n) => n.trashedAt !== null && !isExpired(n) && n.status === 'ready')
    .sort((a, b) => b.trashedAt!.localeCompare(a.trashedAt!));
  return pageOf(trashed, query, async (rows) => {
    const users = await userSummaries(rows.map((n) => n.trashedBy));
    return rows.map((n) => ({
      id: n.id,
      space: n.space,
      kind: n.kind,
      title: n.title,
      itemCount: descendantsOf(state, n.localId).filter((d) => d.status === 'ready').length,
      deletedBy: summaryOf(users, n.trashedBy!),
      deletedAt: n.trashedAt!,
      purgeAt: n.purgeAt!,
    }));
  });
}

const notInTrash = (id: string) => notFound(`Document ${id} is not in the trash`);

/** Takes a node out of the trash; to the top of the library if the folder it was in is gone. */
export async function restoreFromTrash(tenant: Tenant, id: string): Promise<DocDetail> {
  const { space, localId } = await spaceOfId(tenant, id);
  const { result, state } = await writeSpace(tenant.enterprise.id, space.id, (state) => {
    const node = state.nodes.get(localId);
    if (!node || node.trashedAt === null || isExpired(node)) throw notInTrash(id);
    const parent = state.nodes.get(localOf(node.root_id) ?? '');
    const parentShown = parent !== undefined && isVisible(state, parent);
    if (node.attachment && !parentShown) {
      throw conflict(`${node.title} is attached to a page in the trash; restore the page instead`);
    }
    const next: NodeRecord = {
      ...node,
      root_id: parentShown ? node.root_id : null,
      trashedAt: null,
      trashedBy: null,
      purgeAt: null,
      version: node.version + 1,
      updatedAt: nowIso(),
      updatedBy: tenant.principal.userId,
    };
    return { ops: [replaceNodeOp(next, node.version), deletePurgeOp(node)], put: [next], result: next };
  });
  return detailView(state, space, result);
}

/** What a purge removes besides the nodes: revisions, reference items, stored files. */
async function dropContents(
  enterpriseId: string,
  space: string,
  nodes: readonly NodeRecord[],
): Promise<void> {
  const revisionKeys = (
    await Promise.all(
      nodes.filter((n) => n.kind === 'wiki').map((n) => revisionKeysOf(enterpriseId, space, n.localId)),
    )
  ).flat();
  const referenceKeys = nodes.flatMap((n) =>
    n.refs.map(
      (ref) =>
        (deleteReferenceOp(enterpriseId, targetOf(ref), n.id) as { delete: { pk: string; sk: string } })
          .delete,
    ),
  );
  await batchDelete([...revisionKeys, ...referenceKeys]);
  await deleteObjects(nodes.flatMap((n) => (n.file ? [n.file.key] : [])));
}

/**
 * Removes a node and everything below it for good: the node first (one write: from then on
 * nothing below it is reachable), then what was below it in writes of at most 80 nodes, then
 * their revisions, references and files. Safe to run again on what an interrupted run left.
 */
export async function purgeSubtree(enterpriseId: string, space: string, localId: string): Promise<number> {
  const before = await spaceState(enterpriseId, space);
  const root = before.nodes.get(localId);
  const below = descendantsOf(before, localId);
  if (root) {
    await writeSpace(enterpriseId, space, (state) => {
      const current = state.nodes.get(localId);
      if (!current) return { ops: [], put: [], result: null };
      return {
        ops: [deleteNodeOp(current), deletePurgeOp(current)],
        put: [],
        removed: [localId],
        result: null,
      };
    });
  } else {
    await batchDelete([
      {
        ...(deletePurgeOp({ enterpriseId, space, localId }) as { delete: { pk: string; sk: string } }).delete,
      },
    ]);
  }
  for (let i = 0; i < below.length; i += 80) {
    const part = below.slice(i, i + 80);
    await writeSpace(enterpriseId, space, (state) => {
      const present = part.map((n) => state.nodes.get(n.localId)).filter((n): n is NodeRecord => Boolean(n));
      return {
        ops: present.map((n) => deleteNodeOp(n)),
        put: [],
        removed: present.map((n) => n.localId),
        result: null,
      };
    });
  }
  await dropContents(enterpriseId, space, [...(root ? [root] : []), ...below]);
  return below.length + (root ? 1 : 0);
}

/** Purges a node in the trash now (the caller confirmed). */
export async function purgeFromTrash(tenant: Tenant, id: string): Promise<void> {
  const { space, localId } = await spaceOfId(tenant, id);
  const state = await spaceState(tenant.enterprise.id, space.id);
  const node = state.nodes.get(localId);
  if (!node || node.trashedAt === null) throw notInTrash(id);
  await purgeSubtree(tenant.enterprise.id, space.id, localId);
}

/** The hourly sweep: trashed nodes whose thirty days are up. */
export async function sweepPurges(): Promise<number> {
  let purged = 0;
  for (const due of await listDue(DOC_SWEEPS.purges, nowIso())) {
    purged += await purgeSubtree(due.enterpriseId, due.space, due.localId);
  }
  return purged;
}

/** The hourly sweep: uploads started more than two hours ago and never confirmed. */
export async function sweepUploads(): Promise<number> {
  let swept = 0;
  for (const due of await listDue(DOC_SWEEPS.uploads, nowIso())) {
    const state = await spaceState(due.enterpriseId, due.space);
    const node = state.nodes.get(due.localId);
    if (node?.status !== 'pending') continue;
    if (node.file) await deleteObjects([node.file.key]);
    await writeSpace(due.enterpriseId, due.space, (s) => {
      const current = s.nodes.get(due.localId);
      if (current?.status !== 'pending') return { ops: [], put: [], result: null };
      return { ops: [deleteNodeOp(current)], put: [], removed: [current.localId], result: null };
    });
    swept += 1;
  }
  return swept;
}
