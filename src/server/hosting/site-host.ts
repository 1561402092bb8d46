import type { Context, MiddlewareHandler } from 'hono';
import { APP_FOLDER } from '../../core/apps/index.ts';
import { APP_MANIFEST_FILE, parseAppManifest, type AppManifest } from '../app-servers/app-manifest.ts';
import { appResponse, coldStartWaitMs, isPageLoad } from '../app-servers/app-response.ts';
import { isServerRequest, type AppRouting } from '../app-servers/app-routing.ts';
import { appServerErrorPage, startingPage } from '../preview/http/pages.ts';
import type { SiteManifest } from './site-manifest.ts';
import { DEFAULT_SITE_HEADERS } from '../../core/hosting/site-headers.ts';
import { deploymentSubdomainOf, hostName } from '../../core/hosting/site-hosts.ts';
import { VENDOR_PREFIX, vendorFile } from '../preview/http/cdn-map.ts';
import type { SiteCache } from './site-cache.ts';
import type { SiteDirectory, SiteTarget } from './site-directory.ts';
import { notDeployedPage, siteNotFoundPage } from './site-pages.ts';
import { siteResponse } from './site-response.ts';

export interface SiteHostDeps {
  directory: SiteDirectory;
  cache: SiteCache;
  /** KILN_HOST: `{subdomain}.{KILN_HOST}` are deployment hosts. */
  kilnHost: string;
  /** App servers (decision 0054): a deployed version's `api/` handler or its own server. */
  apps?: AppRouting;
  addressOf?: (c: Context) => string | undefined;
}

/** A site's app manifest (`.kiln-app/app.json` among its files), read once per site. */
const siteApps = new Map<string, Promise<AppManifest | null>>();

function siteAppManifest(
  cache: SiteCache,
  siteId: string,
  manifest: SiteManifest,
): Promise<AppManifest | null> {
  let found = siteApps.get(siteId);
  if (!found) {
    if (siteApps.size > 10_000) siteApps.clear();
    const file = manifest.files[`${APP_FOLDER}/${APP_MANIFEST_FILE}`];
    found = file
      ? cache
          .body(file.hash, 'identity')
          .then((bytes) => (bytes ? parseAppManifest(Buffer.from(bytes).toString('utf8')) : null))
      : Promise.resolve(null);
    siteApps.set(siteId, found);
  }
  return found;
}

const PAGE_HEADERS = { ...DEFAULT_SITE_HEADERS, 'cache-control': 'no-store' };

/**
 * Deployed sites (issue 14): runs after the preview hosts and before the API and the web app.
 * `{subdomain}.{KILN_HOST}` is always a site host (a 404 'Not deployed' page when nothing is
 * deployed there — never the app); Kiln's own names (KILN_HOST, KILN_PUBLIC_URL's host, loopback
 * and other names nobody else can own: site-hosts.ts isKilnAppHost) go on to the app; every other
 * host is a site host too: a verified custom domain of a deployed chat shows its site, any other
 * name the same 404 (issue 31 item 6: never Kiln's app under a name someone else controls). Sites
 * run on origins of their own, so no Kiln cookie is ever sent to them (Kiln's cookies are
 * host-only); nothing of the request but its path and caching headers is read.
 */
export function siteHostMiddleware(deps: SiteHostDeps): MiddlewareHandler {
  return async (c, next) => {
    const host = hostName(c.req.header('host'));
    const subdomain = deploymentSubdomainOf(host, deps.kilnHost);
    let target: SiteTarget;
    if (subdomain !== null) {
      target = await deps.directory.subdomain(subdomain);
    } else {
      if (host === deps.kilnHost || deps.directory.isAppHost(host)) return next();
      target = await deps.directory.customDomain(host);
    }
    const siteId = target.siteId;
    const manifest = siteId ? await deps.cache.manifest(siteId) : null;
    if (!siteId || !manifest) {
      if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return methodNotAllowed(c);
      return c.html(notDeployedPage(), 404, PAGE_HEADERS);
    }
    if (deps.apps) {
      const app = await siteAppManifest(deps.cache, siteId, manifest);
      if (isServerRequest(app, c.req.path)) {
        return serveSiteApp(c, deps, deps.apps, {
          chatId: target.chatId,
          version: target.version,
          siteId,
          manifest,
          app,
        });
      }
    }
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return methodNotAllowed(c);

    const path = c.req.path;
    if (path.startsWith(VENDOR_PREFIX)) {
      // Kiln's local copies of the Tailwind/daisyUI CDN files HTML sites were rewritten to.
      const vendored = vendorFile(path.slice(VENDOR_PREFIX.length));
      if (vendored) {
        return c.body(vendored.body, 200, {
          ...DEFAULT_SITE_HEADERS,
          'content-type': vendored.type,
          'cache-control': 'public, max-age=86400',
        });
      }
    }
    const response = await siteResponse(
      deps.cache,
      { id: siteId, manifest },
      {
        path,
        acceptEncoding: c.req.header('accept-encoding'),
        ifNoneMatch: c.req.header('if-none-match'),
      },
    );
    if ((!response || response.status === 404) && path === '/favicon.ico') {
      // Browsers ask for it by themselves: a site without one answers "nothing", not a 404 that
      // every visitor's console shows (issue 35 item 4).
      return new Response(null, {
        status: 204,
        headers: { ...DEFAULT_SITE_HEADERS, 'cache-control': 'public, max-age=86400' },
      });
    }
    if (!response) return c.html(siteNotFoundPage(), 404, PAGE_HEADERS);
    // A Response with a plain header object: @hono/node-server writes it without building Headers.
    return new Response(response.body as Uint8Array<ArrayBuffer> | null, {
      status: response.status,
      headers: response.headers,
    });
  };
}

function methodNotAllowed(c: Context): Response {
  return c.text('Method Not Allowed', 405, { ...PAGE_HEADERS, allow: 'GET, HEAD' });
}

/** A deployed version's server answers (kept running; decision 0054). */
async function serveSiteApp(
  c: Context,
  deps: SiteHostDeps,
  apps: AppRouting,
  site: { chatId: string; version: number; siteId: string; manifest: SiteManifest; app: AppManifest },
): Promise<Response> {
  const isPage = isPageLoad(c.req.method, c.req.raw.headers);
  const answer = await apps.forward(
    {
      chatId: site.chatId,
      version: site.version,
      deployed: true,
      key: `site:${site.siteId}`,
      manifest: site.app,
      hosts: [hostName(c.req.header('host')), `.${deps.kilnHost}`],
      readAppFile: async (name) => {
        const file = site.manifest.files[`${APP_FOLDER}/${name}`];
        return file ? deps.cache.body(file.hash, 'identity') : null;
      },
    },
    c.req.raw,
    { clientAddress: deps.addressOf?.(c), waitMs: coldStartWaitMs(isPage, c.req.raw.headers) },
  );
  return appResponse(answer, {
    headers: { 'X-Content-Type-Options': 'nosniff' },
    startingPage,
    errorPage: appServerErrorPage,
    isPage,
  });
}
