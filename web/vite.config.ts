import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
// With extensions, as Vite's config loader asks (TypeScript maps `.js` to the `.ts` files).
import { precompressPlugin } from '../scripts/lib/precompress.js';
import { ROUTE_TREE_OPTIONS } from '../scripts/lib/route-tree.js';
import { webCodeSplitting } from '../scripts/lib/web-chunks.js';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const apiPort = process.env.API_PORT || '3000';

export default defineConfig({
  root: webRoot,
  // Spec section 9: the public path is '/'.
  base: '/',
  plugins: [
    // The router plugin must run before the React plugin: it rewrites route files into
    // code-split chunks that the React plugin then transforms.
    tanstackRouter({
      // Where the route files are and where the route tree goes (also the typecheck's).
      ...ROUTE_TREE_OPTIONS,
      autoCodeSplitting: true,
      // A route's loader travels in its page's chunk: the query modules a loader uses stay out of
      // the first script. A route file may still name its own groupings (`codeSplitGroupings`).
      codeSplittingOptions: { defaultBehavior: [['loader', 'component']] },
    }),
    react(),
    // .br and .gz copies of the output for the embedded server (scripts/lib/precompress.ts).
    precompressPlugin(),
  ],
  resolve: {
    alias: { '@shared': fileURLToPath(new URL('../shared/src', import.meta.url)) },
  },
  css: { postcss: webRoot },
  server: {
    proxy: { '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false } },
  },
  build: {
    outDir: join(webRoot, 'dist'),
    emptyOutDir: true,
    sourcemap: false,
    // echarts (534 KB) and the rest of Mantine (516 KB) are whole chunks on purpose: one request
    // each, cached across pages (scripts/lib/web-chunks.ts).
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // By area rather than by module: a first visit loads a handful of files (web-chunks.ts).
        codeSplitting: webCodeSplitting(),
      },
    },
  },
});
