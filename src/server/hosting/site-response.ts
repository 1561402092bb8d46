import { isInAppFolder } from '../../core/apps/index.ts';
import { siteHeadersFor } from '../../core/hosting/site-headers.ts';
import { SPA_FALLBACK_PAGES } from '../../core/hosting/spa-fallback.ts';
import { decodePath } from '../preview/http/html-version.ts';
import type { SiteCache } from './site-cache.ts';
import type { Encoding, SitePlan } from './site-plan.ts';
import { isCompressible } from './site-cache.ts';
import type { SiteFile, SiteManifest } from './site-manifest.ts';

/** Vite, Angular, webpack and Rollup name hashed assets `name-HASH.ext` / `name.HASH.ext`: cacheable forever. */
const HASHED_ASSET =
  /[-.][A-Za-z0-9_-]{8,}\.(?:js|mjs|css|woff2?|ttf|otf|svg|png|jpe?g|gif|webp|avif|wasm|map)$/;

export interface SiteResponse {
  status: 200 | 304 | 404;
  body: Uint8Array | null;
  headers: Record<string, string>;
}

/**
 * Which file answers a path: the file itself, a folder's `index.html`, `x.html` for `/x`; then, for
 * a path that does not name a file (no extension, or `.html`), the SPA fallback `index.html` (or
 * React Router's `__spa-fallback.html`) — client-side routes work — and for anything else the
 * site's `404.html` (with 404) if it has one.
 */
export function resolveSitePath(
  manifest: SiteManifest,
  requestPath: string,
): { path: string; file: SiteFile; status: 200 | 404 } | null {
  const decoded = decodePath(requestPath);
  if (decoded === undefined || decoded.includes('\0')) return null;
  const parts = decoded.split('/').filter((part) => part !== '' && part !== '.');
  if (parts.includes('..') || isInAppFolder(parts)) return null;
  const path = parts.join('/');
  const candidates = path === '' ? ['index.html'] : [path, `${path}/index.html`, `${path}.html`];
  for (const candidate of candidates) {
    const file = manifest.files[candidate];
    if (file) return { path: candidate, file, status: 200 };
  }
  const last = parts.at(-1) ?? '';
  const looksLikeFile = /\.[A-Za-z0-9]+$/.test(last) && !last.endsWith('.html');
  const fallback = looksLikeFile ? undefined : SPA_FALLBACK_PAGES.find((page) => manifest.files[page]);
  if (fallback) return { path: fallback, file: manifest.files[fallback]!, status: 200 };
  const notFound = manifest.files['404.html'];
  return notFound ? { path: '404.html', file: notFound, status: 404 } : null;
}

export function cacheControlFor(path: string, type: string): string {
  if (type.startsWith('text/html')) return 'no-cache';
  if (HASHED_ASSET.test(path)) return 'public, max-age=31536000, immutable';
  return 'public, max-age=0, must-revalidate';
}

/** The best encoding the client accepts (`q=0` refuses one). */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  const accepted = new Set<string>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return 'identity';
}

export function planSiteResponse(
  manifest: SiteManifest,
  requestPath: string,
  acceptEncoding: string | undefined,
): SitePlan | null {
  const resolved = resolveSitePath(manifest, requestPath);
  if (!resolved) return null;
  const { file, path, status } = resolved;
  const compressible = isCompressible(file.type, file.size);
  const encoding = compressible ? chooseEncoding(acceptEncoding) : 'identity';
  const headers: Record<string, string> = {
    // Rules match the address asked for (Netlify's way), not the file that answers it.
    ...siteHeadersFor(decodePath(requestPath) ?? requestPath, manifest.headers),
    'content-type': file.type,
    'cache-control': cacheControlFor(path, file.type),
    etag: `"${file.hash.slice(0, 40)}${encoding === 'identity' ? '' : `-${encoding}`}"`,
  };
  if (compressible) headers.vary = 'Accept-Encoding';
  const bodyHeaders = encoding === 'identity' ? headers : { ...headers, 'content-encoding': encoding };
  return { status, hash: file.hash, encoding, headers, bodyHeaders };
}

/** One request to a deployed site; null when the path names nothing the site has. */
export async function siteResponse(
  cache: SiteCache,
  site: { id: string; manifest: SiteManifest },
  request: { path: string; acceptEncoding?: string; ifNoneMatch?: string },
): Promise<SiteResponse | null> {
  const plan = cache.plan(site.id, request.path, request.acceptEncoding, () =>
    planSiteResponse(site.manifest, request.path, request.acceptEncoding),
  );
  if (!plan) return null;
  if (plan.status === 200 && request.ifNoneMatch && matchesEtag(request.ifNoneMatch, plan.hash)) {
    return { status: 304, body: null, headers: plan.headers };
  }
  const body = await cache.body(plan.hash, plan.encoding);
  if (!body) return null;
  return { status: plan.status, body, headers: plan.bodyHeaders };
}

function matchesEtag(ifNoneMatch: string, hash: string): boolean {
  const prefix = hash.slice(0, 40);
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, '').replace(/^"|"$/g, ''))
    .some((tag) => tag === '*' || tag === prefix || tag.startsWith(`${prefix}-`));
}
