/**
 * Files: uploaded straight to the files bucket with a presigned POST, then confirmed.
 *
 * Starting an upload writes a pending node (never shown, TTL a week, swept after two hours) and
 * answers a POST policy for exactly its key, limited to `maxBytes` (S3 refuses more before
 * storing anything). Confirming reads the object's size and first bytes: a file over the limit
 * or whose bytes are not what its name says is deleted with its pending node (400/413), anything
 * else becomes a visible document. So an upload that never completes leaves nothing visible, and
 * nothing is shown that was not checked.
 *
 * Downloads answer a presigned GET valid for five minutes, with the stored type and a
 * disposition: HTML and SVG only ever as attachments (they can run script when rendered).
 */
import { nowIso } from '@core/clock';
import { config } from '@core/config';
import { AppError, badRequest, conflict } from '@core/errors';
import type { Tenant } from '@core/identity/tenancy';
import { deleteObjects, objectSize, presignDownload, presignUpload, readHead } from '@core/storage/files';
import { isActiveContent } from '@shared/domain/docs';
import type { DocDetail, Download, UploadBody, UploadTicket } from '@shared/schemas/docs';
import { requireSpace } from './access';
import { assertBytesMatch, HEAD_BYTES, ruleFor } from './file-check';
import { assertParentFolder, docNotFound, newNode, nextSort, requireVisible, spaceOfId } from './library';
import { isVisible, spaceState, writeSpace } from './space-state';
import { createNodeOp, deleteNodeOp, type NodeRecord, replaceNodeOp } from './store/nodes';
import { detailView, nodeViews } from './views';

/** The largest upload; tests lower it instead of sending 100 MB. */
export const uploadLimits = { maxBytes: config.docsMaxUploadBytes };

/** How long the browser has to start its upload. */
const UPLOAD_URL_SECONDS = 3600;
const DOWNLOAD_URL_SECONDS = 300;

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/** Where a file's bytes live: under the enterprise's prefix, in the docs sub-prefix. */
export const fileKey = (enterpriseId: string, space: string, localId: string) =>
  `ent/${enterpriseId}/docs/${space}/files/${localId}`;

export async function startUpload(tenant: Tenant, body: UploadBody): Promise<UploadTicket> {
  const space = await requireSpace(tenant, body.space);
  const rule = ruleFor(body.fileName);
  const maxBytes = uploadLimits.maxBytes;
  if (body.size > maxBytes) {
    throw new AppError(
      413,
      `size: ${body.fileName} is ${megabytes(body.size)}; files may be at most ${megabytes(maxBytes)}`,
    );
  }
  const { result } = await writeSpace(tenant.enterprise.id, space.id, (state) => {
    let parent: string | null;
    let attachment = false;
    if (body.attachTo) {
      const local = body.attachTo.split('.')[1] ?? '';
      const page = body.attachTo.startsWith(`${space.id}.`) ? state.nodes.get(local) : undefined;
      if (!page || !isVisible(state, page) || page.kind !== 'wiki') {
        throw badRequest('attachTo', `Page ${body.attachTo} does not exist in this library`);
      }
      parent = page.id;
      attachment = true;
    } else {
      parent = assertParentFolder(state, body.root_id, 0);
    }
    const node = newNode(tenant, space.id, {
      kind: 'file',
      title: body.fileName,
      root_id: parent,
      sort: attachment ? 0 : nextSort(state, parent),
      attachment,
      status: 'pending',
    });
    node.file = {
      fileName: body.fileName,
      size: body.size,
      mime: rule.mime,
      preview: rule.preview,
      key: fileKey(tenant.enterprise.id, space.id, node.localId),
    };
    return { ops: [createNodeOp(node)], put: [node], result: node };
  });
  const post = await presignUpload(result.file!.key, maxBytes, UPLOAD_URL_SECONDS);
  const [doc] = await nodeViews([result]);
  return { doc: doc!, url: post.url, fields: post.fields, maxBytes, expiresAt: post.expiresAt };
}

/** Removes a pending upload's node (its bytes go first). */
async function dropPending(tenant: Tenant, node: NodeRecord): Promise<void> {
  await deleteObjects([node.file!.key]);
  await writeSpace(tenant.enterprise.id, node.space, (state) => {
    const current = state.nodes.get(node.localId);
    if (current?.status !== 'pending') return { ops: [], put: [], result: null };
    return { ops: [deleteNodeOp(current)], put: [], removed: [current.localId], result: null };
  });
}

export async function confirmUpload(tenant: Tenant, id: string): Promise<DocDetail> {
  const { space, localId } = await spaceOfId(tenant, id);
  const enterpriseId = tenant.enterprise.id;
  const before = await spaceState(enterpriseId, space.id);
  const pending = before.nodes.get(localId);
  if (pending?.kind !== 'file' || !pending.file) throw docNotFound(id);
  if (pending.status === 'ready') {
    if (!isVisible(before, pending)) throw docNotFound(id);
    return detailView(before, space, pending);
  }
  if (pending.createdBy !== tenant.principal.userId) throw docNotFound(id);
  const file = pending.file;
  const size = await objectSize(file.key);
  if (size === null) {
    throw conflict(`file: Nothing was uploaded for ${file.fileName} yet; upload it, then confirm`);
  }
  if (size > uploadLimits.maxBytes) {
    await dropPending(tenant, pending);
    throw new AppError(
      413,
      `file: ${file.fileName} is ${megabytes(size)}; files may be at most ${megabytes(uploadLimits.maxBytes)}`,
    );
  }
  const head = (await readHead(file.key, HEAD_BYTES)) ?? new Uint8Array();
  let rule: Awaited<ReturnType<typeof assertBytesMatch>>;
  try {
    rule = await assertBytesMatch(file.fileName, head);
  } catch (error) {
    await dropPending(tenant, pending);
    throw error;
  }
  const { result, state } = await writeSpace(enterpriseId, space.id, (state) => {
    const node = state.nodes.get(localId);
    if (node?.status !== 'pending') throw docNotFound(id);
    if (node.root_id !== null) {
      const parent = state.nodes.get(node.root_id.split('.')[1] ?? '');
      if (!parent || !isVisible(state, parent)) {
        throw conflict(`The folder or page ${file.fileName} was going to was deleted meanwhile`);
      }
    }
    const at = nowIso();
    const ready: NodeRecord = {
      ...node,
      status: 'ready',
      file: { ...file, size, mime: rule.mime, preview: rule.preview },
      updatedAt: at,
      createdAt: at,
      version: node.version + 1,
    };
    return { ops: [replaceNodeOp(ready, node.version)], put: [ready], result: ready };
  });
  return detailView(state, space, result);
}

export async function downloadFile(
  tenant: Tenant,
  identifier: string,
  disposition: 'inline' | 'attachment',
): Promise<Download> {
  const nodeIdPart = identifier.slice(identifier.indexOf('.') + 1);
  const { node } = await requireVisible(tenant, nodeIdPart);
  if (node.kind !== 'file' || !node.file) throw badRequest('identifier', `${identifier} is not a file`);
  const { fileName, mime, size, key } = node.file;
  const safeDisposition = isActiveContent(mime) ? 'attachment' : disposition;
  const signed = await presignDownload(key, {
    fileName,
    mime,
    disposition: safeDisposition,
    expiresSeconds: DOWNLOAD_URL_SECONDS,
  });
  return { url: signed.url, expiresAt: signed.expiresAt, fileName, mime, size };
}
