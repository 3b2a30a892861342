/**
 * Search over titles, page bodies and file names, in one space or in every space the caller may
 * read (the enterprise library and their projects'), ranked, with the matching words marked.
 *
 * Ranking: FlexSearch answers per field in its own relevance order (by where in the text the
 * words occur); a title match counts twice a body match, a node matching in both adds the two,
 * and a hit's place in its field's list scales its part. Results of different spaces are merged
 * on that score. Each space answers at most MAX_HITS_PER_SPACE hits.
 */
import type { Tenant } from '@core/identity/tenancy';
import type { Page } from '@shared/schemas/common';
import type { MarkedText, SearchHit, SearchQuery } from '@shared/schemas/docs';
import { readableSpaces, requireSpace, type SpaceRef } from './access';
import { saveSearchSnapshot } from './background';
import { plainText, searchIndex } from './search-index';
import { pathOf, type SpaceState, spaceState } from './space-state';
import type { NodeRecord } from './store/nodes';
import { getRevisions } from './store/revisions';

const MAX_HITS_PER_SPACE = 500;
/** Changes after which a space's saved index is renewed. */
export const SNAPSHOT_AFTER_CHANGES = 25;
const SNIPPET_CHARS = 220;

/** The query's words, lower case (what the marks look for). */
export function queryWords(q: string): string[] {
  return [...new Set(q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])];
}

/** `text` split into marked and unmarked parts: words starting with a query word are marked. */
export function markText(text: string, words: readonly string[]): MarkedText {
  if (words.length === 0 || text === '') return text ? [{ text, hit: false }] : [];
  const out: MarkedText = [];
  let last = 0;
  for (const match of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    const word = match[0].toLowerCase();
    if (!words.some((w) => word.startsWith(w))) continue;
    const at = match.index;
    if (at > last) out.push({ text: text.slice(last, at), hit: false });
    out.push({ text: match[0], hit: true });
    last = at + match[0].length;
  }
  if (last < text.length) out.push({ text: text.slice(last), hit: false });
  return out;
}

/** About SNIPPET_CHARS of `body` around the first place a query word occurs, marked. */
export function snippetOf(body: string, words: readonly string[]): MarkedText {
  const flat = body.replace(/\s+/g, ' ').trim();
  if (flat === '') return [];
  const lower = flat.toLowerCase();
  let first = -1;
  for (const word of words) {
    const re = new RegExp(`(^|[^\\p{L}\\p{N}])${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'u');
    const found = re.exec(lower);
    if (found && (first === -1 || found.index < first)) first = found.index + found[1]!.length;
  }
  const start = first <= 60 ? 0 : flat.lastIndexOf(' ', first - 60) + 1;
  const end = Math.min(flat.length, start + SNIPPET_CHARS);
  const cut = end < flat.length ? flat.lastIndexOf(' ', end) : end;
  const text = `${start > 0 ? '… ' : ''}${flat.slice(start, cut > start ? cut : end)}${end < flat.length ? ' …' : ''}`;
  return markText(text, words);
}

interface Scored {
  space: SpaceRef;
  state: SpaceState;
  node: NodeRecord;
  score: number;
}

async function searchSpace(space: SpaceRef, state: SpaceState, q: string): Promise<Scored[]> {
  const search = await searchIndex(state);
  if (state.seq - state.snapshotSeq >= SNAPSHOT_AFTER_CHANGES) {
    // Never awaited for the answer: the copy for the next cold process is background work.
    await saveSearchSnapshot.enqueue({ enterpriseId: state.enterpriseId, space: state.space });
    state.snapshotSeq = state.seq;
  }
  const scores = new Map<string, number>();
  for (const { field, result } of search.index.search(q, { limit: MAX_HITS_PER_SPACE })) {
    const weight = field === 'title' ? 2 : 1;
    result.forEach((id, rank) => {
      const key = String(id);
      scores.set(key, (scores.get(key) ?? 0) + weight * (1 - rank / (result.length + 1)));
    });
  }
  const out: Scored[] = [];
  for (const [id, score] of scores) {
    const node = state.nodes.get(id);
    if (node) out.push({ space, state, node, score });
  }
  return out;
}

export async function searchDocs(tenant: Tenant, query: SearchQuery): Promise<Page<SearchHit>> {
  const enterpriseId = tenant.enterprise.id;
  const spaces = query.space ? [await requireSpace(tenant, query.space)] : await readableSpaces(tenant);
  const perSpace = await Promise.all(
    spaces.map(async (space) => searchSpace(space, await spaceState(enterpriseId, space.id), query.q)),
  );
  const hits = perSpace
    .flat()
    .sort((a, b) => b.score - a.score || b.node.updatedAt.localeCompare(a.node.updatedAt));
  const start = (query.pageNum - 1) * query.pageSize;
  const shown = hits.slice(start, start + query.pageSize);

  const bodies = new Map<string, string>();
  const pagesBySpace = new Map<string, { localId: string; revision: number }[]>();
  for (const hit of shown) {
    if (hit.node.kind !== 'wiki' || hit.node.revision === null) continue;
    const list = pagesBySpace.get(hit.space.id) ?? [];
    list.push({ localId: hit.node.localId, revision: hit.node.revision });
    pagesBySpace.set(hit.space.id, list);
  }
  await Promise.all(
    [...pagesBySpace].map(async ([space, wanted]) => {
      for (const rev of await getRevisions(enterpriseId, space, wanted)) {
        bodies.set(`${space}.${rev.localId}`, plainText(rev.content ?? ''));
      }
    }),
  );
  const words = queryWords(query.q);
  return {
    rows: shown.map(({ space, state, node }) => ({
      id: node.id,
      space: space.id,
      space_name: space.name,
      kind: node.kind,
      title: markText(node.title, words),
      snippet: snippetOf(bodies.get(node.id) ?? '', words),
      path: pathOf(state, node).map((p) => ({ id: p.id, title: p.title })),
      updatedAt: node.updatedAt,
    })),
    total: hits.length,
    pageNum: query.pageNum,
    pageSize: query.pageSize,
  };
}
