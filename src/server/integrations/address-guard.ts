import { lookup } from 'node:dns/promises';
import {
  integrationEndpoints,
  isIpAddress,
  refusedHostName,
  unsafeAddressKind,
  unsafeAddressMessage,
  type ProviderDefinition,
} from '../../core/integrations/index.ts';

/** Resolves a host name to all its addresses (node:dns lookup, as the clients themselves will). */
export type ResolveHost = (host: string) => Promise<string[]>;

export const resolveWithSystem: ResolveHost = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);

/**
 * Issue 16 item 6: the refusal (a readable message) when an integration's endpoint is or resolves
 * to a loopback, private, link-local or metadata address; null when every address is public.
 * Asked at save time and again just before each connection (DNS can change in between).
 */
export async function unsafeEndpoint(
  provider: ProviderDefinition,
  credentials: Record<string, unknown>,
  options: { allowPrivate: boolean; resolve?: ResolveHost | undefined },
): Promise<string | null> {
  if (options.allowPrivate) return null;
  const resolve = options.resolve ?? resolveWithSystem;
  const endpoints = integrationEndpoints(provider, credentials);
  // Literal addresses and local names first: they need no DNS answer to be refused.
  for (const { label, host } of endpoints) {
    const kind = refusedHostName(host) ?? (isIpAddress(host) ? unsafeAddressKind(host) : null);
    if (kind) return unsafeAddressMessage(label, host, host, kind);
  }
  for (const { label, host } of endpoints) {
    if (isIpAddress(host)) continue;
    let addresses: string[];
    try {
      addresses = await resolve(host);
    } catch {
      return `${label}: the host name ${host} could not be resolved.`;
    }
    if (addresses.length === 0) return `${label}: the host name ${host} could not be resolved.`;
    for (const address of addresses) {
      const kind = unsafeAddressKind(address);
      if (kind) return unsafeAddressMessage(label, host, address, kind);
    }
  }
  return null;
}
