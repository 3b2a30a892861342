/**
 * Server-side request forgery defence for the git client: the server fetches URLs that people
 * type in, so before it connects anywhere it resolves the host and refuses addresses that reach
 * inside the cloud or this machine: private, loopback, link-local (with the instance metadata
 * service), carrier-grade NAT, unspecified, multicast, reserved and documentation ranges, in
 * IPv4 and IPv6 (mapped, compatible, NAT64 and 6to4 forms are unwrapped to their IPv4 address).
 * The check runs inside the connection's own DNS lookup, so the address checked is the address
 * connected to (no second resolution an attacker's DNS could answer differently).
 *
 * The embedded default may allow loopback only, and only through REPOSITORY_ALLOW_LOOPBACK
 * (the local git server of `npm start` and the tests).
 */
import { BlockList, isIP } from 'node:net';

/** Ranges no repository may be fetched from. */
const BLOCKED_V4: [string, number][] = [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, with the metadata service 169.254.169.254
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];
const BLOCKED_V6: [string, number][] = [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local (fd00:ec2::254 is the metadata service over IPv6)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
];

const blocked = new BlockList();
for (const [net, prefix] of BLOCKED_V4) blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of BLOCKED_V6) blocked.addSubnet(net, prefix, 'ipv6');

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** The 8 16-bit groups of an IPv6 address. */
function groupsOf(address: string): number[] {
  let text = address.toLowerCase();
  const zone = text.indexOf('%');
  if (zone >= 0) text = text.slice(0, zone);
  // A dotted IPv4 tail (::ffff:1.2.3.4) becomes two groups.
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail !== undefined && tail !== '' ? tail.split(':') : [];
  const missing = 8 - left.length - right.length;
  const all = tail === undefined ? left : [...left, ...Array<string>(missing).fill('0'), ...right];
  return all.map((g) => Number.parseInt(g || '0', 16));
}

const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;

/** The IPv4 address an IPv6 address carries (mapped, compatible, NAT64, 6to4), if any. */
export function embeddedIPv4(address: string): string | null {
  const g = groupsOf(address);
  if (g.length !== 8) return null;
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  // ::ffff:a.b.c.d (mapped) and ::a.b.c.d (compatible, deprecated)
  if (zeros(0, 5) && (g[5] === 0xffff || (g[5] === 0 && (g[6]! !== 0 || g[7]! > 1)))) return v4(g[6]!, g[7]!);
  // ::ffff:0:a.b.c.d (SIIT)
  if (zeros(0, 4) && g[4] === 0xffff && g[5] === 0) return v4(g[6]!, g[7]!);
  // 64:ff9b::a.b.c.d (NAT64 well-known prefix) and 64:ff9b:1::/48 (local-use NAT64)
  if (g[0] === 0x64 && g[1] === 0xff9b && (zeros(2, 6) || g[2] === 1)) return v4(g[6]!, g[7]!);
  // 2002:AABB:CCDD::/48 (6to4)
  if (g[0] === 0x2002) return v4(g[1]!, g[2]!);
  return null;
}

export type AddressVerdict = 'allowed' | 'loopback' | 'blocked';

/** Whether the server may connect to `address` (an IP literal). */
export function classifyAddress(address: string): AddressVerdict {
  const family = isIP(address);
  if (family === 0) return 'blocked';
  if (family === 6) {
    const inner = embeddedIPv4(address);
    if (inner) return classifyAddress(inner);
  }
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (loopback.check(address, type)) return 'loopback';
  if (blocked.check(address, type)) return 'blocked';
  return 'allowed';
}

/** Thrown when a host resolves to an address the server must not reach. */
export class ForbiddenAddressError extends Error {
  constructor(
    readonly host: string,
    readonly address: string,
  ) {
    super(`The host ${host} resolves to ${address}, a private or internal address`);
    this.name = 'ForbiddenAddressError';
  }
}

/** Refuses `address` for `host` unless the policy allows it. */
export function assertAddressAllowed(host: string, address: string, allowLoopback: boolean): void {
  const verdict = classifyAddress(address);
  if (verdict === 'allowed') return;
  if (verdict === 'loopback' && allowLoopback) return;
  throw new ForbiddenAddressError(host, address);
}
