import type { MiddlewareHandler } from 'hono';
import {
  checkBodyType,
  checkRequestOrigin,
  isStateChangingMethod,
  type BodyType,
} from '../../core/http/index.ts';
import { apiError } from './errors.ts';

export interface StateChangingRequestOptions {
  /** Origins of the app's own pages: the public URL's (in dev, Vite serves that one too). */
  appOrigins: readonly string[];
  /** Path prefixes that check requests themselves: Better Auth at /api/auth/ (its origin check). */
  exemptPrefixes: readonly string[];
  /** `METHOD /path` of the routes that take multipart uploads; every other API route takes JSON. */
  multipartRoutes: readonly string[];
}

/**
 * Every request that may change something (not GET, HEAD or OPTIONS) must come from the app's
 * own pages (403 `cross-site-request`, core/http/origin.ts) and, on the API, carry the body type
 * its route reads (415 `unsupported-media-type`, core/http/body-type.ts). Runs before the session
 * is resolved and before any body is read; docs/rules/state-changing-route.md.
 */
export function stateChangingRequests(options: StateChangingRequestOptions): MiddlewareHandler {
  const multipart = new Set(options.multipartRoutes);
  return async (c, next) => {
    const method = c.req.method;
    if (!isStateChangingMethod(method)) return next();
    const path = c.req.path.length > 1 ? c.req.path.replace(/\/+$/, '') : c.req.path;
    if (options.exemptPrefixes.some((prefix) => path.startsWith(prefix))) return next();

    const origin = checkRequestOrigin(
      { origin: c.req.header('origin'), secFetchSite: c.req.header('sec-fetch-site') },
      options.appOrigins,
    );
    if (!origin.allowed) return apiError(c, 403, origin.code, origin.message);

    if (path.startsWith('/api/')) {
      const expected: BodyType = multipart.has(`${method.toUpperCase()} ${path}`) ? 'multipart' : 'json';
      const length = Number(c.req.header('content-length') ?? 0);
      // HTTP/1.1: a request has a body only with a Content-Length above 0 or a Transfer-Encoding.
      const hasBody = length > 0 || c.req.header('transfer-encoding') !== undefined;
      const type = checkBodyType(expected, { contentType: c.req.header('content-type'), hasBody });
      if (!type.allowed) return apiError(c, 415, type.code, type.message);
    }
    return next();
  };
}
