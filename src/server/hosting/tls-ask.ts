import type { Context, Next } from 'hono';
import { isIpAddress } from '../../core/hosting/custom-domain-rules.ts';
import { deploymentSubdomainOf, hostName } from '../../core/hosting/site-hosts.ts';
import type { SiteDirectory } from './site-directory.ts';

export interface TlsAskDeps {
  directory: SiteDirectory;
  kilnHost: string;
  /** Whether a host is a preview host of an existing version. */
  isPreviewHost: (host: string) => Promise<boolean>;
  /** Counts the ask against its rate limit (issue 21 item 2); throws 429 when over. */
  admit?: (c: Context) => Promise<void>;
}

/**
 * Caddy's on-demand TLS permission endpoint (`GET /api/tls/ask?domain=`, deploy/Caddyfile): 200
 * only for names Kiln serves — the app's host, a deployed subdomain, a verified custom domain of
 * a deployed chat, a preview host of an existing version — and 404 for anything else, so nobody
 * can make Caddy request certificates for arbitrary names (Let's Encrypt's rate limits, the
 * disk). One cached, indexed lookup; no session.
 */
export function tlsAskHandler(deps: TlsAskDeps) {
  return async (c: Context, next: Next) => {
    // Only at Kiln's own address (an IP, as Caddy calls it, or KILN_HOST): a site's or a
    // preview's own path of that name stays theirs.
    const requestHost = hostName(c.req.header('host'));
    const atKiln =
      requestHost === '' ||
      isIpAddress(requestHost) ||
      requestHost === deps.kilnHost ||
      requestHost === 'localhost';
    if (!atKiln) {
      return next();
    }
    await deps.admit?.(c);
    const host = hostName(c.req.query('domain'));
    const ok = await allowed(deps, host);
    return new Response(null, { status: ok ? 200 : 404, headers: { 'cache-control': 'no-store' } });
  };
}

async function allowed(deps: TlsAskDeps, host: string): Promise<boolean> {
  if (host === '' || host.length > 253) return false;
  if (host === deps.kilnHost) return true;
  const subdomain = deploymentSubdomainOf(host, deps.kilnHost);
  if (subdomain !== null) return (await deps.directory.subdomain(subdomain)).siteId !== null;
  if ((await deps.directory.customDomain(host)).siteId !== null) return true;
  return deps.isPreviewHost(host);
}
