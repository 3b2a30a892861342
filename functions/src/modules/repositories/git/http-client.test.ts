/**
 * The git client's address guard where it matters: inside the DNS lookup of each connection.
 * Host names are resolved for real (`localhost` resolves to loopback through the hosts file on
 * every machine); answers no test machine's resolver gives (a private address, the metadata
 * service) come from a resolver passed in. The HTTP client is driven against a real node:http
 * server on loopback that counts the connections it receives.
 */
import { promises as dns, type LookupAddress } from 'node:dns';
import { createServer, type Server } from 'node:http';
import type { AddressInfo, LookupFunction } from 'node:net';
import type { GitHttpResponse } from 'isomorphic-git';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ForbiddenAddressError } from './address-guard';
import { guardedHttp, guardedLookup, type Resolver } from './http-client';

const LOOPBACK_ONLY = { allowLoopback: true };
const NOTHING_LOCAL = { allowLoopback: false };

/** One lookup the way node:net asks for it: one address, or every address with `all`. */
function lookUp(lookup: LookupFunction, hostname: string, all = false) {
  return new Promise<{ address: string | LookupAddress[]; family?: number }>((resolve, reject) => {
    lookup(hostname, { all } as Parameters<LookupFunction>[1], (error, address, family) =>
      error ? reject(error) : resolve({ address, family }),
    );
  });
}

/** A resolver that answers `addresses` for any name and remembers what it was asked. */
function answering(...addresses: string[]): Resolver & { asked: { all?: boolean }[] } {
  const asked: { all?: boolean }[] = [];
  const resolver = ((_hostname, options, callback) => {
    asked.push(options);
    callback(
      null,
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    );
  }) as Resolver & { asked: { all?: boolean }[] };
  resolver.asked = asked;
  return resolver;
}

describe('guardedLookup with the system resolver', () => {
  let localhost: LookupAddress[];

  beforeAll(async () => {
    localhost = await dns.lookup('localhost', { all: true });
  });

  it('resolves localhost to loopback on this machine (what the cases below rely on)', () => {
    expect(localhost.length).toBeGreaterThan(0);
    for (const { address } of localhost) expect(address).toMatch(/^(127\.\d+\.\d+\.\d+|::1)$/);
  });

  it('refuses localhost after resolving it when loopback is not allowed', async () => {
    const refusal = await lookUp(guardedLookup('localhost', NOTHING_LOCAL, false), 'localhost').catch(
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(ForbiddenAddressError);
    // The address in the message is the one the resolver gave: the name was looked up, then refused.
    expect((refusal as ForbiddenAddressError).address).toBe(localhost[0]!.address);
    expect((refusal as Error).message).toBe(
      `The host localhost resolves to ${localhost[0]!.address}, a private or internal address`,
    );
    await expect(
      lookUp(guardedLookup('localhost', NOTHING_LOCAL, false), 'localhost', true),
    ).rejects.toBeInstanceOf(ForbiddenAddressError);
  });

  it('lets localhost through when loopback is allowed, over https and plain http alike', async () => {
    for (const plainHttp of [false, true]) {
      const one = await lookUp(guardedLookup('localhost', LOOPBACK_ONLY, plainHttp), 'localhost');
      expect(one).toEqual({ address: localhost[0]!.address, family: localhost[0]!.family });
      const all = await lookUp(guardedLookup('localhost', LOOPBACK_ONLY, plainHttp), 'localhost', true);
      expect(all.address).toEqual(localhost);
    }
  });

  it('passes on the resolver’s own failure for a name that does not exist', async () => {
    const failure = await lookUp(
      guardedLookup('nosuchhost.invalid', LOOPBACK_ONLY, false),
      'nosuchhost.invalid',
    ).catch((error: NodeJS.ErrnoException) => error);
    expect(failure).not.toBeInstanceOf(ForbiddenAddressError);
    expect(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NONAME']).toContain(
      (failure as NodeJS.ErrnoException).code,
    );
  });
});

describe('guardedLookup with answers no test machine resolves to', () => {
  it('refuses a name with any internal address among its answers, even with loopback allowed', async () => {
    for (const answer of [
      ['10.0.0.5'],
      ['93.184.215.14', '10.0.0.5'],
      ['192.168.0.10'],
      ['169.254.169.254'],
      ['fd00:ec2::254'],
      ['::ffff:10.0.0.1'],
      ['64:ff9b::a9fe:a9fe'],
      ['2002:a00:1::1'],
      ['100.64.0.1'],
      ['0.0.0.0'],
    ]) {
      const lookup = guardedLookup('git.example.com', LOOPBACK_ONLY, false, answering(...answer));
      const refusal = await lookUp(lookup, 'git.example.com').catch((error: unknown) => error);
      expect(refusal, answer.join(' ')).toBeInstanceOf(ForbiddenAddressError);
      expect((refusal as ForbiddenAddressError).address, answer.join(' ')).toBe(answer.at(-1));
    }
  });

  it('refuses a public address over plain http, and a name with no address', async () => {
    await expect(
      lookUp(guardedLookup('git.example.com', LOOPBACK_ONLY, true, answering('93.184.215.14')), 'x'),
    ).rejects.toThrow('git.example.com resolves to 93.184.215.14 over plain http');
    await expect(
      lookUp(guardedLookup('git.example.com', LOOPBACK_ONLY, false, answering()), 'x'),
    ).rejects.toThrow('git.example.com has no address');
  });

  it('lets a public address through, having asked the resolver for every address', async () => {
    const resolver = answering('93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c');
    const one = await lookUp(guardedLookup('git.example.com', NOTHING_LOCAL, false, resolver), 'x');
    expect(one).toEqual({ address: '93.184.215.14', family: 4 });
    expect(resolver.asked).toEqual([expect.objectContaining({ all: true })]);
  });
});

describe('guardedHttp against a real server on loopback', () => {
  let server: Server;
  let port: number;
  let connections = 0;

  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/elsewhere') {
        res.writeHead(302, { location: 'http://10.0.0.1/acme/api.git' });
        res.end();
      } else if (req.url === '/round') {
        res.writeHead(302, { location: `http://localhost:${port}/ok` });
        res.end();
      } else {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end(`ok ${req.url}`);
      }
    });
    server.on('connection', () => {
      connections += 1;
    });
    await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  async function text(response: GitHttpResponse): Promise<string> {
    const parts: Uint8Array[] = [];
    for await (const part of response.body ?? []) parts.push(part);
    return Buffer.concat(parts).toString('utf8');
  }

  it('reaches a host name that resolves to loopback when loopback is allowed', async () => {
    const response = await guardedHttp(LOOPBACK_ONLY).request({ url: `http://localhost:${port}/ok` });
    expect(response.statusCode).toBe(200);
    expect(await text(response)).toBe('ok /ok');
  });

  it('refuses it when loopback is not allowed: after resolving the name, before connecting', async () => {
    const before = connections;
    const http = guardedHttp(NOTHING_LOCAL);
    await expect(http.request({ url: `https://localhost:${port}/ok` })).rejects.toThrow(
      /^The host localhost resolves to (127\.\d+\.\d+\.\d+|::1), a private or internal address$/,
    );
    // Plain http to a name is refused before the lookup.
    await expect(http.request({ url: `http://localhost:${port}/ok` })).rejects.toThrow(
      'plain http (use https)',
    );
    expect(connections).toBe(before);
  });

  it('follows a redirect only under the same rules', async () => {
    const http = guardedHttp(LOOPBACK_ONLY);
    const round = await http.request({ url: `http://localhost:${port}/round` });
    expect(await text(round)).toBe('ok /ok');
    await expect(http.request({ url: `http://localhost:${port}/elsewhere` })).rejects.toBeInstanceOf(
      ForbiddenAddressError,
    );
  });
});
