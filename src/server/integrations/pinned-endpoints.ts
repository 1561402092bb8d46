import type { LookupFunction } from 'node:net';
import type { ConnectionOptions } from 'node:tls';
import type pg from 'pg';
import {
  isIpAddress,
  parsePostgresConnectionString,
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
 * A connection string Kiln's rule refuses (core postgres-connection.ts: a parameter that names a
 * file, a Unix socket…): the message is the one the save-time check gives. A row stored before
 * the rule existed gets it at test and migration time; it never reaches `pg`.
 */
export class RefusedConnectionStringError extends Error {
  readonly code = 'EKILNCONNSTR';
}

/**
 * A `pg` client configuration that connects to the checked address of the connection string's
 * host. The string is read by Kiln's allow-list (never by `pg-connection-string`, which reads the
 * files `sslrootcert` and its kin name, synchronously). The password and TLS are given
 * explicitly, so neither falls back to Kiln's own environment (PGPASSWORD, PGSSLMODE) or its
 * ~/.pgpass. TLS keeps verifying the certificate against the name.
 */
export async function pinnedPostgresConfig(
  label: string,
  connectionString: string,
  policy: EndpointPolicy,
): Promise<pg.ClientConfig> {
  const check = parsePostgresConnectionString(connectionString, label);
  if (!check.ok) throw new RefusedConnectionStringError(check.message);
  const { connection } = check;
  const [address] = await checkedAddresses(label, connection.host, policy);
  // A function: pg never looks for a password elsewhere (an empty one stays empty).
  const password = connection.password ?? '';
  const config: pg.ClientConfig = {
    ...(connection.user ? { user: connection.user } : {}),
    password: () => password,
    ...(connection.database ? { database: connection.database } : {}),
    port: connection.port ?? 5432,
    ...(connection.applicationName ? { application_name: connection.applicationName } : {}),
    ...(connection.options ? { options: connection.options } : {}),
    host: address!,
    ssl: false,
  };
  if (connection.tls !== 'off') {
    const ssl: ConnectionOptions = connection.tls === 'no-verify' ? { rejectUnauthorized: false } : {};
    config.ssl = isIpAddress(connection.host) ? ssl : { ...ssl, servername: connection.host };
  }
  return config;
}
