/**
 * The one local Node server: every API group (the composed Hono app) plus the built web app with
 * the single-page fallback. Shared by `npm start` and the browser tests.
 */
import type { AddressInfo } from 'node:net';
import { relative } from 'node:path';
import { type ServerType, serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type MiddlewareHandler } from 'hono';
import { etag } from 'hono/etag';
import { securityHeaders } from '../../infra/lib/security-headers';
import { WEB_RUNTIME_CONFIG_PATH, webRuntimeConfigScript } from '../../infra/lib/web-runtime-config';
import { WEB_DIST } from './web-build';

interface FetchApp {
  fetch: (request: Request, env?: never) => Response | Promise<Response>;
}

/** `webRoot`: the built web app (the tests pass a folder of their own). */
export function createLocalApp(api: FetchApp, webRoot = WEB_DIST): Hono {
  const root = relative(process.cwd(), webRoot) || '.';
  const app = new Hono();
  // The CloudFront policy's headers (CSP and the rest, HSTS aside: this is plain http), on every
  // answer. Presigned uploads and previews go to the S3 endpoint the API signs for.
  const storage = process.env.S3_ENDPOINT ?? process.env.AWS_ENDPOINT_URL;
  const headers = securityHeaders({ storageOrigins: storage ? [new URL(storage).origin] : [] });
  app.use('*', async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(headers)) c.header(name, value);
  });
  app.all('/api/*', async (c) => {
    // The node-server env (the socket) goes along: the API reads the caller's address from it.
    const response = await api.fetch(c.req.raw, c.env as never);
    return keepConnectionUsable(c.req.raw, response);
  });
  // The web app's run-time settings, as the stack writes them into the web bucket. ROOT_DOMAIN
  // (e.g. `localhost`: browsers resolve `acme.localhost` to this machine) turns on tenant hosts.
  const runtimeConfig = webRuntimeConfigScript({ rootDomain: process.env.ROOT_DOMAIN ?? null });
  app.get(`/${WEB_RUNTIME_CONFIG_PATH}`, (c) =>
    c.body(runtimeConfig, 200, {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': 'no-cache',
    }),
  );
  // The built files. Registered after the API, which answers without calling on, so none of this
  // ever wraps an API answer.
  app.use('*', etag(), staticFileHeaders);
  app.use('*', serveStatic({ root, precompressed: true }));
  // A missing hashed file (a chunk of an older build) is a 404, not HTML the browser would refuse
  // as a script; any other path is a client-side route and gets index.html.
  app.get('/assets/*', (c) => c.notFound());
  app.get('*', serveStatic({ root, path: 'index.html', precompressed: true }));
  return app;
}

/**
 * Caching of a served file. Names under /assets/ carry a content hash (Vite), so they never change
 * and are cached for a year; everything else (index.html, favicon.svg) is revalidated on each use,
 * which the ETag makes a 304 with no body. The ETag is the file's size and time, as nginx makes
 * it: the compressed copies have their own sizes, so each encoding has its own tag. Vary tells
 * caches that the answer depends on Accept-Encoding (precompress.ts wrote .br and .gz copies).
 */
const staticFileHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  const lastModified = c.res.headers.get('Last-Modified');
  if (c.res.status !== 200 || !lastModified) return;
  const size = Number(c.res.headers.get('Content-Length'));
  c.header('ETag', `"${size.toString(16)}-${Date.parse(lastModified).toString(16)}"`);
  c.header('Vary', 'Accept-Encoding');
  const hashed = c.req.path.startsWith('/assets/');
  c.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
};

/**
 * An answer given before the request body was read (413 over the body limit, a refused POST)
 * leaves the rest of the body on the socket. @hono/node-server's own clean-up cannot read it once
 * the body has become a web stream, and drops the kept-alive connection under the next request.
 * So the rest is read and discarded here and the connection keeps serving; a body whose stream is
 * already held by a reader cannot be drained, and that answer says `Connection: close` instead.
 */
function keepConnectionUsable(request: Request, response: Response): Response {
  const body = request.body;
  if (!body || request.bodyUsed) return response;
  if (!body.locked) {
    body.pipeTo(new WritableStream()).catch(() => undefined);
    return response;
  }
  const headers = new Headers(response.headers);
  headers.set('Connection', 'close');
  return new Response(response.body, { status: response.status, headers });
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
