/**
 * Which host names may become a chat's custom domain (issue 14 item 3), beyond the syntax rule
 * of validation/custom-domain.ts: never Kiln's own host or one of its subdomains (that would let
 * a site answer for the app, a preview or another deployment), never an IP address.
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
