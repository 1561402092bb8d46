import type { Context } from 'hono';
import { rateLimitedError, type LimitedAction } from '../../core/limits/index.ts';
import type { Auth } from '../auth/auth.ts';
import { CLIENT_ADDRESS_HEADER } from './client-address.ts';
import type { Limiter } from './limiter.ts';

/**
 * Hands a request to Better Auth with the client's address Kiln resolved (its limiter keys on
 * it; whatever the client sent in that header is replaced), and turns Better Auth's 429
 * (`X-Retry-After`, a bare message) into Kiln's: `{ error: { code: 'rate-limited', ... } }` with
 * `Retry-After`, like every other limit. The web's sign-in and sign-up pages say "Too many
 * attempts" on any 429.
 */
export function createAuthAnswer(auth: Auth, limiter: Limiter) {
  return async (c: Context): Promise<Response> => {
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_ADDRESS_HEADER, limiter.addressOf(c));
    const response = await auth.handler(new Request(c.req.raw, { headers }));
    if (response.status !== 429) return response;
    const retryAfter = Math.max(1, Number(response.headers.get('x-retry-after')) || 1);
    const error = rateLimitedError(authActionOf(c.req.path), retryAfter);
    return c.json(
      { error: { code: error.code, message: error.message, title: error.title, retryAfter } },
      429,
      { 'Retry-After': String(retryAfter) },
    );
  };
}

function authActionOf(path: string): LimitedAction {
  if (path.startsWith('/api/auth/sign-in')) return 'sign-in';
  if (path.startsWith('/api/auth/sign-up')) return 'sign-up';
  return 'auth';
}
