/**
 * Spec §2 "Custom domain section" / §7 verifyCustomDomain: does the DNS of a custom domain prove
 * that its owner added the two records the card shows, and does the domain reach Kiln?
 * Pure: the records are looked up by server/hosting/dns-lookup.ts and passed in.
 */

/** What the DNS holds for a domain; `addresses` are the A and AAAA records of the domain itself. */
export interface FoundRecords {
  txt: string[];
  cname: string[];
  addresses: string[];
}

/** A lookup that failed for a reason other than 'no such record' (timeout, SERVFAIL): its message. */
export interface LookupProblems {
  txt?: string;
  cname?: string;
  addresses?: string;
}

export interface DomainVerification {
  success: boolean;
  error: string | null;
  warning: string | null;
}

/** Where the ownership token goes: '_{brand}-verify.{domain}' (spec §2). */
export function verificationTxtHost(domain: string): string {
  return `_kiln-verify.${domain}`;
}

export function evaluateDomainRecords(input: {
  domain: string;
  token: string;
  kilnHost: string;
  publicIps: readonly string[];
  found: FoundRecords;
  problems?: LookupProblems;
}): DomainVerification {
  const problems = input.problems ?? {};
  const ownership = checkOwnership(input.domain, input.token, input.found.txt, problems.txt);
  const routing = checkRouting(input, problems);
  const errors = [ownership, routing.error].filter((message): message is string => message !== null);
  if (errors.length > 0) return { success: false, error: errors.join(' '), warning: null };
  return { success: true, error: null, warning: routing.warning };
}

/** The TXT record must hold the token exactly (a value split into chunks is joined before this). */
function checkOwnership(
  domain: string,
  token: string,
  txt: string[],
  problem: string | undefined,
): string | null {
  const host = verificationTxtHost(domain);
  const values = txt.map(cleanTxtValue).filter((value) => value !== '');
  if (values.includes(token)) return null;
  if (problem !== undefined && values.length === 0) return lookupFailed(host, problem);
  if (values.length === 0) return `No TXT record found at ${host}. Add one with the value "${token}".`;
  const shown = values.map((value) => `"${value}"`).join(', ');
  return values.length === 1
    ? `The TXT record at ${host} is ${shown}, expected "${token}".`
    : `The TXT records at ${host} are ${shown}; none is the expected "${token}".`;
}

/** DNS consoles differ on whether the quotes are part of the value: people paste them either way. */
function cleanTxtValue(value: string): string {
  return value
    .trim()
    .replace(/^"(.*)"$/s, '$1')
    .trim();
}

/**
 * The domain reaches Kiln through a CNAME to KILN_HOST or, where a CNAME is impossible (an apex
 * domain), A/AAAA records to Kiln's own addresses. Addresses are also accepted when they come
 * from a CNAME chain that ends at Kiln (the resolver follows it), since traffic arrives either way.
 */
function checkRouting(
  input: { domain: string; kilnHost: string; publicIps: readonly string[]; found: FoundRecords },
  problems: LookupProblems,
): { error: string | null; warning: string | null } {
  const { domain, kilnHost, publicIps, found } = input;
  if (found.cname.some((target) => sameHost(target, kilnHost))) return { error: null, warning: null };

  const ours = found.addresses.filter((address) => publicIps.some((ip) => sameAddress(ip, address)));
  const stray = found.addresses.filter((address) => !ours.includes(address));
  if (ours.length > 0) {
    if (stray.length === 0) return { error: null, warning: null };
    return {
      error: null,
      warning:
        `${domain} also points to ${stray.join(', ')}, which ${stray.length === 1 ? 'is' : 'are'} not Kiln's ` +
        `address: visitors sent there will not reach your site. Remove ${stray.length === 1 ? 'that record' : 'those records'}.`,
    };
  }

  const instruction = addRecordInstruction(domain, kilnHost, publicIps);
  if (found.cname.length > 0) {
    const target = found.cname.map(withoutTrailingDot).join(', ');
    return {
      error: `The CNAME record of ${domain} points to ${target}, expected ${kilnHost}.`,
      warning: null,
    };
  }
  // Nothing decisive was found, but a lookup failed: it may be there; say so instead of 'missing'.
  const problem = problems.cname ?? problems.addresses;
  if (problem !== undefined) return { error: lookupFailed(domain, problem), warning: null };
  if (found.addresses.length > 0) {
    return {
      error: `${domain} points to ${found.addresses.join(', ')}, which is not Kiln. ${instruction}`,
      warning: null,
    };
  }
  return { error: `No CNAME record found for ${domain}. ${instruction}`, warning: null };
}

function addRecordInstruction(domain: string, kilnHost: string, publicIps: readonly string[]): string {
  const cname = `Add a CNAME record ${domain} → ${kilnHost}`;
  if (publicIps.length === 0) return `${cname}.`;
  return `${cname} (or, for a root domain, an A record to ${publicIps.join(', ')}).`;
}

function lookupFailed(host: string, problem: string): string {
  return `The DNS lookup of ${host} failed (${problem}). Please try again in a few minutes.`;
}

function withoutTrailingDot(host: string): string {
  return host.endsWith('.') ? host.slice(0, -1) : host;
}

function sameHost(a: string, b: string): boolean {
  return withoutTrailingDot(a.trim().toLowerCase()) === withoutTrailingDot(b.trim().toLowerCase());
}

/** Equal addresses however they are written ('2001:DB8:0::1' is '2001:db8::1'). */
function sameAddress(a: string, b: string): boolean {
  return canonicalAddress(a) === canonicalAddress(b);
}

function canonicalAddress(address: string): string {
  const text = address.trim().toLowerCase();
  if (!text.includes(':')) return text;
  const [head = '', tail] = text.split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const missing = 8 - left.length - right.length;
  const all =
    tail === undefined ? left : [...left, ...Array<string>(Math.max(missing, 0)).fill('0'), ...right];
  return all.map((group) => group.replace(/^0+(?=.)/, '')).join(':');
}
