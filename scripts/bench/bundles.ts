/**
 * Bundle budgets (issue 7 point 6): every Lambda bundle and the web app's initial JavaScript.
 *
 *   npm run bench:bundles                 # every endpoint group, then the web build
 *   npm run bench:bundles -- --why        # plus each bundle's 15 largest inputs
 *   npm run bench:bundles -- --lambdas    # only the Lambda bundles (or --web: only the web)
 *   BENCH_SPAWNS=15 npm run bench:bundles # load-time samples per bundle (default 9)
 *
 * Lambdas: each group of functions/src/manifest.ts is bundled with the stack's own options
 * (scripts/lib/lambda-bundle.ts), then loaded in fresh `node --enable-source-maps` processes (as
 * the functions run: NODE_OPTIONS in infra/lib/constructs/api.ts), timing the import up to the
 * `handler` export; the median of the spawns stands in for the cold start's init. Budget: 500 KB
 * minified each (the aim is 300 KB) for the handler: index.mjs and the chunks it imports
 * statically, which every cold start loads. Chunks reached only by `await import()` (loaded by
 * the requests that need them) are listed beside it.
 *
 * Web: a production build into a scratch folder (web/dist is left alone), then the JavaScript
 * that index.html loads before anything renders: its module script, its modulepreload links and
 * everything those import statically, gzipped. Budget: 170 KB. The largest lazy chunks follow.
 *
 * Exits 1 when a budget is exceeded. Bundles and esbuild metafiles stay in the scratch folder
 * printed at the end (load a metafile into https://esbuild.github.io/analyze/ for the full tree).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { ENDPOINT_GROUPS } from '../../functions/src/manifest';
import { REPO_ROOT } from '../../infra/lib/paths';
import { bundleGroup, bytesByPackage, type LambdaBundle, largestInputs } from '../lib/lambda-bundle';
import { buildWebInto, type WebFigures } from '../lib/web-bundle';

const LAMBDA_BUDGET_KB = 500;
const LAMBDA_AIM_KB = 300;
const WEB_INITIAL_BUDGET_KB = 170;
const SPAWNS = Number(process.env.BENCH_SPAWNS ?? 9);

const args = new Set(process.argv.slice(2));
const why = args.has('--why');
const lambdas = !args.has('--web');
const web = !args.has('--lambdas');

// A fresh folder per run: two runs at once must not delete each other's bundles.
const scratch = mkdtempSync(join(tmpdir(), 'workspace-bench-bundles-'));

let failed = false;
if (lambdas) failed = (await benchLambdas()) || failed;
if (web) failed = (await benchWeb()) || failed;
console.log(`\nBundles and metafiles: ${scratch}`);
process.exit(failed ? 1 : 0);

async function benchLambdas(): Promise<boolean> {
  console.log(`Lambda bundles (budget ${LAMBDA_BUDGET_KB} KB minified, aim ${LAMBDA_AIM_KB} KB)`);
  console.log(`load = import up to \`handler\` in a fresh node, median of ${SPAWNS} spawns\n`);
  const rows: string[][] = [];
  const bundles: [string, LambdaBundle][] = [];
  for (const group of ENDPOINT_GROUPS) {
    const bundle = await bundleGroup(group.name, join(scratch, group.name));
    writeFileSync(join(scratch, group.name, 'index.meta.json'), JSON.stringify(bundle.metafile));
    const gzip = bundle.initial.files.reduce(
      (total, path) => total + gzipSync(readFileSync(join(REPO_ROOT, path))).length,
      0,
    );
    const load = medianLoad(bundle.file);
    const pass = bundle.initial.bytes <= LAMBDA_BUDGET_KB * 1024;
    rows.push([
      group.name,
      kb(bundle.initial.bytes),
      kb(gzip),
      `${kb(bundle.lazy.bytes)} (${bundle.lazy.files.length})`,
      ms(load.wallMs),
      ms(load.cpuMs),
      pass ? 'pass' : 'FAIL',
    ]);
    bundles.push([group.name, bundle]);
  }
  printTable(
    ['group', 'handler', 'gzipped', 'lazy chunks', 'load', 'load cpu', `≤ ${LAMBDA_BUDGET_KB} KB`],
    rows,
  );
  if (why) for (const [name, bundle] of bundles) printWhy(name, bundle);
  return rows.some((row) => row.at(-1) === 'FAIL');
}

/**
 * Time to import the bundle and find `handler`, each in a fresh process: the median wall time,
 * and the median CPU time, which other load on the machine disturbs much less.
 */
function medianLoad(file: string): { wallMs: number; cpuMs: number } {
  const probe = [
    'const started = performance.now(); const cpu = process.cpuUsage();',
    'const module = await import(process.argv[1]);',
    "if (typeof module.handler !== 'function') throw new Error('no handler export');",
    'const used = process.cpuUsage(cpu);',
    'process.stdout.write(JSON.stringify([performance.now() - started, (used.user + used.system) / 1000]));',
  ].join(' ');
  const samples: [number, number][] = [];
  for (let i = 0; i < SPAWNS; i++) {
    const run = spawnSync(
      process.execPath,
      ['--enable-source-maps', '--input-type=module', '-e', probe, pathToFileURL(file).href],
      {
        encoding: 'utf8',
        // A Lambda-like environment: the defaults of functions/src/core/config.ts, no local endpoints.
        env: {
          PATH: process.env.PATH,
          AWS_REGION: 'us-east-1',
          STAGE: 'bench',
          AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
        },
      },
    );
    if (run.status !== 0) throw new Error(`loading ${file} failed:\n${run.stderr}`);
    samples.push(JSON.parse(run.stdout));
  }
  return { wallMs: median(samples.map((s) => s[0])), cpuMs: median(samples.map((s) => s[1])) };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

function printWhy(name: string, bundle: LambdaBundle): void {
  console.log(`\n${name}: largest inputs (bytes in the minified output)`);
  for (const input of largestInputs(bundle)) console.log(`  ${kb(input.bytes).padStart(9)}  ${input.path}`);
  const packages = bytesByPackage(bundle)
    .slice(0, 8)
    .map((p) => `${p.name} ${kb(p.bytes)}`);
  console.log(`  by package: ${packages.join(', ')}`);
}

async function benchWeb(): Promise<boolean> {
  console.log(`\nWeb app (budget ${WEB_INITIAL_BUDGET_KB} KB gzipped initial JavaScript)`);
  const figures: WebFigures = await buildWebInto(join(scratch, 'web'));
  const pass = figures.initial.gzip <= WEB_INITIAL_BUDGET_KB * 1024;
  printTable(
    ['initial JavaScript', 'files', 'minified', 'gzipped', 'brotli', `≤ ${WEB_INITIAL_BUDGET_KB} KB`],
    [
      [
        'index.html + static imports',
        String(figures.initial.files.length),
        kb(figures.initial.bytes),
        kb(figures.initial.gzip),
        kb(figures.initial.brotli),
        pass ? 'pass' : 'FAIL',
      ],
    ],
  );
  console.log('');
  printTable(
    ['initial file', 'minified', 'gzipped', 'brotli'],
    figures.initial.files.map((f) => [f.name, kb(f.bytes), kb(f.gzip), kb(f.brotli)]),
  );
  console.log('');
  printTable(
    ['largest lazy chunks', 'minified', 'gzipped', 'brotli'],
    figures.lazy.slice(0, 10).map((f) => [f.name, kb(f.bytes), kb(f.gzip), kb(f.brotli)]),
  );
  console.log(
    `(${figures.lazy.length} lazy chunks, ${kb(figures.lazy.reduce((n, f) => n + f.gzip, 0))} gzipped)`,
  );
  return !pass;
}

function ms(value: number): string {
  return `${value.toFixed(0)} ms`;
}

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]?.length ?? 0)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
      .join('  ');
  console.log(line(header));
  for (const row of rows) console.log(line(row));
}
