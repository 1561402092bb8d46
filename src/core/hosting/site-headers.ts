/**
 * Response headers of a deployed site (issue 14 item 2): Kiln's defaults, and what the site's
 * own `_headers` file says — Netlify's format, which Vite and most static generators copy from
 * `public/` into the output, so "unless the owner's code says so" has a place to say it:
 *
 *   /embed/*
 *     Content-Security-Policy: frame-ancestors https://partner.example
 *     X-Frame-Options: ALLOWALL
 *
 * A block is a path pattern (`*` matches anything, `:name` one segment) on its own line, then
 * indented `Name: value` lines; `#` starts a comment.
 */

export interface HeaderRule {
  pattern: string;
  headers: [name: string, value: string][];
}

/** By default a site may be framed only by itself (clickjacking), and nothing is sniffed. */
export const DEFAULT_SITE_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
  'content-security-policy': "frame-ancestors 'self'",
  'referrer-policy': 'strict-origin-when-cross-origin',
};

/**
 * Headers a site may not set: the ones that describe the body or the connection (Kiln computes
 * them), and Set-Cookie (a site on `{sub}.{KILN_HOST}` could toss cookies at the app).
 */
const FORBIDDEN = new Set([
  'set-cookie',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'trailer',
  'te',
  'etag',
  'vary',
  'date',
  'server',
  'location',
  'host',
]);

const HEADER_NAME = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/;
const MAX_RULES = 200;

const hasControlCharacter = (value: string) =>
  [...value].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);

export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  let current: HeaderRule | null = null;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/\s+#.*$/, '');
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      if (rules.length >= MAX_RULES) break;
      current = { pattern: line.trim(), headers: [] };
      rules.push(current);
      continue;
    }
    if (!current) continue;
    const colon = line.indexOf(':');
    if (colon === -1) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    // Values are one line of visible characters: no header splitting.
    const value = line.slice(colon + 1).trim();
    if (!HEADER_NAME.test(name) || FORBIDDEN.has(name) || hasControlCharacter(value)) continue;
    current.headers.push([name, value]);
  }
  return rules.filter((rule) => rule.headers.length > 0);
}

function patternMatches(pattern: string, path: string): boolean {
  if (!pattern.startsWith('/')) return false;
  const source = pattern
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z0-9_]+/g, '[^/]+'))
    .join('.*');
  return new RegExp(`^${source}$`).test(path);
}

/**
 * The headers of one response: the defaults, then every matching rule in file order (a later
 * rule's header replaces an earlier one's). Framing stays Kiln's default until the site speaks
 * of it: a site CSP without `frame-ancestors` gets `frame-ancestors 'self'` appended; a site CSP
 * with it decides alone (X-Frame-Options dropped unless the site set one too).
 */
export function siteHeadersFor(path: string, rules: readonly HeaderRule[]): Record<string, string> {
  const headers: Record<string, string> = { ...DEFAULT_SITE_HEADERS };
  const own = new Set<string>();
  for (const rule of rules) {
    if (!patternMatches(rule.pattern, path)) continue;
    for (const [name, value] of rule.headers) {
      headers[name] = value;
      own.add(name);
    }
  }
  if (own.has('content-security-policy')) {
    const csp = headers['content-security-policy'] ?? '';
    if (!/(^|;)\s*frame-ancestors\b/i.test(csp)) {
      headers['content-security-policy'] = `${csp.replace(/;\s*$/, '')}; frame-ancestors 'self'`;
    } else if (!own.has('x-frame-options')) {
      delete headers['x-frame-options'];
    }
  }
  return headers;
}

/** Files of the output that configure the site and are never served. */
export const SITE_CONFIG_FILES: ReadonlySet<string> = new Set(['_headers', '_redirects']);
