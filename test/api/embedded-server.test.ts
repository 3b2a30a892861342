/**
 * The embedded server (`npm start`) over real sockets: what a browser or a keep-alive client sees
 * of the HTTP connection itself, which `app.request` cannot show.
 */
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { app } from '../../functions/src/app';
import { config } from '../../functions/src/core/config';
import { createLocalApp, listen, type RunningServer } from '../../scripts/lib/local-server';

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
