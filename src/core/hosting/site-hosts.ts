/**
 * Where deployed sites live (issue 14): `{subdomain}.{KILN_HOST}` and verified custom domains.
 * A request's Host is sorted here before anything else answers it.
 */
import { isIpAddress } from './custom-domain-rules.ts';

/** The Host header without its port, lower case; '' when absent. */
export function hostName(hostHeader: string | undefined): string {
  if (!hostHeader) return '';
  const host = hostHeader.trim().toLowerCase();
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  const colon = host.lastIndexOf(':');
  return (colon === -1 ? host : host.slice(0, colon)).replace(/\.$/, '');
}

/**
 * Whether Kiln's own app (its pages and API) answers a request for `host` (as hostName reads
 * it), rather than the site host's 404 (issue 31 item 6): only under one of Kiln's own names —
 * `appHosts` (KILN_HOST and the host of KILN_PUBLIC_URL) — or a name nobody else can own. Any
 * other name someone pointed at Kiln (an undeployed custom domain, a name several labels under
 * KILN_HOST) would otherwise show Kiln's sign-in page on an origin of theirs, and the cookies it
 * sets would go to whatever server the name points to next.
 * Names nobody else can own: no Host at all (requests made in the process, HTTP/1.0); an IP
 * address (`127.0.0.1`, `[::1]`, the address a health check or a load balancer calls); a name
 * without a dot (`localhost`, a container's name such as Caddy's health checks send), which no
 * public domain is (a custom domain has at least two labels, validation/custom-domain.ts).
 */
export function isKilnAppHost(host: string, appHosts: readonly string[]): boolean {
  if (host === '' || !host.includes('.') || isIpAddress(host)) return true;
  return appHosts.some((name) => name.toLowerCase() === host);
}

/**
 * The deployment subdomain a host names: exactly one label under KILN_HOST (`shop.kiln.dev`),
 * else null. Deeper names (`x.preview.kiln.dev`) are previews' or nobody's.
 */
export function deploymentSubdomainOf(host: string, kilnHost: string): string | null {
  const suffix = `.${kilnHost.toLowerCase()}`;
  if (!host.endsWith(suffix)) return null;
  const label = host.slice(0, -suffix.length);
  return label !== '' && !label.includes('.') ? label : null;
}

/** `http(s)://{subdomain}.{KILN_HOST}[:port]/`, in the scheme and port of the public URL. */
export function subdomainUrl(publicUrl: string, subdomain: string): string {
  const url = new URL(publicUrl);
  const port = url.port ? `:${url.port}` : '';
  return `${url.protocol}//${subdomain}.${url.hostname}${port}/`;
}

/**
 * A custom domain's address. Behind TLS (an https public URL) it is https on the default port;
 * on a plain-http development server, the same scheme and port as the app.
 */
export function customDomainUrl(publicUrl: string, domain: string): string {
  const url = new URL(publicUrl);
  if (url.protocol === 'https:') return `https://${domain}/`;
  const port = url.port ? `:${url.port}` : '';
  return `http://${domain}${port}/`;
}
