/**
 * Issue 37 item 2: which answers a build's fetch may be kept for other builds, and for how long
 * (decision 0063). The cache is shared by every chat's builds and keyed by method and URL only,
 * so a request that could carry anyone's credentials is never cached: only requests made of the
 * plain headers below are, whatever else the URL names.
 */

/** Headers a plain request carries (fetch's, node-fetch's, axios's defaults); nothing that identifies anyone. */
const PLAIN_REQUEST_HEADERS: ReadonlySet<string> = new Set([
  'accept',
  'accept-encoding',
  'accept-language',
  'cache-control',
  'connection',
  'host',
  'pragma',
  'referer',
  'sec-fetch-dest',
  'sec-fetch-mode',
  'sec-fetch-site',
  'user-agent',
]);

/** Whether a request's answer may be taken from, and kept in, the shared cache. */
export function isCacheableRequest(method: string, headerNames: Iterable<string>): boolean {
  if (method.toUpperCase() !== 'GET') return false;
  for (const name of headerNames) if (!PLAIN_REQUEST_HEADERS.has(name.toLowerCase())) return false;
  return true;
}

/** The directives of a Cache-Control header, lower case: `max-age=60` → `max-age` → `60`. */
export function cacheDirectives(value: string | null | undefined): Map<string, string> {
  const directives = new Map<string, string>();
  for (const part of (value ?? '').split(',')) {
    const [name, ...rest] = part.split('=');
    const key = name?.trim().toLowerCase();
    if (key)
      directives.set(
        key,
        rest
          .join('=')
          .trim()
          .replace(/^"(.*)"$/, '$1'),
      );
  }
  return directives;
}

/** `get` of a response's headers: the value of a header by its lower-case name. */
export type HeaderLookup = (name: string) => string | null | undefined;

/**
 * Whether an answer may be kept: a 200 without `no-store`, without a cookie and not varying on
 * everything. `private` is kept: only requests without credentials are cached (above), and
 * Google Fonts marks its stylesheets private because they vary by browser, not by person.
 */
export function isCacheableResponse(status: number, header: HeaderLookup): boolean {
  if (status !== 200) return false;
  if (cacheDirectives(header('cache-control')).has('no-store')) return false;
  if (header('set-cookie')) return false;
  return !(header('vary') ?? '').split(',').some((name) => name.trim() === '*');
}

/**
 * Until when a kept answer is fresh (ms since the epoch): `s-maxage`, else `max-age`, else
 * `Expires` against `Date`; `no-cache` or nothing: stale at once, so the next build asks the
 * network again and uses the kept answer only when the network fails.
 */
export function freshUntil(storedAt: number, header: HeaderLookup): number {
  const directives = cacheDirectives(header('cache-control'));
  if (directives.has('no-cache')) return storedAt;
  for (const name of ['s-maxage', 'max-age']) {
    const seconds = Number(directives.get(name));
    if (directives.has(name) && Number.isFinite(seconds)) return storedAt + Math.max(0, seconds) * 1000;
  }
  const expires = Date.parse(header('expires') ?? '');
  if (Number.isFinite(expires)) {
    const date = Date.parse(header('date') ?? '');
    return storedAt + Math.max(0, expires - (Number.isFinite(date) ? date : storedAt));
  }
  return storedAt;
}
