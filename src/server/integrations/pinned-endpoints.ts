import type { LookupFunction } from 'node:net';
import type { ConnectionOptions } from 'node:tls';
import { parse as parseConnectionString } from 'pg-connection-string';
import type pg from 'pg';
import {
  isIpAddress,
  refusedHostName,
  unsafeAddressKind,
  unsafeAddressMessage,
} from '../../core/integrations/index.ts';
import { resolveWithSystem, type ResolveHost } from './address-guard.ts';

/**
 * Issue 16 item 6, at connection time: a client must connect to an address Kiln checked, not to
 * whatever a second DNS answer says (DNS rebinding: public when checked, private a moment later).
 * So the clients never resolve a user's host themselves: each gets either a checked IP address
 * (pg, nodemailer: the host swapped for the address, TLS still verified against the name) or a
 * lookup function that resolves once and hands over only checked addresses (S3's and fetch's
 * sockets). With KILN_ALLOW_PRIVATE_INTEGRATIONS nothing is refused, but the same resolver is used.
 */
export interface EndpointPolicy {
  allowPrivate: boolean;
  resolve?: ResolveHost | undefined;
}

/** A refusal at connection time; its message is the same readable text the save-time check gives. */
export class UnsafeEndpointError extends Error {
  readonly code = 'EKILNUNSAFE';
}

/** Resolves `host` once and returns its addresses, all checked (throws UnsafeEndpointError otherwise). */
export async function checkedAddresses(
  label: string,
  host: string,
  policy: EndpointPolicy,
): Promise<string[]> {
  const bare = host.replace(/^\[|\]$/g, '');
  if (!policy.allowPrivate) {
    const kind = refusedHostName(bare) ?? (isIpAddress(bare) ? unsafeAddressKind(bare) : null);
    if (kind) throw new UnsafeEndpointError(unsafeAddressMessage(label, bare, bare, kind));
  }
  if (isIpAddress(bare)) return [bare];
  let addresses: string[];
  try {
    addresses = await (policy.resolve ?? resolveWithSystem)(bare);
  } catch {
    addresses = [];
  }
  if (addresses.length === 0)
    throw new UnsafeEndpointError(`${label}: the host name ${bare} could not be resolved.`);
  if (!policy.allowPrivate) {
    for (const address of addresses) {
      const kind = unsafeAddressKind(address);
      if (kind) throw new UnsafeEndpointError(unsafeAddressMessage(label, bare, address, kind));
    }
  }
  return addresses;
}

/** A `lookup` for net/tls sockets (http agents, undici): one resolution, checked addresses only. */
export function checkedLookup(label: string, policy: EndpointPolicy): LookupFunction {
  return (hostname, options, callback) => {
    checkedAddresses(label, hostname, policy).then(
      (addresses) => {
        const entries = addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
        const wanted = options.family === 4 || options.family === 6 ? options.family : 0;
        const usable = wanted ? entries.filter((entry) => entry.family === wanted) : entries;
        if (usable.length === 0) {
          callback(
            Object.assign(new Error(`${label}: no IPv${wanted} address for ${hostname}.`), {
              code: 'ENOTFOUND',
            }),
            '',
            0,
          );
        } else if (options.all) {
          (callback as unknown as (error: null, entries: { address: string; family: number }[]) => void)(
            null,
            usable,
          );
        } else {
          callback(null, usable[0]!.address, usable[0]!.family);
        }
      },
      (error: Error) => callback(error as NodeJS.ErrnoException, '', 0),
    );
  };
}

/**
 * A `pg` client configuration that connects to the checked address of the connection string's
 * host (the `host` query parameter included: that is the host pg would use). TLS keeps
 * verifying the certificate against the name.
 */
export async function pinnedPostgresConfig(
  label: string,
  connectionString: string,
  policy: EndpointPolicy,
): Promise<pg.ClientConfig> {
  const parsed = parseConnectionString(connectionString);
  const host = parsed.host ?? '';
  const [address] = await checkedAddresses(label, host, policy);
  const config: pg.ClientConfig = {
    ...(parsed.user ? { user: parsed.user } : {}),
    ...(parsed.password !== undefined ? { password: parsed.password } : {}),
    ...(parsed.database ? { database: parsed.database } : {}),
    ...(parsed.port ? { port: Number(parsed.port) } : {}),
    ...(parsed.application_name ? { application_name: parsed.application_name } : {}),
    host: address!,
  };
  if (parsed.ssl) {
    const ssl = (typeof parsed.ssl === 'object' ? parsed.ssl : {}) as ConnectionOptions;
    config.ssl = isIpAddress(host.replace(/^\[|\]$/g, '')) ? ssl : { ...ssl, servername: host };
  }
  return config;
}
