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
  /** Ports besides 80 and 443 (or `ports`) that public addresses may be reached on. */
  allowPorts?: readonly number[] | undefined;
  /**
   * The ports open to every public address instead of 80 and 443 (an app server's,
   * KILN_APP_EGRESS_PORTS). Once a policy names them, `allowPrivate` opens addresses only, never
   * another port.
   */
  ports?: readonly number[] | undefined;
  /**
   * Origins (`host:port`) reachable on their port although it is not an open one; unlike
   * `allowOrigins`, their address is still checked (a chat's own integration endpoints: a
   * PostgreSQL server on 5432, an SMTP server on 587).
   */
  allowOriginPorts?: readonly string[] | undefined;
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

/** A host as written in a URL, a destination line or an origin: lower case, IPv6 without brackets. */
function bareHost(host: string): string {
  return host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
}

/** Whether `origin` (`host:port`, `[v6]:port`) names this host and port. */
function namesOrigin(origin: string, host: string, port: number): boolean {
  const colon = origin.lastIndexOf(':');
  if (colon <= 0) return false;
  return Number(origin.slice(colon + 1)) === port && bareHost(origin.slice(0, colon)) === bareHost(host);
}

/** Whether the policy lets this origin through whatever its address is. */
export function isAllowedOrigin(policy: EgressPolicy, host: string, port: number): boolean {
  if (policy.allowPrivate) return true;
  return (policy.allowOrigins ?? []).some((origin) => namesOrigin(origin, host, port));
}

/** The ports every public address may be reached on. */
export function openPorts(policy: EgressPolicy): number[] {
  return [...new Set([...(policy.ports ?? DEFAULT_PORTS), ...(policy.allowPorts ?? [])])];
}

/**
 * The port rule (issue 31 item 6): whether `host:port` may be reached for its port, its address
 * judged apart. An open port, an allowed origin or an origin whose port is allowed passes; a
 * policy without `ports` that allows private addresses opens every port (clone's
 * KILN_CLONE_ALLOW_PRIVATE), one with `ports` (an app server's) never does.
 */
export function isOpenPort(policy: EgressPolicy, host: string, port: number): boolean {
  if (policy.allowPrivate && policy.ports === undefined) return true;
  if (openPorts(policy).includes(port)) return true;
  return [...(policy.allowOrigins ?? []), ...(policy.allowOriginPorts ?? [])].some((origin) =>
    namesOrigin(origin, host, port),
  );
}

/** `80 and 443`, `80, 443 and 8080`. */
export function portList(ports: readonly number[]): string {
  if (ports.length === 0) return 'none';
  if (ports.length === 1) return String(ports[0]);
  return `${ports.slice(0, -1).join(', ')} and ${ports.at(-1)}`;
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
  if (!isOpenPort(policy, url.hostname, port)) {
    return {
      reason: 'port',
      message: `Port ${port} cannot be fetched: only ports ${portList(openPorts(policy))}.`,
    };
  }
  if (isAllowedOrigin(policy, url.hostname, port)) return null;
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
