/** The host deployments live under (spec §2 'Subdomain input with a .{host} suffix'). */

type PageLocation = Pick<Location, 'host'>;

/**
 * `{host}` as the server says it (from a deployment's `subdomainUrl`, `http://{sub}.{host}:port/`),
 * else the page's own host with its port: sites are served by the same server as the app.
 */
export function deploymentHost(
  deployment: { subdomain: string | null; subdomainUrl: string | null } | undefined,
  location: PageLocation = window.location,
): string {
  if (deployment?.subdomain && deployment.subdomainUrl) {
    try {
      const host = new URL(deployment.subdomainUrl).host;
      const prefix = `${deployment.subdomain}.`;
      if (host.startsWith(prefix)) return host.slice(prefix.length);
    } catch {
      // not a URL: fall back to the page's host
    }
  }
  return location.host;
}

/** An address as people read it: no scheme, no trailing slash. */
export function displayAddress(url: string): string {
  return url.replace(/^https?:\/\//, '').replace(/\/$/, '');
}

/**
 * A first subdomain for a chat never deployed, as hosting services suggest one from the project's
 * name: the title's words and the slug's random suffix ('Pricing Table' + 'a-pricing-table-x7k2q9'
 * → 'pricing-table-x7k2q9'), else the slug; within the 3–63 character rule.
 */
export function suggestSubdomain(slug: string, title: string | null = null): string {
  const clean = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const suffix = /-([a-z0-9]{4,10})$/.exec(slug)?.[1];
  const name = title
    ? clean(title)
        .replace(/^-+|-+$/g, '')
        .split('-')
        .slice(0, 4)
        .join('-')
    : '';
  const candidate = name && suffix ? `${name}-${suffix}` : clean(slug);
  return candidate.slice(0, 63).replace(/^-+|-+$/g, '');
}
