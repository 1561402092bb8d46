/**
 * Which host names may become a chat's custom domain (issue 14 item 3), beyond the syntax rule
 * of validation/custom-domain.ts: never Kiln's own host or one of its subdomains (that would let
 * a site answer for the app, a preview or another deployment), never an IP address; and who
 * holds a name that several projects claim.
 */
export interface KilnHosts {
  /** KILN_HOST. */
  host: string;
  /** The preview hosts (KILN_PREVIEW_HOST may be a domain of its own). */
  previewHosts: readonly string[];
}

const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

export function isIpAddress(host: string): boolean {
  return IPV4.test(host) || host.includes(':') || /^\[.*\]$/.test(host);
}

const isSameOrBelow = (host: string, base: string) => host === base || host.endsWith(`.${base}`);

/** The reason a (normalized, syntactically valid) domain cannot be used, or null. */
export function customDomainReason(domain: string, kiln: KilnHosts): string | null {
  if (isIpAddress(domain)) return 'An IP address cannot be a custom domain; use a domain name.';
  for (const base of [kiln.host, ...kiln.previewHosts]) {
    if (isSameOrBelow(domain, base.toLowerCase())) {
      return `${domain} belongs to this Kiln server; use a domain you own.`;
    }
  }
  return null;
}

/**
 * Why `claimant` (a chat; null for someone only asking) cannot have `domain` because `holder`, the
 * chat whose claim of it is verified, is another project; null when nobody holds it or the
 * claimant does (issue 31 item 6).
 * Only a verified claim holds a name: any number of projects may claim it while they prove control
 * of its DNS, and a claim never removes another (anyone could otherwise delete a pending claim by
 * claiming the same name). The first to verify holds it; the others keep their claims, are
 * told this when they verify, and may verify once the holder lets the name go.
 */
export function domainTakenReason(
  domain: string,
  claimant: string | null,
  holder: string | null,
): string | null {
  if (holder === null || holder === claimant) return null;
  return `${domain} is already used by another project.`;
}
