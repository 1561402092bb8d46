import { parseIpAddress, refusedAddressKind, type RefusedAddressKind } from './address-rule.ts';

/**
 * Issue 19 item 5: which URLs a fetch on a user's behalf may follow. The same policy is asked
 * before each request (scheme, port, a literal address) and again at connection time about every
 * address a name resolved to (server/net/checked-address.ts), because DNS can answer differently
 * the second time.
 */
export interface EgressPolicy {
  /** KILN_CLONE_ALLOW_PRIVATE: every address and every port (tests, private deployments). */
  allowPrivate: boolean;
  /**
   * Origins (`host:port`, the host as the URL writes it) reachable whatever their address and
   * port: one intranet site, or a test's loopback site, without opening the rest of the network.
   */
  allowOrigins?: readonly string[] | undefined;
  /** Ports besides 80 and 443 that public addresses may be reached on. */
  allowPorts?: readonly number[] | undefined;
}

export const DEFAULT_PORTS: readonly number[] = [80, 443];

export type UrlRefusal =
  | { reason: 'scheme'; message: string }
  | { reason: 'port'; message: string }
  | { reason: 'address'; kind: RefusedAddressKind; message: string };

/** `host:port` of a URL, the port filled in from the scheme (IPv6 hosts keep their brackets). */
export function originKey(url: URL): string {
  return `${url.hostname.toLowerCase()}:${effectivePort(url)}`;
}

export function effectivePort(url: URL): number {
  if (url.port !== '') return Number(url.port);
  return url.protocol === 'https:' ? 443 : 80;
}

/** Whether the policy lets this origin through whatever its address is. */
export function isAllowedOrigin(policy: EgressPolicy, host: string, port: number): boolean {
  if (policy.allowPrivate) return true;
  const key = `${host.toLowerCase()}:${port}`;
  return (policy.allowOrigins ?? []).some((origin) => origin.toLowerCase() === key);
}

/** `localhost` names answer from the machine itself (RFC 6761); refused before any lookup. */
function isLocalName(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  return name === '' || name === 'localhost' || name.endsWith('.localhost');
}

export function addressRefusalMessage(host: string, address: string, kind: RefusedAddressKind): string {
  const where = host === address ? address : `${host} (${address})`;
  return `${where} is a ${kind} address; only public addresses can be fetched.`;
}

/**
 * Why `url` may not be fetched, or null. A literal address is judged here; a name is judged
 * again when it is resolved.
 */
export function urlRefusal(url: URL, policy: EgressPolicy): UrlRefusal | null {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return {
      reason: 'scheme',
      message: `${url.protocol.replace(/:$/, '')} URLs cannot be fetched: only http and https.`,
    };
  }
  const port = effectivePort(url);
  if (isAllowedOrigin(policy, url.hostname, port)) return null;
  if (![...DEFAULT_PORTS, ...(policy.allowPorts ?? [])].includes(port)) {
    return { reason: 'port', message: `Port ${port} cannot be fetched: only ports 80 and 443.` };
  }
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const literal = parseIpAddress(host);
  if (literal) {
    const kind = refusedAddressKind(host);
    if (kind) return { reason: 'address', kind, message: addressRefusalMessage(host, host, kind) };
    return null;
  }
  if (isLocalName(host)) {
    return { reason: 'address', kind: 'loopback', message: addressRefusalMessage(host, host, 'loopback') };
  }
  return null;
}
