/**
 * The export job's work: reads every item of an enterprise, partition by partition, and every
 * object of its files, and writes one zip (fflate) to the files bucket. Safe to run twice: it
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
import { listObjectKeys, readObject, writeObject } from '@core/storage/files';
import { ENTERPRISE_SPACE } from '@shared/domain/docs';
import { type ExportRecord, getExport, releaseRunning, updateExport } from './store/exports';

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

async function writeArchive(record: ExportRecord): Promise<number> {
  const { enterpriseId, exportId } = record;
  // Loaded here, not at the top: the enterprise function's other calls never need it.
  const { strToU8, zipSync } = await import('fflate');
  const byFile = new Map<string, Item[]>();
  let items = 0;
  let reported = 0;
  await readEnterpriseItems(enterpriseId, async (partition) => {
    for (const item of partition) {
      const name = entityFileName(item.entity);
      const list = byFile.get(name) ?? [];
      list.push(withoutSecrets(item));
      byFile.set(name, list);
      items += 1;
    }
    if (items - reported >= ITEMS_PER_PROGRESS) {
      reported = items;
      await updateExport(enterpriseId, exportId, { items });
    }
  });

  const prefix = enterpriseFilesPrefix(enterpriseId);
  const fileKeys = await listObjectKeys(prefix);
  await updateExport(enterpriseId, exportId, { items, total: items + fileKeys.length });

  const entries: Record<string, Uint8Array | [Uint8Array, { level: 0 | 6 }]> = {};
  for (const [name, list] of byFile) entries[name] = strToU8(JSON.stringify(list, null, 1));
  let files = 0;
  for (const key of fileKeys) {
    const bytes = await readObject(key);
    // Removed between the listing and the read: nothing to keep.
    if (bytes) entries[`files/${key}`] = [bytes, { level: 0 }];
    files += 1;
    if (files % FILES_PER_PROGRESS === 0) await updateExport(enterpriseId, exportId, { files });
  }
  entries['export.json'] = strToU8(
    JSON.stringify(
      {
        enterpriseId,
        exportId,
        startedBy: record.startedBy,
        createdAt: record.createdAt,
        writtenAt: new Date(clock.now()).toISOString(),
        items,
        files,
        entities: Object.fromEntries([...byFile].map(([name, list]) => [name, list.length])),
        droppedAttributes: [...DROPPED_ATTRIBUTES, '*Sealed'],
      },
      null,
      1,
    ),
  );
  const archive = zipSync(entries, { level: 6 });
  await writeObject(record.archiveKey, archive, 'application/zip');
  await updateExport(enterpriseId, exportId, { items, files });
  return archive.length;
}
