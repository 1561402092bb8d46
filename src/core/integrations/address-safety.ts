import { parseIpAddress, refusedAddressKind, type RefusedAddressKind } from '../net/address-rule.ts';
import type { ProviderDefinition } from './providers.ts';

/**
 * Issue 16 item 6: an integration's endpoint must not reach Kiln's own machine or network (its
 * database, a cloud metadata service). The server resolves each host name and asks this rule
 * about every address; `KILN_ALLOW_PRIVATE_INTEGRATIONS=true` turns the refusal off.
 */

export type UnsafeAddressKind = Exclude<RefusedAddressKind, 'not an IP address'>;

/**
 * Why an IP address may not be used by an integration, or null when it is a public address: the
 * same rule as every other fetch made on a user's behalf (core/net/address-rule.ts).
 */
export function unsafeAddressKind(address: string): UnsafeAddressKind | null {
  const kind = refusedAddressKind(address);
  // Not an address at all: never connect to it.
  return kind === 'not an IP address' ? 'reserved' : kind;
}

export function isIpAddress(host: string): boolean {
  return parseIpAddress(host) !== null;
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
