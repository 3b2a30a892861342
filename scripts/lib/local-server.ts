/**
 * The one local Node server: every API group (the composed Hono app) plus the built web app with
 * the single-page fallback. Shared by `npm start` and the browser tests.
 */
import type { AddressInfo } from 'node:net';
import { relative } from 'node:path';
import { type ServerType, serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { WEB_RUNTIME_CONFIG_PATH, webRuntimeConfigScript } from '../../infra/lib/web-runtime-config';
import { WEB_DIST } from './web-build';

interface FetchApp {
  fetch: (request: Request, ...rest: never[]) => Response | Promise<Response>;
}

export function createLocalApp(api: FetchApp): Hono {
  const root = relative(process.cwd(), WEB_DIST) || '.';
  const app = new Hono();
  app.all('/api/*', (c) => api.fetch(c.req.raw));
  // The web app's run-time settings, as the stack writes them into the web bucket. ROOT_DOMAIN
  // (e.g. `localhost`: browsers resolve `acme.localhost` to this machine) turns on tenant hosts.
  const runtimeConfig = webRuntimeConfigScript({ rootDomain: process.env.ROOT_DOMAIN ?? null });
  app.get(`/${WEB_RUNTIME_CONFIG_PATH}`, (c) =>
    c.body(runtimeConfig, 200, {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': 'no-cache',
    }),
  );
  // Hashed assets never change under the same name; index.html must always be revalidated.
  app.use(
    '/assets/*',
    serveStatic({
      root,
      onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=31536000, immutable'),
    }),
  );
  app.use('*', serveStatic({ root }));
  app.get(
    '*',
    serveStatic({ root, path: 'index.html', onFound: (_p, c) => c.header('Cache-Control', 'no-cache') }),
  );
  return app;
}

export interface RunningServer {
  url: string;
  server: ServerType;
  close(): Promise<void>;
}

export function listen(app: Hono, port: number, hostname = '0.0.0.0'): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port, hostname }, (info: AddressInfo) => {
      const url = `http://localhost:${info.port}`;
      resolve({ url, server, close: () => new Promise((done) => server.close(() => done())) });
    });
    server.once('error', reject);
  });
}
