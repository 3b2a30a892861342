/**
 * The full-text index of a space: FlexSearch (a Document index over `title` and `body`) in
 * memory, per space, of the pages and files that are visible. Titles are tokenised forward (a
 * word's prefixes match: search as you type), bodies by whole words, which keeps 10,000 pages of
 * ordinary length near 60 MB and queries in milliseconds (scripts/bench/docs-search.ts).
 *
 * The index follows the space's copy (space-state.ts), which is exact: before a search, every
 * visible node whose revision or title differs from what the index holds is (re)indexed (its
 * current revision read in batches) and every node no longer visible is removed. So the index
 * can never show a page in the trash or miss a save, whichever process wrote it.
 *
 * Building the index of a large space from its revisions takes seconds, so it is saved to the
 * files bucket (`ent/{e}/docs/{space}/search/index.json.gz`) by a background job once it is 25
 * changes behind, and a new process starts from that copy and indexes only what changed since.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import { readObject, writeObject } from '@core/storage/files';
import { isVisible, type SpaceState } from './space-state';
import type { NodeRecord } from './store/nodes';
import { getRevisions } from './store/revisions';

type FlexDocument = {
  add(doc: { id: string; title: string; body: string }): void;
  update(doc: { id: string; title: string; body: string }): void;
  remove(id: string): void;
  search(query: string, options: { limit: number }): { field: string; result: (string | number)[] }[];
  export(handler: (key: string, data: string) => void): Promise<void> | void;
  import(key: string, data: string): void;
};

export interface SpaceSearch {
  enterpriseId: string;
  space: string;
  /** The space's change the index reflects. */
  seq: number;
  index: FlexDocument;
  /** Local id → what was indexed (`revision|title`), for every indexed node. */
  indexed: Map<string, string>;
  /** The sync under way: searches of one space in one process take turns. */
  syncing?: Promise<void>;
}

const MAX_SPACES = 20;
const searches = new Map<string, SpaceSearch>();

/** What happened, for the bench and the tests. */
export const searchStats = { snapshotLoads: 0, nodesIndexed: 0, lastSyncMs: 0 };

export const snapshotKey = (enterpriseId: string, space: string) =>
  `ent/${enterpriseId}/docs/${space}/search/index.json.gz`;

let documentClass: (new (options: unknown) => FlexDocument) | undefined;

/** FlexSearch, loaded on the first search (~45 KB no other call needs). */
async function flexDocument(): Promise<new (options: unknown) => FlexDocument> {
  if (!documentClass) {
    const module = (await import('flexsearch')) as unknown as {
      Document?: unknown;
      default?: { Document: unknown };
    };
    documentClass = (module.Document ?? module.default?.Document) as new (options: unknown) => FlexDocument;
  }
  return documentClass;
}

const INDEX_OPTIONS = {
  document: {
    id: 'id',
    index: [
      { field: 'title', tokenize: 'forward' },
      { field: 'body', tokenize: 'strict', resolution: 5 },
    ],
  },
  fastupdate: false,
};

/** A new, empty index with the options every space uses (the bench builds one too). */
export async function emptyIndex(): Promise<FlexDocument> {
  const Document = await flexDocument();
  return new Document(INDEX_OPTIONS);
}

/** Markdown as words: link targets, image addresses and markup left out. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\]\([^)]*\)/g, ']')
    .replace(/<[^>]+>/g, ' ')
    .replace(/[#*_>`~|[\]-]+/g, ' ');
}

const signature = (node: NodeRecord) => `${node.revision ?? 'f'}|${node.title}`;

/** What the index should hold: visible pages and files (attachments are found through their page). */
function wanted(state: SpaceState): NodeRecord[] {
  return [...state.nodes.values()].filter((n) => n.kind !== 'folder' && !n.attachment && isVisible(state, n));
}

async function loadSnapshot(enterpriseId: string, space: string): Promise<SpaceSearch | null> {
  const packed = await readObject(snapshotKey(enterpriseId, space));
  if (!packed) return null;
  try {
    const saved = JSON.parse(gunzipSync(packed).toString('utf8')) as {
      seq: number;
      indexed: [string, string][];
      parts: Record<string, string>;
    };
    const index = await emptyIndex();
    for (const [key, data] of Object.entries(saved.parts)) index.import(key, data);
    searchStats.snapshotLoads += 1;
    return { enterpriseId, space, seq: saved.seq, index, indexed: new Map(saved.indexed) };
  } catch {
    // A damaged or older-format copy is only a lost head start.
    return null;
  }
}

function remember(search: SpaceSearch): SpaceSearch {
  const key = `${search.enterpriseId}/${search.space}`;
  searches.delete(key);
  searches.set(key, search);
  while (searches.size > MAX_SPACES) searches.delete(searches.keys().next().value!);
  return search;
}

export function forgetSearchIndexes(): void {
  searches.clear();
}

/** The space's index, brought up to the copy `state`. */
export async function searchIndex(state: SpaceState): Promise<SpaceSearch> {
  const started = performance.now();
  const key = `${state.enterpriseId}/${state.space}`;
  let search = searches.get(key);
  if (!search) {
    search = (await loadSnapshot(state.enterpriseId, state.space)) ?? {
      enterpriseId: state.enterpriseId,
      space: state.space,
      seq: 0,
      index: await emptyIndex(),
      indexed: new Map(),
    };
  }
  while (search.syncing) await search.syncing;
  if (search.seq !== state.seq || (search.indexed.size === 0 && state.nodes.size > 0)) {
    search.syncing = sync(search, state).finally(() => {
      search.syncing = undefined;
    });
    await search.syncing;
  }
  searchStats.lastSyncMs = performance.now() - started;
  return remember(search);
}

async function sync(search: SpaceSearch, state: SpaceState): Promise<void> {
  const nodes = wanted(state);
  const keep = new Set(nodes.map((n) => n.localId));
  for (const id of [...search.indexed.keys()]) {
    if (!keep.has(id)) {
      search.index.remove(id);
      search.indexed.delete(id);
    }
  }
  const stale = nodes.filter((n) => search.indexed.get(n.localId) !== signature(n));
  const pages = stale.filter((n) => n.kind === 'wiki' && n.revision !== null);
  const bodies = new Map<string, string>();
  for (let i = 0; i < pages.length; i += 100) {
    const part = pages.slice(i, i + 100).map((n) => ({ localId: n.localId, revision: n.revision! }));
    for (const rev of await getRevisions(state.enterpriseId, state.space, part)) {
      bodies.set(rev.localId, plainText(rev.content ?? ''));
    }
  }
  for (const node of stale) {
    const doc = { id: node.localId, title: node.title, body: bodies.get(node.localId) ?? '' };
    if (search.indexed.has(node.localId)) search.index.update(doc);
    else search.index.add(doc);
    search.indexed.set(node.localId, signature(node));
  }
  searchStats.nodesIndexed += stale.length;
  search.seq = state.seq;
}

/** Saves the index (as `state` has it) for the next cold process; the space's seq it holds. */
export async function saveSnapshot(state: SpaceState): Promise<number> {
  const search = await searchIndex(state);
  const parts: Record<string, string> = {};
  await search.index.export((key, data) => {
    parts[key] = data;
  });
  const body = JSON.stringify({ seq: search.seq, indexed: [...search.indexed], parts });
  await writeObject(snapshotKey(state.enterpriseId, state.space), gzipSync(body), 'application/gzip');
  return search.seq;
}
