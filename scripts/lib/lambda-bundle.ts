/**
 * Bundles an endpoint group's Lambda entry exactly as the stack does: the stack hands
 * FUNCTION_BUNDLING (infra/lib/constructs/api.ts) to CDK's NodejsFunction, which turns it into
 * esbuild command-line flags; this turns the same options into esbuild's JS API options, so the
 * bench measures what gets deployed. test/infra/bundling.test.ts checks that both give the same
 * bytes. An option this does not know fails loudly instead of being measured wrong.
 */
import { join } from 'node:path';
import type { BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';
import { type BuildOptions, build, type Metafile } from 'esbuild';
import { FUNCTION_BUNDLING } from '../../infra/lib/constructs/api';
import { REPO_ROOT } from '../../infra/lib/paths';

export interface LambdaBundle {
  /** The bundle (index.mjs) on disk. */
  file: string;
  bytes: number;
  metafile: Metafile;
}

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

export function esbuildOptionsFor(
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

/** Bundles functions/src/lambda/<group>.ts with the stack's options into `outdir`. */
export async function bundleGroup(group: string, outdir: string): Promise<LambdaBundle> {
  const entry = join(REPO_ROOT, 'functions/src/lambda', `${group}.ts`);
  const options = esbuildOptionsFor(FUNCTION_BUNDLING, entry, outdir);
  const result = await build({ ...options, metafile: true, logLevel: 'error' });
  const output = entryOutput(result.metafile);
  if (!output) throw new Error(`lambda-bundle: esbuild wrote no ${options.outfile}`);
  return { file: options.outfile, bytes: output.bytes, metafile: result.metafile };
}

function entryOutput(metafile: Metafile) {
  return Object.values(metafile.outputs).find((output) => output.entryPoint);
}

/** The bundle's `limit` largest inputs by bytes in the output (the `--why` listing). */
export function largestInputs(bundle: LambdaBundle, limit = 15): { path: string; bytes: number }[] {
  return Object.entries(entryOutput(bundle.metafile)?.inputs ?? {})
    .map(([path, input]) => ({ path, bytes: input.bytesInOutput }))
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, limit);
}

/** Bytes in the output per npm package (or per source folder for our own code), largest first. */
export function bytesByPackage(bundle: LambdaBundle): { name: string; bytes: number }[] {
  const totals = new Map<string, number>();
  for (const [path, input] of Object.entries(entryOutput(bundle.metafile)?.inputs ?? {})) {
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path)?.[1];
    const name = pkg ?? path.split('/').slice(0, -1).join('/');
    totals.set(name, (totals.get(name) ?? 0) + input.bytesInOutput);
  }
  return [...totals].map(([name, bytes]) => ({ name, bytes })).sort((a, b) => b.bytes - a.bytes);
}
