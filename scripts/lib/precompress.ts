/**
 * Brotli and gzip copies of the built web app's text files (`app.js` → `app.js.br`, `app.js.gz`),
 * made once at build time so the embedded server (local-server.ts) sends them as they are, with
 * no compression per request. CloudFront compresses on its own and never asks for these copies.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

/** What is worth compressing: scripts, styles, documents and other text. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|svg|txt|xml|map|webmanifest)$/;
/** Below this a compressed copy saves less than its framing costs. */
const MIN_BYTES = 1024;
/**
 * Brotli quality 6: about 9% larger than quality 11 over the whole build, in a fortieth of the
 * time (under a second against half a minute on a busy 2-core machine), and the build runs at
 * every `npm start` after a change. The cloud never serves these copies (CloudFront compresses).
 */
const BROTLI_QUALITY = 6;

const ENCODED_SUFFIXES = { br: '.br', gzip: '.gz' } as const;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Writes `.br` and `.gz` beside every compressible file of `folder` (recursively). */
export async function precompressFolder(folder: string): Promise<number> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
  const written = await Promise.all(files.map(precompressFile));
  return written.filter(Boolean).length;
}

/** The compressed copies of one file; none when it is small or does not get smaller. */
export async function precompressFile(path: string): Promise<boolean> {
  if ((await stat(path)).size < MIN_BYTES) return false;
  const bytes = await readFile(path);
  const [br, gz] = await Promise.all([
    brotli(bytes, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    gzipAsync(bytes, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  if (gz.length >= bytes.length) return false;
  await Promise.all([
    writeFile(`${path}${ENCODED_SUFFIXES.gzip}`, gz),
    br.length < gz.length ? writeFile(`${path}${ENCODED_SUFFIXES.br}`, br) : undefined,
  ]);
  return true;
}

/** The Vite plugin: compresses the output folder once everything (public files too) is written. */
export function precompressPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'workspace:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle(error?: Error) {
      // A failed build may have written nothing: its own error is the one to report.
      if (error) return;
      await precompressFolder(outDir);
    },
  };
}
