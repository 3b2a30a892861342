/**
 * Knowledge-base search benchmark: one space of 10,000 wiki pages of realistic length (a few
 * hundred to a couple of thousand words of technical prose each), indexed exactly as the docs
 * group indexes a space (functions/src/modules/docs/search-index.ts: the same FlexSearch
 * options and markdown-to-words), then queried the way `docs/search` queries it (the same
 * ranking of title and body hits, and the marked title and snippet of the page shown).
 *
 *   npm run bench:docs-search                             # 10,000 pages, 300 queries
 *   BENCH_PAGES=2000 npm run bench:docs-search
 *
 * Figures:
 *   - warm: a query in a process that holds the space's index (p50/p95/max); target p95 < 150 ms;
 *   - cold, no saved index: building the index from every page's text;
 *   - cold, saved index: reading the gzipped snapshot from the files bucket (s3rver here, the only service started) and
 *     importing it, which is what a new Lambda pays on its first search of a space;
 *   - floor: a raw S3 GET of a small object, measured in the same run.
 * Not measured here: reading the space's copy from DynamoDB (one Query of its change log, the
 * same for every docs call) and the BatchGet of the shown pages' bodies for snippets (20 items).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import S3rver from 's3rver';
import { LOCAL_NAMES } from '../../infra/lib/definitions';
import { ensureBuckets, freePort, localEnv, s3Client } from '../lib/local-stack';

const PAGES = Number(process.env.BENCH_PAGES ?? 10_000);
const QUERIES = Number(process.env.BENCH_QUERIES ?? 300);
const TARGET_P95 = 150;

const WORDS = (
  'robot fleet charging battery route planner zone keep-out aisle warehouse dispatch gateway websocket ' +
  'latency marker operator shift schedule maintenance firmware sensor lidar camera obstacle pallet ' +
  'conveyor picking order inventory replenish safety incident review deploy rollback canary metrics ' +
  'dashboard alert on-call runbook database migration index query cache queue retry timeout backoff ' +
  'certificate encryption access audit policy onboarding handbook release calendar sprint backlog ' +
  'estimate acceptance criteria requirement specification design decision trade-off prototype ' +
  'benchmark throughput capacity failover region replica snapshot backup restore export import'
).split(' ');

function rng(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
}

function pageOf(i: number, random: () => number): { id: string; title: string; markdown: string } {
  const pick = () => WORDS[Math.floor(random() * WORDS.length)]!;
  const title = `${pick()} ${pick()} ${pick()} ${i}`.replace(/^\w/, (c) => c.toUpperCase());
  const sections: string[] = [`# ${title}`];
  const paragraphs = 4 + Math.floor(random() * 16);
  for (let p = 0; p < paragraphs; p++) {
    if (p % 5 === 2) sections.push(`## ${pick()} ${pick()}`);
    const sentences: string[] = [];
    const count = 3 + Math.floor(random() * 5);
    for (let s = 0; s < count; s++) {
      const length = 8 + Math.floor(random() * 14);
      sentences.push(`${Array.from({ length }, pick).join(' ')}.`.replace(/^\w/, (c) => c.toUpperCase()));
    }
    sections.push(sentences.join(' '));
    if (p % 7 === 3) sections.push(`- [ ] ${pick()} ${pick()}\n- [x] ${pick()} ${pick()} #${1 + (i % 400)}`);
  }
  return { id: String(i + 1), title, markdown: sections.join('\n\n') };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const ms = (value: number) => `${value.toFixed(1)} ms`;

const scratchDir = mkdtempSync(join(tmpdir(), 'bench-docs-search-'));
// Only storage is involved: s3rver, as `npm start` and the tests run it (no DynamoDB needed).
console.log('Starting s3rver...');
const s3Port = await freePort();
const s3 = new S3rver({ port: s3Port, address: '127.0.0.1', directory: scratchDir, silent: true });
await s3.run();
const s3Endpoint = `http://127.0.0.1:${s3Port}`;
await ensureBuckets(s3Client(s3Endpoint), Object.values(LOCAL_NAMES.buckets));
Object.assign(process.env, localEnv('http://127.0.0.1:9', s3Endpoint));

try {
  await run();
} finally {
  await s3.close();
  rmSync(scratchDir, { recursive: true, force: true });
}

async function run(): Promise<void> {
  // Config is read from the environment when the modules load: import them after it is set.
  const { emptyIndex, plainText } = await import('../../functions/src/modules/docs/search-index');
  const { markText, queryWords, snippetOf } = await import('../../functions/src/modules/docs/search');
  const { readObject, writeObject } = await import('../../functions/src/core/storage/files');

  const random = rng(42);
  const pages = Array.from({ length: PAGES }, (_, i) => pageOf(i, random));
  const bodies = new Map(pages.map((page) => [page.id, plainText(page.markdown)]));
  const words = [...bodies.values()].reduce((sum, body) => sum + body.split(/\s+/).length, 0);
  console.log(`${PAGES} pages, ${Math.round(words / PAGES)} words on average.`);

  // Cold, without a saved index: every page indexed.
  let started = performance.now();
  const index = await emptyIndex();
  for (const page of pages) index.add({ id: page.id, title: page.title, body: bodies.get(page.id)! });
  const buildMs = performance.now() - started;
  const heapMb = process.memoryUsage().heapUsed / 1024 / 1024;

  // The snapshot a background job saves, and what a new process pays to load it.
  const parts: Record<string, string> = {};
  await index.export((key, data) => {
    parts[key] = data;
  });
  const packed = gzipSync(
    JSON.stringify({ seq: PAGES, indexed: pages.map((p) => [p.id, `1|${p.title}`]), parts }),
  );
  const key = 'ent/bench/docs/enterprise/search/index.json.gz';
  await writeObject(key, packed, 'application/gzip');
  await writeObject('ent/bench/docs/floor.txt', new TextEncoder().encode('floor'), 'text/plain');
  const floors: number[] = [];
  for (let i = 0; i < 50; i++) {
    const t = performance.now();
    await readObject('ent/bench/docs/floor.txt');
    floors.push(performance.now() - t);
  }
  started = performance.now();
  const loaded = await readObject(key);
  const getMs = performance.now() - started;
  const saved = JSON.parse(gunzipSync(loaded!).toString('utf8')) as { parts: Record<string, string> };
  const fresh = await emptyIndex();
  for (const [name, data] of Object.entries(saved.parts)) fresh.import(name, data);
  const snapshotMs = performance.now() - started;

  // Warm queries: one to three words, half of them prefixes of a title word (search as you type).
  const titles = new Map(pages.map((p) => [p.id, p.title]));
  const queryRandom = rng(7);
  const timings: number[] = [];
  let hitsSeen = 0;
  for (let q = 0; q < QUERIES; q++) {
    const count = 1 + Math.floor(queryRandom() * 3);
    let text = Array.from({ length: count }, () => WORDS[Math.floor(queryRandom() * WORDS.length)]!).join(
      ' ',
    );
    if (q % 2 === 1) text = text.slice(0, Math.max(3, text.length - 2));
    const t = performance.now();
    const results = fresh.search(text, { limit: 500 });
    const score = new Map<string, number>();
    for (const { field, result } of results) {
      const weight = field === 'title' ? 2 : 1;
      result.forEach((id, rank) => {
        const key = String(id);
        score.set(key, (score.get(key) ?? 0) + weight * (1 - rank / (result.length + 1)));
      });
    }
    const top = [...score].sort((a, b) => b[1] - a[1]).slice(0, 20);
    const marks = queryWords(text);
    for (const [id] of top) {
      markText(titles.get(id) ?? '', marks);
      snippetOf(bodies.get(id) ?? '', marks);
    }
    timings.push(performance.now() - t);
    hitsSeen += score.size;
  }
  timings.sort((a, b) => a - b);
  floors.sort((a, b) => a - b);
  const p95 = percentile(timings, 95);

  console.log('');
  console.log(
    `Floor: S3 GET of a small object      p50 ${ms(percentile(floors, 50))}  p95 ${ms(percentile(floors, 95))}`,
  );
  console.log(
    `Warm query (${QUERIES}, ${Math.round(hitsSeen / QUERIES)} hits on average)  p50 ${ms(percentile(timings, 50))}  p95 ${ms(p95)}  max ${ms(timings.at(-1)!)}  (target p95 < ${TARGET_P95} ms)`,
  );
  console.log(
    `Cold, no saved index: build from ${PAGES} pages   ${ms(buildMs)}  (heap ${heapMb.toFixed(0)} MB)`,
  );
  console.log(
    `Cold, saved index: S3 GET ${ms(getMs)} of ${(packed.length / 1024 / 1024).toFixed(1)} MB gzipped, with import ${ms(snapshotMs)}`,
  );
  console.log(p95 < TARGET_P95 ? 'Warm p95 within target.' : 'Warm p95 OVER target.');
}
