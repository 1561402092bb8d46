/**
 * The DNS records a custom domain's verification reads (issue 14 item 3): the TXT record at
 * `_kiln-verify.{domain}`, the domain's CNAME, and its A/AAAA addresses, through `node:dns` with
 * the resolvers of KILN_DNS_SERVERS (default: the system's). The rules live in
 * core/hosting/domain-verification.ts; this only asks and sorts "no such record" from failures.
 */
import { Resolver } from 'node:dns/promises';
import {
  verificationTxtHost,
  type FoundRecords,
  type LookupProblems,
} from '../../core/hosting/domain-verification.ts';

export interface DnsLookup {
  records(domain: string): Promise<{ found: FoundRecords; problems: LookupProblems }>;
}

/** Answers that mean the record does not exist: the name has no such type, or no name at all. */
const NO_RECORD = new Set(['ENODATA', 'ENOTFOUND']);

const PROBLEM_TEXT: Record<string, string> = {
  ETIMEOUT: 'no answer from the DNS server',
  ESERVFAIL: 'the DNS server answered SERVFAIL',
  EREFUSED: 'the DNS server refused the query',
  ECONNREFUSED: 'the DNS server could not be reached',
};

export function createDnsLookup(options: { servers?: string[]; timeoutMs?: number } = {}): DnsLookup {
  // A person waits on the Verify button: a short timeout and one retry (c-ares doubles it).
  const resolver = new Resolver({ timeout: options.timeoutMs ?? 2000, tries: 2 });
  if (options.servers && options.servers.length > 0) resolver.setServers(options.servers);

  return {
    async records(domain) {
      const [txt, cname, a, aaaa] = await Promise.all([
        settle(resolver.resolveTxt(verificationTxtHost(domain))),
        settle(resolver.resolveCname(domain)),
        settle(resolver.resolve4(domain)),
        settle(resolver.resolve6(domain)),
      ]);
      const problems: LookupProblems = {};
      if (txt.problem) problems.txt = txt.problem;
      if (cname.problem) problems.cname = cname.problem;
      const addressProblem = a.problem ?? aaaa.problem;
      if (addressProblem) problems.addresses = addressProblem;
      return {
        // A long TXT value arrives in chunks of ≤ 255 bytes: one record is their concatenation.
        found: {
          txt: txt.value.map((chunks) => chunks.join('')),
          cname: cname.value,
          addresses: [...a.value, ...aaaa.value],
        },
        problems,
      };
    },
  };
}

async function settle<T>(lookup: Promise<T[]>): Promise<{ value: T[]; problem?: string }> {
  try {
    return { value: await lookup };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    if (NO_RECORD.has(code)) return { value: [] };
    return { value: [], problem: PROBLEM_TEXT[code] ?? (code || String(error)) };
  }
}
