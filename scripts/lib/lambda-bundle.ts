/**
 * Bundles an endpoint group's Lambda entry exactly as the stack does (splitBuildOptions, the
 * options of the deployed asset; infra/lib/function-bundling.ts) and sorts the output into what
 * a cold start loads and what is loaded on first use. test/infra/bundling.test.ts checks that
 * this writes the same files as NodejsFunction.
 */
import { join } from 'node:path';
import { build, type Metafile } from 'esbuild';
import { handlerEntry } from '../../functions/src/manifest';
import { splitBuildOptions } from '../../infra/lib/function-bundling';
import { REPO_ROOT } from '../../infra/lib/paths';

type Output = Metafile['outputs'][string];

export interface LambdaBundle {
  /** The handler's module (index.mjs) on disk. */
  file: string;
  /**
   * index.mjs and the chunks it imports statically: what loading the handler reads. Paths are
   * the metafile's, relative to the repository root.
   */
  initial: { files: string[]; bytes: number };
  /** Chunks reached only through `await import()`. */
  lazy: { files: string[]; bytes: number };
  metafile: Metafile;
}

/** Bundles a group's Lambda entry (modules/<group>/handler.ts) with the stack's options into `outdir`. */
export async function bundleGroup(group: string, outdir: string): Promise<LambdaBundle> {
  const entry = join(REPO_ROOT, handlerEntry(group));
  const result = await build({ ...splitBuildOptions(entry, outdir), metafile: true, logLevel: 'error' });
  const { metafile } = result;
  const entryPath = Object.keys(metafile.outputs).find((path) => metafile.outputs[path]?.entryPoint);
  if (!entryPath) throw new Error(`lambda-bundle: esbuild wrote no entry for ${group}`);
  const initial = staticClosure(metafile, entryPath);
  const lazy = scripts(metafile).filter((path) => !initial.includes(path));
  return {
    file: join(REPO_ROOT, entryPath),
    initial: { files: initial, bytes: sumBytes(metafile, initial) },
    lazy: { files: lazy, bytes: sumBytes(metafile, lazy) },
    metafile,
  };
}

/** The output files (no source maps), as the metafile names them. */
function scripts(metafile: Metafile): string[] {
  return Object.keys(metafile.outputs).filter((path) => path.endsWith('.mjs'));
}

/** `from` and every output it imports statically, directly or not. */
function staticClosure(metafile: Metafile, from: string): string[] {
  const seen = new Set<string>([from]);
  for (const path of seen) {
    for (const imported of metafile.outputs[path]?.imports ?? []) {
      if (imported.kind === 'import-statement' && metafile.outputs[imported.path]) seen.add(imported.path);
    }
  }
  return [...seen];
}

function sumBytes(metafile: Metafile, paths: string[]): number {
  return paths.reduce((total, path) => total + (metafile.outputs[path]?.bytes ?? 0), 0);
}

function initialOutputs(bundle: LambdaBundle): Output[] {
  return bundle.initial.files.flatMap((path) => bundle.metafile.outputs[path] ?? []);
}

/** The `limit` largest inputs of what a cold start loads, by bytes in the output (`--why`). */
export function largestInputs(bundle: LambdaBundle, limit = 15): { path: string; bytes: number }[] {
  return initialOutputs(bundle)
    .flatMap((output) => Object.entries(output.inputs))
    .map(([path, input]) => ({ path, bytes: input.bytesInOutput }))
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, limit);
}

/** Bytes a cold start loads per npm package (or per source folder for our own code). */
export function bytesByPackage(bundle: LambdaBundle): { name: string; bytes: number }[] {
  const totals = new Map<string, number>();
  for (const output of initialOutputs(bundle)) {
    for (const [path, input] of Object.entries(output.inputs)) {
      const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path)?.[1];
      const name = pkg ?? path.split('/').slice(0, -1).join('/');
      totals.set(name, (totals.get(name) ?? 0) + input.bytesInOutput);
    }
  }
  return [...totals].map(([name, bytes]) => ({ name, bytes })).sort((a, b) => b.bytes - a.bytes);
}
