import { Resolver } from 'node:dns/promises';
import type { TestDnsServer } from './dns-server.ts';

/** Resolves names through the test DNS server only (A and AAAA), like the system's resolver would. */
export function resolveThrough(dns: TestDnsServer): (host: string) => Promise<string[]> {
  const resolver = new Resolver({ timeout: 2000, tries: 2 });
  resolver.setServers([dns.address]);
  return async (host) => {
    const answers = await Promise.allSettled([resolver.resolve4(host), resolver.resolve6(host)]);
    return answers.flatMap((answer) => (answer.status === 'fulfilled' ? answer.value : []));
  };
}
