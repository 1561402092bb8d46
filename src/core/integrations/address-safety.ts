import type { ProviderDefinition } from './providers.ts';

/**
 * Issue 16 item 6: an integration's endpoint must not reach Kiln's own machine or network (its
 * database, a cloud metadata service). The server resolves each host name and asks this rule
 * about every address; `KILN_ALLOW_PRIVATE_INTEGRATIONS=true` turns the refusal off.
 */

export type UnsafeAddressKind =
  | 'loopback'
  | 'private'
  | 'shared (CGNAT)'
  | 'link-local'
  | 'cloud metadata'
  | 'unique-local'
  | 'unspecified'
  | 'multicast'
  | 'reserved';

function parseIpv4(address: string): number[] | null {
  const parts = address.split('.');
  if (parts.length !== 4) return null;
  const bytes = parts.map((part) => (/^\d{1,3}$/.test(part) ? Number(part) : NaN));
  return bytes.every((byte) => byte >= 0 && byte <= 255) ? bytes : null;
}

/** The eight 16-bit groups of an IPv6 address (an embedded dotted IPv4 tail included), or null. */
function parseIpv6(address: string): number[] | null {
  let text = address.replace(/^\[|\]$/g, '').split('%')[0]!;
  const v4Tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4Tail) {
    const bytes = parseIpv4(v4Tail[1]!);
    if (!bytes) return null;
    const hex = (a: number, b: number) => ((a << 8) | b).toString(16);
    text = text.slice(0, -v4Tail[1]!.length) + `${hex(bytes[0]!, bytes[1]!)}:${hex(bytes[2]!, bytes[3]!)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const groups = (half: string) => (half === '' ? [] : half.split(':'));
  const head = groups(halves[0]!);
  const tail = halves.length === 2 ? groups(halves[1]!) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  if (!all.every((group) => /^[0-9a-f]{1,4}$/i.test(group))) return null;
  return all.map((group) => parseInt(group, 16));
}

function ipv4Kind(b: number[]): UnsafeAddressKind | null {
  const [a, c] = [b[0]!, b[1]!];
  if (a === 169 && c === 254 && b[2] === 169 && b[3] === 254) return 'cloud metadata';
  if (a === 0) return 'unspecified';
  if (a === 127) return 'loopback';
  if (a === 10 || (a === 172 && c >= 16 && c <= 31) || (a === 192 && c === 168)) return 'private';
  if (a === 100 && c >= 64 && c <= 127) return 'shared (CGNAT)';
  if (a === 169 && c === 254) return 'link-local';
  if (a >= 224 && a <= 239) return 'multicast';
  if (a >= 240) return 'reserved';
  return null;
}

/** Why an IP address may not be used by an integration, or null when it is a public address. */
export function unsafeAddressKind(address: string): UnsafeAddressKind | null {
  const v4 = parseIpv4(address);
  if (v4) return ipv4Kind(v4);
  const g = parseIpv6(address);
  if (!g) return 'reserved'; // not an address at all: never connect to it
  if (g.every((group) => group === 0)) return 'unspecified';
  if (g.slice(0, 7).every((group) => group === 0) && g[7] === 1) return 'loopback';
  const embeddedV4 = [g[6]! >> 8, g[6]! & 0xff, g[7]! >> 8, g[7]! & 0xff];
  // ::ffff:a.b.c.d (mapped), ::a.b.c.d (compatible) and 64:ff9b::/96 (NAT64) reach an IPv4 address.
  const mapped = g.slice(0, 5).every((group) => group === 0) && (g[5] === 0xffff || g[5] === 0);
  const nat64 = g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((group) => group === 0);
  if (mapped || nat64) return ipv4Kind(embeddedV4);
  if ((g[0]! & 0xfe00) === 0xfc00) return 'unique-local';
  if ((g[0]! & 0xffc0) === 0xfe80) return 'link-local';
  if ((g[0]! & 0xffc0) === 0xfec0) return 'private'; // site-local, deprecated but still routed
  if ((g[0]! & 0xff00) === 0xff00) return 'multicast';
  return null;
}

export function isIpAddress(host: string): boolean {
  return parseIpv4(host) !== null || (host.includes(':') && parseIpv6(host) !== null);
}

/** The refusal the person reads (at save time and when a test or a migration connects). */
export function unsafeAddressMessage(
  label: string,
  host: string,
  address: string,
  kind: UnsafeAddressKind,
): string {
  const where = host === address ? address : `${host} (${address})`;
  return (
    `${label}: ${where} is a ${kind} address. Integrations may only reach public hosts; ` +
    'a self-hosted Kiln on a private network can allow them with KILN_ALLOW_PRIVATE_INTEGRATIONS=true.'
  );
}

export interface IntegrationEndpoint {
  /** The field's label, for the message. */
  label: string;
  /** A host name or an IP address (brackets removed); a path for a Unix socket. */
  host: string;
}

/** The hosts a provider's credentials make the server connect to. */
export function integrationEndpoints(
  provider: ProviderDefinition,
  credentials: Record<string, unknown>,
): IntegrationEndpoint[] {
  const endpoints: IntegrationEndpoint[] = [];
  for (const field of provider.fields) {
    const value = credentials[field.name];
    if (!field.endpoint || typeof value !== 'string' || value === '') continue;
    if (field.endpoint === 'host') {
      endpoints.push({ label: field.label, host: value.replace(/^\[|\]$/g, '') });
      continue;
    }
    if (!URL.canParse(value)) continue;
    const url = new URL(value);
    endpoints.push({ label: field.label, host: url.hostname.replace(/^\[|\]$/g, '') });
    if (field.endpoint === 'postgres') {
      // libpq-style query parameters can name another host (or a local socket) than the authority.
      for (const key of ['host', 'hostaddr']) {
        for (const extra of url.searchParams.getAll(key)) {
          for (const host of extra.split(',')) if (host) endpoints.push({ label: field.label, host });
        }
      }
    }
  }
  return endpoints;
}

/** A host the rule refuses without resolving it (a Unix socket path, 'localhost', an empty host). */
export function refusedHostName(host: string): UnsafeAddressKind | null {
  if (host === '' || host.startsWith('/')) return 'loopback';
  const name = host.toLowerCase().replace(/\.$/, '');
  if (name === 'localhost' || name.endsWith('.localhost')) return 'loopback';
  return null;
}
