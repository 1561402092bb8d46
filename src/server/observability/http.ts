import type { Context, MiddlewareHandler } from 'hono';
import { requestId } from 'hono/request-id';
import { routePath } from 'hono/route';
import type { Logger } from './logger.ts';
import { httpDuration, httpRequests } from './metrics.ts';

/** An incoming X-Request-Id is kept only when it is a short token of safe characters. */
const MAX_REQUEST_ID = 64;

const takeRequestId = requestId({ limitLength: MAX_REQUEST_ID });

/**
 * Every request, first thing: a request id (the caller's X-Request-Id when short and safe, else a
 * new UUID; echoed in the response header), then one access-log line and the HTTP metrics. Both
 * name Hono's matched route pattern (`/api/chats/:id`), never the path: paths can carry secrets
 * (a password-reset token) and their variety would make the metric's series unbounded. Cookies,
 * headers and query strings are never logged.
 */
/**
 * Adds the header to the response as it is: Hono's `c.header` on a finished response copies it
 * into a new one (its body read into a stream), which was a fifth of a deployed site's request
 * (issue 34). A response whose headers cannot change (a fetch's) still takes that way.
 */
function stampRequestId(c: Context, id: string): void {
  try {
    c.res.headers.set('X-Request-Id', id);
  } catch {
    c.header('X-Request-Id', id);
  }
}

export function observeRequests(logger: Logger): MiddlewareHandler {
  return (c, next) =>
    takeRequestId(c, async () => {
      const started = performance.now();
      await next();
      const seconds = (performance.now() - started) / 1000;
      const id = c.get('requestId') as string;
      // A route that returned its own Response (Better Auth's) never saw the prepared header.
      if (c.res.headers.get('x-request-id') !== id) stampRequestId(c, id);
      // After next(): the route of the handler that answered ('*' when a middleware did).
      const route = routePath(c) || 'unmatched';
      const { method } = c.req;
      const status = c.res.status;
      httpRequests.inc({ method, route, status: String(status) });
      httpDuration.observe({ method, route }, seconds);
      logger.info(
        {
          requestId: id,
          method,
          route,
          status,
          durationMs: Math.round(seconds * 10_000) / 10,
        },
        'request',
      );
    });
}
