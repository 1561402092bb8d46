/**
 * Where deployed sites live (issue 14): `{subdomain}.{KILN_HOST}` and verified custom domains.
 * A request's Host is sorted here before anything else answers it.
 */

/** The Host header without its port, lower case; '' when absent. */
export function hostName(hostHeader: string | undefined): string {
  if (!hostHeader) return '';
  const host = hostHeader.trim().toLowerCase();
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  const colon = host.lastIndexOf(':');
  return (colon === -1 ? host : host.slice(0, colon)).replace(/\.$/, '');
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
