import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

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
      target: 'react',
      routesDirectory: join(webRoot, 'src/routes'),
      generatedRouteTree: join(webRoot, 'src/routeTree.gen.ts'),
      // Outside the repository, so concurrent builds never leave files in others' folders.
      tmpDir: join(tmpdir(), 'workspace-web-tsr'),
      quoteStyle: 'single',
      autoCodeSplitting: true,
    }),
    react(),
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
  },
});
