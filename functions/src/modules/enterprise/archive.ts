/**
 * The export job's work: reads every item of an enterprise, partition by partition, and every
 * object of its files, and streams one zip (fflate) to the files bucket. Safe to run twice: it
 * starts from scratch each time, overwrites the same archive key and ends where an ended export
 * already is.
 *
 * What an enterprise holds (core/db/keys.ts): its own partition `ENT#{id}` (members, roles,
 * projects, products, tags, repositories, exports), a partition per project `#PRJ#{id}` (work
 * items, sprints, the case library, test sheets) and per product `#PRD#{id}` (modules, plans,
 * requirements, specs), a knowledge-base space per project and the enterprise library
 * `#DOCS#{space}`, and the reference lists `#DOCREF#{target}` of the targets its pages name.
 * The files are the objects under `ent/{id}/` (files.ts). The work-item list snapshots
 * (`{id}/issue-index/`) are a cache rebuilt from the items and are not exported.
 */
import { clock, nowIso } from '@core/clock';
import {
  docReferencesPartition,
  docsPartition,
  enterprisePartition,
  productPartition,
  projectPartition,
  SK,
} from '@core/db/keys';
import { type Item, queryPartition } from '@core/db/operations';
import { SECRET_ATTRIBUTES, withoutSecrets } from '@core/security/secret-attributes';
import { listObjectKeys, readObjectChunks, writeObjectStream } from '@core/storage/files';
import { ENTERPRISE_SPACE } from '@shared/domain/docs';
import { ItemSpool } from './item-spool';
import { type ExportRecord, getExport, releaseRunning, updateExport } from './store/exports';
import { ZipStream } from './zip-stream';

/** Attributes never exported, wherever they appear (core/security/secret-attributes.ts). */
export const DROPPED_ATTRIBUTES = SECRET_ATTRIBUTES;

/** Progress is written every this many items, and every FILES_PER_PROGRESS files. */
export const ITEMS_PER_PROGRESS = 250;
const FILES_PER_PROGRESS = 25;

/** The prefix of an enterprise's files in the files bucket. */
export const enterpriseFilesPrefix = (enterpriseId: string) => `ent/${enterpriseId}/`;

/** `Project` → `projects.json`, `IssueTag` → `issue-tags.json`, `Activity` → `activities.json`. */
export function entityFileName(entity: unknown): string {
  if (typeof entity !== 'string' || entity === '') return 'other.json';
  const kebab = entity
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/[^A-Za-z0-9-]+/g, '-')
    .toLowerCase();
  const plural = /[^aeiou]y$/.test(kebab)
    ? `${kebab.slice(0, -1)}ies`
    : /(s|x|ch|sh)$/.test(kebab)
      ? `${kebab}es`
      : `${kebab}s`;
  return `${plural}.json`;
}

/** The reference partition's target of a page's stored reference (`ISSUE#p#i` → `ISSUE#i`). */
function referenceTarget(ref: string): string {
  const [kind, ...rest] = ref.split('#');
  return `${kind === 'ISSUE' || kind === 'SPEC' ? kind : 'PAGE'}#${rest.at(-1) ?? ''}`;
}

/**
 * Every item of the enterprise, partition by partition; `onItems` hears of each partition read.
 * The partitions are found as deleting an enterprise finds them: the projects and products of
 * the enterprise partition; then the knowledge-base spaces (the library and each project's) and
 * the reference partitions their pages name.
 */
export async function readEnterpriseItems(
  enterpriseId: string,
  onItems: (items: readonly Item[]) => Promise<void>,
): Promise<void> {
  const own = await queryPartition(enterprisePartition(enterpriseId));
  await onItems(own);
  const idsOf = (prefix: string) =>
    own
      .map((item) => String(item.sk))
      .filter((sk) => sk.startsWith(prefix))
      .map((sk) => sk.slice(prefix.length));
  const projectIds = idsOf(SK.projectPrefix);
  const productIds = idsOf(SK.productPrefix);
  for (const id of projectIds) await onItems(await queryPartition(projectPartition(enterpriseId, id)));
  for (const id of productIds) await onItems(await queryPartition(productPartition(enterpriseId, id)));
  const targets = new Set<string>();
  for (const space of [ENTERPRISE_SPACE, ...projectIds]) {
    const items = await queryPartition(docsPartition(enterpriseId, space));
    for (const item of items) {
      if (item.sk === undefined || !String(item.sk).startsWith(SK.docNodePrefix)) continue;
      const id = String(item.sk).slice(SK.docNodePrefix.length);
      targets.add(`PAGE#${space}.${id}`);
      for (const ref of (item.refs as string[] | undefined) ?? []) targets.add(referenceTarget(ref));
    }
    await onItems(items);
  }
  for (const target of targets) {
    await onItems(await queryPartition(docReferencesPartition(enterpriseId, target)));
  }
}

/**
 * Builds the archive of one export. An export that is gone (expired) or has ended is left as it
 * is; one that fails is marked failed with the reason (not retried: the owner starts another).
 */
export async function runExport(enterpriseId: string, exportId: string): Promise<void> {
  const record = await getExport(enterpriseId, exportId);
  if (!record || record.status === 'done' || record.status === 'failed') {
    await releaseRunning(enterpriseId, exportId);
    return;
  }
  try {
    await updateExport(enterpriseId, exportId, {
      status: 'running',
      items: 0,
      files: 0,
      total: null,
      error: null,
    });
    const sizeBytes = await writeArchive(record);
    await updateExport(enterpriseId, exportId, { status: 'done', sizeBytes, finishedAt: nowIso() });
  } catch (error) {
    console.error(
      JSON.stringify({ level: 'error', msg: 'data export failed', exportId, error: String(error) }),
    );
    await updateExport(enterpriseId, exportId, {
      status: 'failed',
      error: 'The export could not be written. Start another one.',
      finishedAt: nowIso(),
    }).catch(() => undefined);
  } finally {
    await releaseRunning(enterpriseId, exportId);
  }
}

/**
 * Writes the archive as a stream to the files bucket: items spooled to temporary files as they
 * are read (item-spool.ts), then each entity file, each file object and the manifest flow through
 * the zip (zip-stream.ts) into a multipart upload. Memory holds a few upload parts, whatever the
 * enterprise's size.
 */
async function writeArchive(record: ExportRecord): Promise<number> {
  const { enterpriseId, exportId } = record;
  const spool = await ItemSpool.open(exportId);
  try {
    const items = await spoolItems(record, spool);
    const fileKeys = await listObjectKeys(enterpriseFilesPrefix(enterpriseId));
    await updateExport(enterpriseId, exportId, { items, total: items + fileKeys.length });

    const archive = new ZipStream();
    const uploaded = writeObjectStream(record.archiveKey, archive.output, 'application/zip');
    // A failed upload stops the writing below (it waits on the output) instead of leaving it hanging.
    uploaded.catch((error: Error) => archive.fail(error));
    for await (const [name, chunks] of spool.finish()) await archive.add(name, chunks, 6);
    const files = await archiveFiles(record, fileKeys, archive);
    const manifest = {
      enterpriseId,
      exportId,
      startedBy: record.startedBy,
      createdAt: record.createdAt,
      writtenAt: new Date(clock.now()).toISOString(),
      items,
      files,
      entities: spool.counts(),
      droppedAttributes: [...DROPPED_ATTRIBUTES, '*Sealed'],
    };
    await archive.add('export.json', [Buffer.from(JSON.stringify(manifest, null, 1))], 6);
    archive.end();
    await uploaded;
    await updateExport(enterpriseId, exportId, { items, files });
    return archive.size;
  } finally {
    await spool.remove();
  }
}

/** Every item of the enterprise into the spool, without secrets; answers how many. */
async function spoolItems(record: ExportRecord, spool: ItemSpool): Promise<number> {
  const { enterpriseId, exportId } = record;
  let items = 0;
  let reported = 0;
  await readEnterpriseItems(enterpriseId, async (partition) => {
    for (const item of partition) {
      await spool.add(entityFileName(item.entity), withoutSecrets(item));
      items += 1;
    }
    if (items - reported >= ITEMS_PER_PROGRESS) {
      reported = items;
      await updateExport(enterpriseId, exportId, { items });
    }
  });
  return items;
}

/** Each file object into the archive under `files/`, as it streams from the bucket. */
async function archiveFiles(record: ExportRecord, keys: readonly string[], archive: ZipStream) {
  let files = 0;
  for (const key of keys) {
    const chunks = await readObjectChunks(key);
    // Removed between the listing and the read: nothing to keep.
    if (chunks) await archive.add(`files/${key}`, chunks, 0);
    files += 1;
    if (files % FILES_PER_PROGRESS === 0) await updateExport(record.enterpriseId, record.exportId, { files });
  }
  return files;
}
