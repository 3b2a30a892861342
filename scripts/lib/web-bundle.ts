/**
 * The web app's production build into a scratch folder, and what a first visit downloads: the
 * JavaScript index.html loads (its module scripts and modulepreload links) and everything those
 * import statically. Route components, charts and markdown come later, as lazy chunks.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { REPO_ROOT } from '../../infra/lib/paths';

export interface ChunkFigures {
  name: string;
  bytes: number;
  gzip: number;
  /** The build's own brotli copy (scripts/lib/precompress.ts), what the embedded server sends. */
  brotli: number;
}

export interface WebFigures {
  initial: { files: ChunkFigures[]; bytes: number; gzip: number; brotli: number };
  /** Every other JavaScript chunk, largest (gzipped) first. */
  lazy: ChunkFigures[];
}

interface Chunk {
  type: 'chunk';
  fileName: string;
  code: string;
  imports: string[];
}

export async function buildWebInto(
  outDir: string,
  configFile = join(REPO_ROOT, 'web/vite.config.ts'),
): Promise<WebFigures> {
  const { build } = await import('vite');
  const result = await build({
    configFile,
    // The bench reports the sizes itself (Vite's own warning is about the lazy echarts chunk).
    logLevel: 'error',
    build: { outDir, emptyOutDir: true },
  });
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((r) => ('output' in r ? r.output : []));
  const chunks = new Map<string, Chunk>();
  for (const item of outputs) if (item.type === 'chunk') chunks.set(item.fileName, item as Chunk);

  const initial = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = chunks.get(fileName);
    if (!chunk || initial.has(fileName)) return;
    initial.add(fileName);
    for (const imported of chunk.imports) visit(imported);
  };
  for (const fileName of htmlScripts(readFileSync(join(outDir, 'index.html'), 'utf8'))) visit(fileName);
  if (initial.size === 0) throw new Error('web-bundle: index.html loads no built JavaScript');

  const figures = (fileName: string): ChunkFigures => {
    const code = Buffer.from(chunks.get(fileName)?.code ?? '');
    const gzip = gzipSync(code).length;
    const brotliCopy = join(outDir, `${fileName}.br`);
    return {
      name: fileName,
      bytes: code.length,
      gzip,
      brotli: existsSync(brotliCopy) ? statSync(brotliCopy).size : gzip,
    };
  };
  const files = [...initial].map(figures).sort((a, b) => b.gzip - a.gzip);
  const lazy = [...chunks.keys()]
    .filter((fileName) => !initial.has(fileName))
    .map(figures)
    .sort((a, b) => b.gzip - a.gzip);
  return {
    initial: {
      files,
      bytes: files.reduce((n, f) => n + f.bytes, 0),
      gzip: files.reduce((n, f) => n + f.gzip, 0),
      brotli: files.reduce((n, f) => n + f.brotli, 0),
    },
    lazy,
  };
}

/** The built files of index.html's module scripts and modulepreload links, without the leading '/'. */
export function htmlScripts(html: string): string[] {
  const scripts = [...html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]);
  const preloads = [...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)].map(
    (m) => m[1],
  );
  return [...scripts, ...preloads]
    .filter((src): src is string => Boolean(src))
    .map((src) => src.replace(/^\//, ''));
}
