/**
 * The afterBundling pass of every function (infra/lib/function-bundling.ts functionBundling):
 * `split-bundle.ts <entry> <asset folder>` rebuilds the entry with code splitting over
 * NodejsFunction's one-file build.
 */
import { build } from 'esbuild';
import { splitBuildOptions } from '../lib/function-bundling';

const [entry, outdir] = process.argv.slice(2);
if (!entry || !outdir) throw new Error('usage: split-bundle.ts <entry> <output folder>');
await build(splitBuildOptions(entry, outdir));
