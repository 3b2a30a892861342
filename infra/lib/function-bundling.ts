/**
 * How every endpoint group's function is bundled: the esbuild options (FUNCTION_BUNDLING), the
 * code-splitting pass that follows NodejsFunction's own build (functionBundling), and the same
 * options for esbuild's JS API (splitBuildOptions), which the split pass, the
 * bundle bench (`npm run bench:bundles`) and test/infra/bundling.test.ts use, so what is measured
 * and tested is what gets deployed.
 */
import { join } from 'node:path';
import { type BundlingOptions, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { BuildOptions } from 'esbuild';
import { REPO_ROOT } from './paths';
import { jsonProtocolsPlugin } from './sdk-protocols-plugin';

/**
 * esbuild bundling, run on this machine (no Docker).
 *
 * - ESM output: the package is `"type": "module"`, hono and zod ship ESM, and ESM allows
 *   top-level await during the init phase. Bundled CommonJS dependencies still call `require`
 *   for Node built-ins, which ESM lacks, hence the createRequire banner.
 * - `module` before `main`: takes the ESM builds of dual packages (the AWS SDK's `dist-es`),
 *   which esbuild tree-shakes far better.
 * - No externals: the AWS SDK v3 clients the code imports are bundled instead of taken from the
 *   runtime, so the version is the one we tested and cold starts do not depend on the runtime's
 *   copy; node built-ins stay external by themselves (platform node).
 * - tsconfig.json's `paths` resolve the `@shared/*` and `@core/*` aliases.
 * - Source maps without the sources' text: stack traces name our files and lines
 *   (NODE_OPTIONS=--enable-source-maps) without doubling the asset.
 * - Two packages are replaced by slim stand-ins in the functions only (the local server and the
 *   tests use the real ones), each for code that cannot run in a Lambda; see each file's comment
 *   and docs/architecture.md "Bundle budgets". They take each function from ~900 KB to ~400 KB:
 *   - `@hono/zod-openapi` → functions/src/core/lambda/zod-openapi.ts: the same request handling
 *     without the OpenAPI document generator (the cloud serves a static document), whose
 *     `extendZodWithOpenApi(z)` call kept every zod export (all its locales) in each bundle.
 *   - `@aws-sdk/credential-provider-node` → functions/src/core/lambda/env-credentials.ts: a Lambda's
 *     credentials are always in its environment, so the rest of the default chain (SSO, STS,
 *     ini files, instance metadata) is dead weight.
 *   `npm run bench:bundles` measures the result with these very options.
 * - Code splitting: see functionBundling below.
 */
export const FUNCTION_BUNDLING: BundlingOptions = {
  format: OutputFormat.ESM,
  target: 'node22',
  mainFields: ['module', 'main'],
  banner:
    "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  externalModules: [],
  minify: true,
  sourceMap: true,
  sourcesContent: false,
  tsconfig: join(REPO_ROOT, 'tsconfig.json'),
  // `--alias:<package>`: CDK passes each key as `--alias:<package>=<value>`; esbuild resolves the
  // relative paths in the project root, where CDK runs it.
  esbuildArgs: {
    '--alias:@hono/zod-openapi': './functions/src/core/lambda/zod-openapi.ts',
    '--alias:@aws-sdk/credential-provider-node': './functions/src/core/lambda/env-credentials.ts',
  },
  forceDockerBundling: false,
};

/**
 * NodejsFunction's options plus a second esbuild pass with code splitting.
 *
 * NodejsFunction always hands esbuild `--outfile`, and esbuild splits code only with `--outdir`,
 * so its own build is one file in which every `await import()` is inlined. The afterBundling hook
 * rebuilds the same entry with the same options and `splitting` into the same asset folder:
 * index.mjs (replacing the one-file build) plus chunks/*.mjs. What a request rarely needs (the
 * spreadsheet libraries of the case import and export, the SDK's event-stream serde) then stays
 * in a chunk that Node loads on first use, out of every cold start.
 */
export function functionBundling(entry: string): BundlingOptions {
  const tsx = join(REPO_ROOT, 'node_modules/.bin/tsx');
  const script = join(REPO_ROOT, 'infra/bin/split-bundle.ts');
  return {
    ...FUNCTION_BUNDLING,
    commandHooks: {
      beforeBundling: () => [],
      beforeInstall: () => [],
      afterBundling: (_inputDir, outputDir) => [[tsx, script, entry, outputDir].map(shellQuote).join(' ')],
    },
  };
}

const shellQuote = (value: string) => `'${value.replaceAll("'", `'\\''`)}'`;

/** What NodejsFunction passes to esbuild besides the options (bundling.js buildEsbuildArgs). */
const CDK_FIXED = { bundle: true, platform: 'node' } as const;

/** The options this module translates; anything else in BundlingOptions is refused. */
const HANDLED = new Set([
  'format',
  'target',
  'mainFields',
  'banner',
  'footer',
  'externalModules',
  'minify',
  'sourceMap',
  'sourcesContent',
  'tsconfig',
  'define',
  'loader',
  'keepNames',
  'logLevel',
  'esbuildArgs',
  'forceDockerBundling',
]);

/** FUNCTION_BUNDLING-style options as esbuild JS API options, building `entry` into one file. */
function esbuildOptionsFor(
  bundling: BundlingOptions,
  entry: string,
  outdir: string,
): BuildOptions & { outfile: string } {
  const unknown = Object.keys(bundling).filter((key) => !HANDLED.has(key));
  if (unknown.length > 0) throw new Error(`lambda-bundle: translate ${unknown.join(', ')} before measuring`);
  if (!bundling.target) throw new Error('lambda-bundle: FUNCTION_BUNDLING must name its target');
  const esm = bundling.format === 'esm';
  return {
    ...CDK_FIXED,
    entryPoints: [entry],
    outfile: join(outdir, esm ? 'index.mjs' : 'index.js'),
    absWorkingDir: REPO_ROOT, // CDK runs esbuild in the project root: relative aliases resolve there
    target: bundling.target,
    ...(bundling.format ? { format: bundling.format as 'esm' | 'cjs' } : {}),
    ...(bundling.mainFields ? { mainFields: bundling.mainFields } : {}),
    ...(bundling.banner ? { banner: { js: bundling.banner } } : {}),
    ...(bundling.footer ? { footer: { js: bundling.footer } } : {}),
    // CDK's default (no externalModules) leaves the runtime's '@aws-sdk/*' out of the bundle.
    external: bundling.externalModules ?? ['@aws-sdk/*'],
    minify: bundling.minify ?? false,
    sourcemap: bundling.sourceMap ?? false,
    sourcesContent: bundling.sourcesContent ?? true,
    ...(bundling.tsconfig ? { tsconfig: bundling.tsconfig } : {}),
    ...(bundling.define ? { define: bundling.define } : {}),
    ...(bundling.loader ? { loader: bundling.loader as BuildOptions['loader'] } : {}),
    keepNames: bundling.keepNames ?? false,
    logLevel: (bundling.logLevel as BuildOptions['logLevel']) ?? 'warning',
    ...cliArgs(bundling.esbuildArgs ?? {}),
  };
}

/** `esbuildArgs` (`--flag` or `--flag:key` → value, as CDK writes them) as JS API options. */
function cliArgs(args: NonNullable<BundlingOptions['esbuildArgs']>): BuildOptions {
  const options: BuildOptions = {};
  for (const [flag, value] of Object.entries(args)) {
    const [name, key] = flag.split(/:(.*)/s) as [string, string | undefined];
    if (name === '--alias' && typeof value === 'string') {
      const [from, to] = key === undefined ? (value.split(/=(.*)/s) as [string, string]) : [key, value];
      options.alias = { ...options.alias, [from]: to };
    } else if (name === '--legal-comments' && typeof value === 'string') {
      options.legalComments = value as BuildOptions['legalComments'];
    } else if (name === '--conditions' && typeof value === 'string') {
      options.conditions = value.split(',');
    } else {
      throw new Error(`lambda-bundle: translate the esbuild flag ${flag} before measuring`);
    }
  }
  return options;
}

/**
 * What the afterBundling pass builds: FUNCTION_BUNDLING's options with code splitting, the entry
 * as `outdir/index.mjs` (the handler Lambda loads) and shared or lazily imported code as
 * `outdir/chunks/*.mjs`.
 */
export function splitBuildOptions(entry: string, outdir: string): BuildOptions {
  const { outfile: _oneFile, ...options } = esbuildOptionsFor(FUNCTION_BUNDLING, entry, outdir);
  return {
    ...options,
    outdir,
    splitting: true,
    entryNames: 'index',
    chunkNames: 'chunks/[name]-[hash]',
    outExtension: { '.js': '.mjs' },
    // The JSON clients' protocols without the XML ones, which then load with S3 (see the plugin).
    plugins: [jsonProtocolsPlugin()],
  };
}
