import net from 'node:net';
import type { Context } from 'hono';

/**
 * Who is asking, for per-address limits. The connection's peer is the client unless the peer is
 * a trusted proxy (KILN_TRUSTED_PROXIES; default loopback, where deploy/Caddyfile's Caddy runs):
 * then X-Forwarded-For is read from the right, past every trusted hop, to the first address a
 * proxy of ours saw. A client can write anything into that header, but only the part left of
 * what our proxies appended, which is never read. A request with no socket (the app called in
 * process: tests, the server's own browser) counts as loopback.
 */
export type ClientAddressOf = (c: Context) => string;

/** The header Kiln writes for Better Auth's limiter (auth.ts), replacing anything the client sent. */
export const CLIENT_ADDRESS_HEADER = 'x-kiln-client-address';

const LOOPBACK = '127.0.0.1';

export function parseTrustedProxies(
  value: string,
): { ok: true; entries: string[] } | { ok: false; message: string } {
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  for (const entry of entries) {
    if (!toSubnet(entry)) return { ok: false, message: `"${entry}" is not an IP address or CIDR range` };
  }
  return { ok: true, entries };
}

export function createClientAddressOf(trustedProxies: string[]): ClientAddressOf {
  const trusted = new net.BlockList();
  for (const entry of trustedProxies) {
    const subnet = toSubnet(entry)!;
    trusted.addSubnet(subnet.address, subnet.prefix, subnet.family);
  }
  // The list never changes: each address is checked once (BlockList.check builds a SocketAddress
  // per call, on every limited request; a few peers, Caddy's among them, ask all the time).
  const known = new Map<string, boolean>();
  const isTrusted = (address: string) => {
    let answer = known.get(address);
    if (answer === undefined) {
      const family = net.isIP(address);
      answer = family !== 0 && trusted.check(address, family === 4 ? 'ipv4' : 'ipv6');
      if (known.size >= 1000) known.clear();
      known.set(address, answer);
    }
    return answer;
  };
  return (c) => {
    const peer = peerAddress(c) ?? LOOPBACK;
    if (!isTrusted(peer)) return peer;
    const hops = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((hop) => unmapIpv4(hop.trim()))
      .filter((hop) => hop !== '');
    for (let index = hops.length - 1; index >= 0; index--) {
      const hop = hops[index]!;
      if (net.isIP(hop) === 0) return peer; // not written by a proxy of ours: stop trusting
      if (!isTrusted(hop)) return hop;
    }
    return peer;
  };
}

/**
 * The key of an address for Kiln's own windows: an IPv6 client is one /64 (what one subscriber
 * gets; counting single addresses would give each of them 2^64 tries).
 */
export function addressKey(address: string): string {
  if (net.isIP(address) !== 6) return address;
  return `${expandIpv6(address).slice(0, 4).join(':')}::/64`;
}

function peerAddress(c: Context): string | null {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  const address = env?.incoming?.socket?.remoteAddress;
  return address ? unmapIpv4(address) : null;
}

/** `::ffff:203.0.113.9` (an IPv4 client of a dual-stack socket) → `203.0.113.9`. */
function unmapIpv4(address: string): string {
  const match = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return match ? match[1]! : address;
}

function toSubnet(entry: string): { address: string; prefix: number; family: 'ipv4' | 'ipv6' } | null {
  const [address = '', prefixText, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return null;
  const bits = family === 4 ? 32 : 128;
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return null;
  const prefix = prefixText === undefined ? bits : Number(prefixText);
  if (prefix > bits) return null;
  return { address, prefix, family: family === 4 ? 'ipv4' : 'ipv6' };
}

function expandIpv6(address: string): string[] {
  const [head = '', tail] = address.toLowerCase().split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  // A trailing dotted IPv4 part (`64:ff9b::192.0.2.1`) is two groups.
  const last = (right.length > 0 ? right : left).at(-1) ?? '';
  if (last.includes('.')) {
    const [a = 0, b = 0, c = 0, d = 0] = last.split('.').map(Number);
    (right.length > 0 ? right : left).splice(-1, 1, ((a << 8) | b).toString(16), ((c << 8) | d).toString(16));
  }
  const zeros = Array.from({ length: 8 - left.length - right.length }, () => '0');
  return [...left, ...zeros, ...right].map((group) => group.padStart(4, '0'));
}
