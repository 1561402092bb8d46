/**
 * Cross-site request refusal (issue 12 item 2): a state-changing request is carried out only
 * when it comes from one of the app's own pages. Browsers send `Origin` on every cross-origin
 * request that is not a GET or HEAD, and `Sec-Fetch-Site` on every request, so either header
 * naming another origin means another site's page (a preview, too: `*.preview.{host}` is the
 * same *site* as the app, so SameSite cookies do not stop it) is asking.
 */

/** Methods that change nothing (the app's GET routes only read); every other one is checked. */
const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isStateChangingMethod(method: string): boolean {
  return !SAFE_METHODS.has(method.toUpperCase());
}

export interface RequestOriginHeaders {
  origin: string | null | undefined;
  secFetchSite: string | null | undefined;
}

export type OriginVerdict =
  { allowed: true } | { allowed: false; code: 'cross-site-request'; message: string };

export const CROSS_SITE_REQUEST = 'cross-site-request';

/** `Sec-Fetch-Site` values of a request the app's own page made, or the person typed. */
const OWN_FETCH_SITES: ReadonlySet<string> = new Set(['same-origin', 'none']);

/**
 * Decides from the request's headers and the app's origins (e.g. `https://kiln.example.com`):
 * - `Origin` present: it must be one of the app's origins (`null`, a sandboxed page, is not);
 * - `Sec-Fetch-Site` present: it must be `same-origin` (or `none`, a request the person made);
 * - neither: allowed. A browser always sends `Origin` on a cross-site POST/PUT/DELETE, so such a
 *   request is not a browser's cross-site request: a script, curl or a test, which carries the
 *   cookie only if its author has it.
 */
export function checkRequestOrigin(
  headers: RequestOriginHeaders,
  appOrigins: readonly string[],
): OriginVerdict {
  const origin = headers.origin?.trim().toLowerCase();
  const site = headers.secFetchSite?.trim().toLowerCase();
  const own = appOrigins.map((value) => value.toLowerCase());
  const fromOwnOrigin = origin === undefined || origin === '' || own.includes(origin);
  const fromOwnSite = site === undefined || site === '' || OWN_FETCH_SITES.has(site);
  if (fromOwnOrigin && fromOwnSite) return { allowed: true };
  return {
    allowed: false,
    code: CROSS_SITE_REQUEST,
    message: `This request came from another site${origin ? ` (${origin})` : ''}. Kiln accepts changes only from its own pages at ${own[0] ?? 'its own address'}.`,
  };
}
