import type { MiddlewareHandler } from 'hono';
import type { LimitedAction } from '../../core/limits/index.ts';
import type { AppEnv } from '../http/viewer.ts';
import type { Limiter } from './limiter.ts';

/**
 * Counts the request against the action's windows before the route runs (after the session
 * middleware, so a signed-in person is counted as a user); a full window is 429 `rate-limited`
 * with Retry-After, by the app's error handler.
 */
export function rateLimited(limiter: Limiter, action: LimitedAction): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await limiter.count(action, limiter.requesterOf(c));
    await next();
  };
}
