/** How a response body is encoded (negotiated from Accept-Encoding). */
export type Encoding = 'br' | 'gzip' | 'identity';

/**
 * How a site answers a path for a client's Accept-Encoding: which stored file, in which encoding,
 * with which headers. It depends only on the (immutable) manifest and those two strings, so
 * `SiteCache` remembers it and a repeated request costs map lookups.
 */
export interface SitePlan {
  status: 200 | 404;
  hash: string;
  encoding: Encoding;
  /** Without Content-Encoding (a 304's headers). */
  headers: Record<string, string>;
  /** With Content-Encoding when the body is encoded. */
  bodyHeaders: Record<string, string>;
}
