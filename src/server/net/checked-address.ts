import { lookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import {
  addressRefusalMessage,
  isAllowedOrigin,
  parseIpAddress,
  refusedAddressKind,
  type EgressPolicy,
} from '../../core/net/index.ts';
import { UnsafeAddressError } from './errors.ts';

/** Resolves a host name to all its addresses. */
export type ResolveHost = (host: string) => Promise<string[]>;

export const resolveWithSystem: ResolveHost = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);

/**
 * The addresses a connection to `host:port` may use, resolved once and every one checked (one
 * private answer refuses the name: a client could pick it). The caller connects to these and
 * nothing else, so the address checked is the address connected to (no DNS rebinding).
 */
export async function checkedAddresses(
  host: string,
  port: number,
  policy: EgressPolicy,
  resolve: ResolveHost = resolveWithSystem,
): Promise<string[]> {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  const exempt = isAllowedOrigin(policy, host, port);
  const literal = parseIpAddress(bare);
  let addresses: string[];
  if (literal) {
    addresses = [literal.toString()];
  } else {
    try {
      addresses = await resolve(bare);
    } catch {
      addresses = [];
    }
    if (addresses.length === 0) {
      throw Object.assign(new Error(`The host name ${bare} could not be resolved.`), { code: 'ENOTFOUND' });
    }
  }
  if (!exempt) {
    for (const address of addresses) {
      const kind = refusedAddressKind(address);
      if (kind) throw new UnsafeAddressError(addressRefusalMessage(bare, address, kind), 'address', kind);
    }
  }
  return addresses;
}

/** A `lookup` for sockets to `port` (undici's connector): one resolution, checked addresses only. */
export function checkedLookup(port: number, policy: EgressPolicy, resolve?: ResolveHost): LookupFunction {
  return (hostname, options, callback) => {
    checkedAddresses(hostname, port, policy, resolve).then(
      (addresses) => {
        const entries = addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
        const wanted = options.family === 4 || options.family === 6 ? options.family : 0;
        const usable = wanted ? entries.filter((entry) => entry.family === wanted) : entries;
        if (usable.length === 0) {
          const error = Object.assign(new Error(`No IPv${wanted} address for ${hostname}.`), {
            code: 'ENOTFOUND',
          });
          callback(error, '', 0);
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
