/**
 * The library of a space: its tree, a folder's contents, one node's detail, and the writes that
 * shape the tree (new folders, rename, move, reorder). Tree rules (the parent is a live folder of
 * the same space, no cycles, at most MAX_FOLDER_DEPTH folder levels) are checked against the
 * space's copy and written conditioned on it (space-state.ts).
 */
import { nowIso } from '@core/clock';
import { badRequest, notFound, staleVersion } from '@core/errors';
import type { Tenant } from '@core/identity/tenancy';
import { newId } from '@core/ids';
import { pageOf } from '@core/paging';
import { MAX_FOLDER_DEPTH } from '@shared/domain/docs';
import type { Page } from '@shared/schemas/common';
import type {
  DocDetail,
  DocNode,
  DocTreeNode,
  DocUpdateBody,
  FolderBody,
  FolderListQuery,
} from '@shared/schemas/docs';
import { buildTree } from '@shared/tree';
import { requireSpace, type SpaceRef } from './access';
import {
  depthOf,
  descendantsOf,
  folderHeight,
  isVisible,
  localOf,
  type SpaceState,
  spaceState,
  visibleNodes,
  writeSpace,
} from './space-state';
import { createNodeOp, type NodeRecord, nodeId, parseNodeId, replaceNodeOp } from './store/nodes';
import { bySortThenTitle, detailView, nodeViews } from './views';

export const docNotFound = (id: string) => notFound(`Document ${id} does not exist`);

/** The node's space (checked for the caller) and its local id; 404 for an id that cannot be one. */
export async function spaceOfId(tenant: Tenant, id: string): Promise<{ space: SpaceRef; localId: string }> {
  const parts = parseNodeId(id);
  if (!parts) throw docNotFound(id);
  return { space: await requireSpace(tenant, parts.space), localId: parts.localId };
}

/** A node the caller may see (visible: not pending, not in the trash), with the space's copy. */
export async function requireVisible(
  tenant: Tenant,
  id: string,
): Promise<{ space: SpaceRef; state: SpaceState; node: NodeRecord }> {
  const { space, localId } = await spaceOfId(tenant, id);
  const state = await spaceState(tenant.enterprise.id, space.id);
  const node = state.nodes.get(localId);
  if (!node || !isVisible(state, node)) throw docNotFound(id);
  return { space, state, node };
}

/** 400 unless `parentId` is a live folder of this space with room for `levels` more folder levels. */
export function assertParentFolder(
  state: SpaceState,
  parentId: string | null | undefined,
  levels: number,
  field = 'root_id',
): string | null {
  if (parentId == null) return null;
  const parts = parseNodeId(parentId);
  const parent = parts && parts.space === state.space ? state.nodes.get(parts.localId) : undefined;
  if (!parent || !isVisible(state, parent)) {
    throw badRequest(field, `Folder ${parentId} does not exist in this library`);
  }
  if (parent.kind !== 'folder') throw badRequest(field, `${parent.title} is not a folder`);
  if (levels > 0 && depthOf(state, parent.localId) + levels > MAX_FOLDER_DEPTH) {
    throw badRequest(field, `Folders may be at most ${MAX_FOLDER_DEPTH} levels deep`);
  }
  return parent.id;
}

/** Where a new node goes among its siblings: last, unless told. */
export function nextSort(state: SpaceState, parentId: string | null): number {
  const siblings = visibleNodes(state).filter((n) => n.root_id === parentId && !n.attachment);
  return Math.floor(Math.max(-1, ...siblings.map((n) => n.sort))) + 1;
}

/** A new node's common fields. */
export function newNode(
  tenant: Tenant,
  space: string,
  fields: Pick<NodeRecord, 'kind' | 'title' | 'root_id' | 'sort'> & Partial<NodeRecord>,
): NodeRecord {
  const at = nowIso();
  const localId = newId();
  return {
    enterpriseId: tenant.enterprise.id,
    space,
    id: nodeId(space, localId),
    localId,
    attachment: false,
    revision: null,
    status: 'ready',
    file: null,
    refs: [],
    trashedAt: null,
    trashedBy: null,
    purgeAt: null,
    createdBy: tenant.principal.userId,
    createdAt: at,
    updatedBy: tenant.principal.userId,
    updatedAt: at,
    version: 1,
    ...fields,
  };
}

// ---- reads --------------------------------------------------------------------------------------

/** The space's tree: folders, pages and files (attachments stay with their pages). */
export async function libraryTree(tenant: Tenant, spaceId: string): Promise<DocTreeNode[]> {
  const space = await requireSpace(tenant, spaceId);
  const state = await spaceState(tenant.enterprise.id, space.id);
  const nodes = visibleNodes(state)
    .filter((n) => !n.attachment)
    .sort(bySortThenTitle);
  const views = await nodeViews(nodes);
  return buildTree(views) as DocTreeNode[];
}

/** A page of a folder's contents (the top of the space without `folderId`), folders first. */
export async function folderContents(tenant: Tenant, query: FolderListQuery): Promise<Page<DocNode>> {
  const space = await requireSpace(tenant, query.space);
  const state = await spaceState(tenant.enterprise.id, space.id);
  let parentId: string | null = null;
  if (query.folderId) parentId = assertParentFolder(state, query.folderId, 0, 'folderId');
  const children = visibleNodes(state)
    .filter((n) => n.root_id === parentId && !n.attachment)
    .sort((a, b) => Number(b.kind === 'folder') - Number(a.kind === 'folder') || bySortThenTitle(a, b));
  return pageOf(children, query, nodeViews);
}

export async function docDetail(tenant: Tenant, id: string): Promise<DocDetail> {
  const { space, state, node } = await requireVisible(tenant, id);
  return detailView(state, space, node);
}

// ---- writes -------------------------------------------------------------------------------------

export async function createFolder(tenant: Tenant, body: FolderBody): Promise<DocDetail> {
  const space = await requireSpace(tenant, body.space);
  const { result, state } = await writeSpace(tenant.enterprise.id, space.id, (state) => {
    const parent = assertParentFolder(state, body.root_id, 1);
    const folder = newNode(tenant, space.id, {
      kind: 'folder',
      title: body.title,
      root_id: parent,
      sort: body.sort ?? nextSort(state, parent),
    });
    return { ops: [createNodeOp(folder)], put: [folder], result: folder };
  });
  return detailView(state, space, result);
}

/** Renames, moves or reorders a folder or document at the version read (409 when stale). */
export async function updateNode(tenant: Tenant, id: string, body: DocUpdateBody): Promise<DocDetail> {
  const { space, localId } = await spaceOfId(tenant, id);
  const { result, state } = await writeSpace(tenant.enterprise.id, space.id, (state) => {
    const node = state.nodes.get(localId);
    if (!node || !isVisible(state, node)) throw docNotFound(id);
    if (node.version !== body.version) throw staleVersion(`${node.title}`);
    const next: NodeRecord = { ...node };
    let changed = false;
    if (body.title !== undefined && body.title !== node.title) {
      next.title = body.title;
      changed = true;
    }
    if (body.root_id !== undefined && body.root_id !== node.root_id) {
      if (node.attachment) throw badRequest('root_id', 'An attachment stays with its page');
      if (body.root_id !== null) {
        const target = localOf(body.root_id);
        if (target === localId || descendantsOf(state, localId).some((d) => d.localId === target)) {
          throw badRequest('root_id', `${node.title} cannot move into itself or a folder inside it`);
        }
      }
      const levels = node.kind === 'folder' ? folderHeight(state, localId) : 0;
      next.root_id = assertParentFolder(state, body.root_id, levels);
      if (body.sort === undefined) next.sort = nextSort(state, next.root_id);
      changed = true;
    }
    if (body.sort !== undefined && body.sort !== node.sort) {
      next.sort = body.sort;
      changed = true;
    }
    if (!changed) return { ops: [], put: [], result: node };
    next.version = node.version + 1;
    next.updatedAt = nowIso();
    next.updatedBy = tenant.principal.userId;
    return {
      ops: [replaceNodeOp(next, node.version)],
      put: [next],
      result: next,
      onFailed: () => staleVersion(node.title),
    };
  });
  return detailView(state, space, result);
}
