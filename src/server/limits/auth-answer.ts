import type { Context } from 'hono';
import {
  accountRateLimitedError,
  rateLimitedError,
  type LimitedAction,
  type RateLimitError,
} from '../../core/limits/index.ts';
import type { Auth } from '../auth/auth.ts';
import { addressKey, CLIENT_ADDRESS_HEADER } from './client-address.ts';
import type { Limiter } from './limiter.ts';

/**
 * Hands a request to Better Auth with the client's address Kiln resolved (its limiter keys on
 * it; whatever the client sent in that header is replaced), and turns Better Auth's 429
 * (`X-Retry-After`, a bare message) into Kiln's: `{ error: { code: 'rate-limited', ... } }` with
 * `Retry-After`, like every other limit. A password sign-in is also counted against its account
 * (`sign-in@account`, sign-in-account.ts), before Better Auth sees it. The web's sign-in and
 * sign-up pages say "Too many attempts" on any 429.
 */
export function createAuthAnswer(auth: Auth, limiter: Limiter) {
  return async (c: Context): Promise<Response> => {
    const address = limiter.addressOf(c);
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_ADDRESS_HEADER, address);
    const request = new Request(c.req.raw, { headers });
    const answer = async () => {
      const response = await auth.handler(request);
      if (response.status !== 429) return response;
      const retryAfter = Math.max(1, Number(response.headers.get('x-retry-after')) || 1);
      return tooMany(c, rateLimitedError(authActionOf(c.req.path), retryAfter), retryAfter);
    };
    if (!limiter.signIns.applies(request)) return answer();
    const result = await limiter.signIns.attempt(request, addressKey(address), answer);
    if (result instanceof Response) return result;
    const { retryAfterSeconds } = result;
    return tooMany(c, accountRateLimitedError(retryAfterSeconds), retryAfterSeconds);
  };
}

function tooMany(c: Context, error: RateLimitError, retryAfter: number): Response {
  return c.json(
    { error: { code: error.code, message: error.message, title: error.title, retryAfter } },
    429,
    { 'Retry-After': String(retryAfter) },
  );
}

function authActionOf(path: string): LimitedAction {
  if (path.startsWith('/api/auth/sign-in')) return 'sign-in';
  if (path.startsWith('/api/auth/sign-up')) return 'sign-up';
  return 'auth';
}
