/**
 * The HTTP client isomorphic-git speaks through (its `HttpClient` interface), on node:http and
 * node:https, with the guards a server fetching user-given URLs needs: every connection's DNS
 * lookup passes through the address guard (so the address checked is the one connected to),
 * plain http only to an allowed loopback host, a time-out, a cap on the bytes read, and
 * redirects followed only under the same rules.
 */
import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from 'node:dns';
import {
  type ClientRequest,
  request as httpRequest,
  type IncomingMessage,
  type RequestOptions,
} from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { GitHttpRequest, GitHttpResponse, HttpClient } from 'isomorphic-git';
import { assertAddressAllowed, classifyAddress, ForbiddenAddressError } from './address-guard';

export interface GuardPolicy {
  /** Loopback (and plain http to it) is allowed: the embedded default's local git server. */
  allowLoopback: boolean;
  /** Whole-request time-out. @default 30 s */
  timeoutMs?: number;
  /** The most bytes one response may carry. @default 64 MiB */
  maxResponseBytes?: number;
}

/** Thrown when a remote sends more than the policy allows or takes too long. */
export class RemoteLimitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RemoteLimitError';
  }
}

const MAX_REDIRECTS = 5;

/** How a host name becomes addresses: node:dns `lookup` with `all: true` (the system resolver). */
export type Resolver = (
  hostname: string,
  options: LookupAllOptions,
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

const systemResolver: Resolver = (hostname, options, callback) => dnsLookup(hostname, options, callback);

/**
 * The DNS lookup of one connection: resolves `hostname` and refuses the connection unless every
 * address it resolves to passes the guard (and, for plain http, is loopback). `resolve` is the
 * system resolver; tests of answers no resolver on a test machine gives may pass another.
 */
export function guardedLookup(
  host: string,
  policy: GuardPolicy,
  plainHttp: boolean,
  resolve: Resolver = systemResolver,
): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true } as LookupAllOptions, (error, list) => {
      if (error) return callback(error, '', 0);
      try {
        if (list.length === 0) throw new Error(`${host} has no address`);
        for (const { address } of list) {
          assertAddressAllowed(host, address, policy.allowLoopback);
          if (plainHttp && classifyAddress(address) !== 'loopback') {
            throw new ForbiddenAddressError(host, `${address} over plain http`);
          }
        }
      } catch (refusal) {
        return callback(refusal as Error, '', 0);
      }
      if ((options as { all?: boolean }).all)
        return (callback as (e: null, a: LookupAddress[]) => void)(null, list);
      const first = list[0]!;
      callback(null, first.address, first.family);
    });
  };
}

/** Refuses a URL before connecting: scheme, IP literals (which skip the DNS lookup), credentials. */
export function assertUrlAllowed(url: URL, policy: GuardPolicy): void {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ForbiddenAddressError(url.host, `${url.protocol} (only https is supported)`);
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) {
    assertAddressAllowed(url.hostname, host, policy.allowLoopback);
    if (url.protocol === 'http:' && classifyAddress(host) !== 'loopback') {
      throw new ForbiddenAddressError(url.host, `${host} over plain http`);
    }
  } else if (url.protocol === 'http:' && !policy.allowLoopback) {
    throw new ForbiddenAddressError(url.host, 'plain http (use https)');
  }
}

async function collect(body: AsyncIterableIterator<Uint8Array> | undefined): Promise<Buffer | undefined> {
  if (!body) return undefined;
  const parts: Uint8Array[] = [];
  for await (const part of body) parts.push(part);
  return Buffer.concat(parts);
}

async function* limited(
  stream: IncomingMessage,
  max: number,
  url: string,
): AsyncIterableIterator<Uint8Array> {
  let total = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    total += chunk.byteLength;
    if (total > max) {
      stream.destroy();
      throw new RemoteLimitError(`${new URL(url).host} sent more than ${Math.round(max / 1024 / 1024)} MiB`);
    }
    yield chunk;
  }
}

function send(url: URL, options: RequestOptions, body: Buffer | undefined, timeoutMs: number) {
  return new Promise<IncomingMessage>((resolve, reject) => {
    const req: ClientRequest = (url.protocol === 'https:' ? httpsRequest : httpRequest)(
      url,
      options,
      resolve,
    );
    req.setTimeout(timeoutMs, () => req.destroy(new RemoteLimitError(`${url.host} did not answer in time`)));
    req.on('error', reject);
    req.end(body);
  });
}

/** An isomorphic-git HTTP client bound to `policy`. */
export function guardedHttp(policy: GuardPolicy): HttpClient {
  const timeoutMs = policy.timeoutMs ?? 30_000;
  const maxBytes = policy.maxResponseBytes ?? 64 * 1024 * 1024;
  return {
    async request(request: GitHttpRequest): Promise<GitHttpResponse> {
      const method = request.method ?? 'GET';
      const body = await collect(request.body);
      let url = new URL(request.url);
      for (let hop = 0; ; hop += 1) {
        assertUrlAllowed(url, policy);
        const response = await send(
          url,
          {
            method,
            headers: { ...request.headers, ...(body ? { 'content-length': String(body.length) } : {}) },
            lookup: guardedLookup(url.hostname, policy, url.protocol === 'http:'),
            // Each repository gets fresh connections: no pooled socket outlives its check.
            agent: false,
          },
          body,
          timeoutMs,
        );
        const status = response.statusCode ?? 0;
        const location = response.headers.location;
        if (status >= 300 && status < 400 && location && method === 'GET' && hop < MAX_REDIRECTS) {
          response.resume();
          const next = new URL(location, url);
          // Never from https down to http.
          if (url.protocol === 'https:' && next.protocol !== 'https:') {
            throw new ForbiddenAddressError(next.host, 'a redirect to plain http');
          }
          url = next;
          continue;
        }
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(response.headers)) {
          if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
        }
        return {
          url: url.toString(),
          method,
          statusCode: status,
          statusMessage: response.statusMessage ?? '',
          headers,
          body: limited(response, maxBytes, url.toString()),
        };
      }
    },
  };
}
