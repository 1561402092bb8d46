import ipaddr from 'ipaddr.js';

/**
 * Issue 19 item 5: what a fetch made on a user's behalf (a clone's page, its images, Chromium's
 * requests) may connect to: public unicast addresses only. Everything else reaches Kiln's own
 * machine or network (its database, a cloud metadata service, a router's admin page).
 */
export type RefusedAddressKind =
  | 'loopback'
  | 'private'
  | 'shared (CGNAT)'
  | 'link-local'
  | 'cloud metadata'
  | 'unique-local'
  | 'unspecified'
  | 'multicast'
  | 'broadcast'
  | 'reserved'
  | 'not an IP address';

/** The well-known metadata services (AWS, GCP, Azure, OpenStack; AWS's IPv6 one). */
const METADATA = ['169.254.169.254', 'fd00:ec2::254'].map((address) => ipaddr.parse(address).toString());

const V4_KINDS: Partial<Record<string, RefusedAddressKind>> = {
  loopback: 'loopback',
  private: 'private',
  carrierGradeNat: 'shared (CGNAT)',
  linkLocal: 'link-local',
  unspecified: 'unspecified',
  multicast: 'multicast',
  broadcast: 'broadcast',
};

const V6_KINDS: Partial<Record<string, RefusedAddressKind>> = {
  loopback: 'loopback',
  linkLocal: 'link-local',
  deprecatedSiteLocal: 'private',
  uniqueLocal: 'unique-local',
  unspecified: 'unspecified',
  multicast: 'multicast',
};

/**
 * Parses an IP address in any form a resolver or a socket accepts: dotted, shortened (`127.1`),
 * hex (`0x7f.0.0.1`), octal (`0177.0.0.1`), one decimal number (`2130706433`), IPv6 with or
 * without brackets and zone. Null when `host` is a name.
 */
export function parseIpAddress(host: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  if (!ipaddr.isValid(bare)) return null;
  return ipaddr.parse(bare);
}

function v4Refusal(address: ipaddr.IPv4): RefusedAddressKind | null {
  if (METADATA.includes(address.toString())) return 'cloud metadata';
  const range = address.range();
  if (range === 'unicast') return null;
  return V4_KINDS[range] ?? 'reserved';
}

function v4FromGroups(high: number, low: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}

/** The IPv4 addresses an IPv6 address carries to (mapped, compatible, NAT64, 6to4, Teredo). */
function embeddedV4(address: ipaddr.IPv6): ipaddr.IPv4[] | null {
  const g = address.parts;
  const range = address.range();
  const firstZero = (count: number) => g.slice(0, count).every((group) => group === 0);
  // ::a.b.c.d (compatible, deprecated but still understood by some stacks), ::ffff:…, ::ffff:0:…
  if (range === 'ipv4Mapped' || range === 'rfc6145' || (firstZero(6) && (g[6] !== 0 || g[7]! > 1))) {
    return [v4FromGroups(g[6]!, g[7]!)];
  }
  if (range === 'rfc6052') return [v4FromGroups(g[6]!, g[7]!)];
  if (range === '6to4') return [v4FromGroups(g[1]!, g[2]!)];
  // Teredo: the server's address, and the client's stored inverted in the last 32 bits.
  if (range === 'teredo') return [v4FromGroups(g[2]!, g[3]!), v4FromGroups(~g[6]! & 0xffff, ~g[7]! & 0xffff)];
  return null;
}

/** Why `address` may not be connected to, or null for a public unicast address. */
export function refusedAddressKind(address: string): RefusedAddressKind | null {
  const parsed = parseIpAddress(address);
  if (!parsed) return 'not an IP address';
  if (parsed.kind() === 'ipv4') return v4Refusal(parsed as ipaddr.IPv4);
  const v6 = parsed as ipaddr.IPv6;
  if (METADATA.includes(v6.toString())) return 'cloud metadata';
  const carried = embeddedV4(v6);
  if (carried) {
    // NAT64's local-use prefix (64:ff9b:1::/48) reaches whatever the local translator decides.
    if (v6.range() === 'rfc6052' && v6.parts[2] !== 0) return 'reserved';
    for (const v4 of carried) {
      const kind = v4Refusal(v4);
      if (kind) return kind;
    }
    return null;
  }
  const range = v6.range();
  if (range === 'unicast') return null;
  return V6_KINDS[range] ?? 'reserved';
}
