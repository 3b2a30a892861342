/**
 * The embedded server (`npm start`) over real sockets: what a browser or a keep-alive client sees
 * of the HTTP connection itself, which `app.request` cannot show, and how it serves the built web
 * app (compressed copies, caching, revalidation) from a build folder of the test's own.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { app } from '../../functions/src/app';
import { config } from '../../functions/src/core/config';
import { securityHeaders } from '../../infra/lib/security-headers';
import { createLocalApp, listen, type RunningServer } from '../../scripts/lib/local-server';
import { precompressFolder } from '../../scripts/lib/precompress';

let server: RunningServer;
let port: number;

beforeAll(async () => {
  server = await listen(createLocalApp(app), 0, '127.0.0.1');
  port = Number(new URL(server.url).port);
});

afterAll(() => server?.close());

/** Reads one HTTP/1.1 response (head and a Content-Length body) from the socket. */
function readResponse(socket: Socket): Promise<{ head: string; body: string; closed: boolean }> {
  return new Promise((resolve, reject) => {
    let buffer = Buffer.alloc(0);
    let closed = false;
    const done = () => {
      const text = buffer.toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      if (end < 0) return false;
      const head = text.slice(0, end);
      const length = Number(/content-length:\s*(\d+)/i.exec(head)?.[1] ?? 0);
      if (buffer.length < end + 4 + length) return false;
      cleanup();
      resolve({ head, body: text.slice(end + 4, end + 4 + length), closed });
      return true;
    };
    const onData = (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      done();
    };
    const onEnd = () => {
      closed = true;
      if (!done()) {
        cleanup();
        reject(new Error(`the connection closed after ${buffer.length} bytes without a full answer`));
      }
    };
    const cleanup = () => {
      socket.off('data', onData);
      socket.off('end', onEnd);
      socket.off('close', onEnd);
    };
    socket.on('data', onData);
    socket.on('end', onEnd);
    socket.on('close', onEnd);
  });
}

const closedOrEnded = (socket: Socket) =>
  new Promise<'closed'>((resolve) => {
    if (socket.destroyed || socket.readableEnded) resolve('closed');
    socket.once('end', () => resolve('closed'));
    socket.once('close', () => resolve('closed'));
  });

describe('a body over the limit (413)', () => {
  it('either says Connection: close and closes cleanly, or answers the next request on the socket', async () => {
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    await new Promise((resolve) => socket.once('connect', resolve));
    const size = config.bodyLimitBytes + 64 * 1024;
    const head =
      'POST /api/pms/pmsEnterprise HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n' +
      'Origin: http://localhost\r\nX-Requested-With: XMLHttpRequest\r\n' +
      `Content-Type: application/json\r\nContent-Length: ${size}\r\n\r\n`;
    const answer = readResponse(socket);
    socket.write(head);
    // The whole body goes out, as a client that does not read early answers sends it.
    socket.write(Buffer.alloc(size, 0x20));
    const first = await answer;
    expect(first.head).toMatch(/^HTTP\/1\.1 413/);

    if (/^connection:\s*close/im.test(first.head)) {
      // A clean close: the server ends the connection after the answer, no reset.
      expect(await Promise.race([closedOrEnded(socket), sleep(5_000)])).toBe('closed');
      return;
    }
    // It promised to keep the connection: the next request on it must be answered.
    const second = readResponse(socket);
    socket.write('GET /api/setting.json HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    const next = await Promise.race([second, sleep(5_000).then(() => null)]);
    socket.destroy();
    expect(next?.head, 'the second request on a kept-alive socket got no answer').toMatch(/^HTTP\/1\.1 200/);
  });
});

const sleep = (ms: number) => new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), ms));

describe('the built web app', () => {
  const dist = mkdtempSync(join(tmpdir(), 'embedded-web-'));
  // A hashed script as Vite names it, long and repetitive enough to compress well.
  const asset = '/assets/app-Bx7Q2mKa.js';
  const script = Buffer.from(
    Array.from(
      { length: 400 },
      (_, i) => `export const value${i} = "${randomBytes(4).toString('hex')}";`,
    ).join('\n'),
  );
  const indexHtml = Buffer.from(
    `<!doctype html><html><head><title>Workspace</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(80)}<script type="module" src="${asset}"></script></body></html>`,
  );
  let web: RunningServer;
  let webPort: number;

  beforeAll(async () => {
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, asset), script);
    writeFileSync(join(dist, 'index.html'), indexHtml);
    // The same step the build runs (the Vite plugin in web/vite.config.ts).
    await precompressFolder(dist);
    web = await listen(createLocalApp(app, dist), 0, '127.0.0.1');
    webPort = Number(new URL(web.url).port);
  });

  afterAll(async () => {
    await web?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  /** A raw answer: the bytes as sent, before any decompression. */
  function get(path: string, headers: Record<string, string> = {}, method = 'GET') {
    return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port: webPort, path, method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    });
  }

  const expectSecurityHeaders = (headers: IncomingHttpHeaders) => {
    for (const name of Object.keys(securityHeaders({ storageOrigins: [] })))
      expect(headers[name.toLowerCase()], name).toBeTruthy();
  };

  const decoders: Record<string, (bytes: Buffer) => Buffer> = {
    br: brotliDecompressSync,
    gzip: gunzipSync,
    none: (bytes) => bytes,
  };

  it.each([
    ['br', 'gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip, deflate', 'gzip'],
    ['none', '', 'none'],
  ])('sends a hashed script %s-encoded to a browser that accepts "%s"', async (_name, accept, encoding) => {
    const res = await get(asset, accept ? { 'Accept-Encoding': accept } : {});
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding'] ?? 'none').toBe(encoding);
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.etag).toMatch(/^"[^"]+"$/);
    if (encoding !== 'none') expect(res.body.length).toBeLessThan(script.length / 2);
    expect(decoders[encoding]?.(res.body).equals(readFileSync(join(dist, asset)))).toBe(true);
    expectSecurityHeaders(res.headers);
  });

  it('gives each encoding its own ETag, and answers 304 without a body when it still matches', async () => {
    const br = await get(asset, { 'Accept-Encoding': 'br' });
    const plain = await get(asset);
    expect(br.headers.etag).not.toBe(plain.headers.etag);

    const again = await get(asset, { 'Accept-Encoding': 'br', 'If-None-Match': br.headers.etag ?? '' });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(br.headers.etag);
    expect(again.headers.vary).toBe('Accept-Encoding');
    expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expectSecurityHeaders(again.headers);

    const stale = await get(asset, { 'Accept-Encoding': 'br', 'If-None-Match': '"something-else"' });
    expect(stale.status).toBe(200);
  });

  it('answers HEAD with the headers of the GET and no body', async () => {
    const head = await get(asset, { 'Accept-Encoding': 'gzip' }, 'HEAD');
    const full = await get(asset, { 'Accept-Encoding': 'gzip' });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    for (const name of [
      'content-encoding',
      'content-length',
      'content-type',
      'etag',
      'vary',
      'cache-control',
    ])
      expect(head.headers[name], name).toBe(full.headers[name]);
    expectSecurityHeaders(head.headers);
  });

  it('has index.html revalidated on every load, for the root and for client-side routes', async () => {
    // A sprint's id holds a dot: a route, not a file.
    for (const path of ['/', '/acme/projects/p1/iteration/p1.s1']) {
      const res = await get(path, { 'Accept-Encoding': 'br' });
      expect(res.status, path).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers.vary).toBe('Accept-Encoding');
      expect(brotliDecompressSync(res.body).equals(indexHtml)).toBe(true);
      expectSecurityHeaders(res.headers);
      const again = await get(path, { 'Accept-Encoding': 'br', 'If-None-Match': res.headers.etag ?? '' });
      expect(again.status, path).toBe(304);
    }
  });

  it('answers 404 for a hashed file that is not there, not the page', async () => {
    const res = await get('/assets/app-0ld0ne.js', { 'Accept-Encoding': 'br' });
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).not.toMatch(/html/);
    expectSecurityHeaders(res.headers);
  });
});
