import type { Auth } from './auth.ts';

type Session = Awaited<ReturnType<Auth['api']['getSession']>>;

/**
 * How long a process reuses the session it resolved for a Cookie header. Every API request
 * needs it; Better Auth's own cookie cache already spares the database, but verifying and
 * decoding the signed cookie still costs ~1–3 ms a request. Anything that goes through
 * /api/auth (sign-out, profile or password changes) forgets the entry at once; a session revoked
 * from another device is seen within this time (Better Auth's cookie cache allows 60 s).
 */
export const SESSION_CACHE_MS = 5_000;
const MAX_ENTRIES = 10_000;

export interface SessionCache {
  get(headers: Headers): Promise<Session>;
  forget(headers: Headers): void;
}

export function createSessionCache(auth: Auth, now: () => number = Date.now): SessionCache {
  const entries = new Map<string, { session: Session; expires: number }>();
  return {
    async get(headers) {
      const cookie = headers.get('cookie');
      // Without a cookie there is no session to look up (and nothing to cache).
      if (!cookie) return auth.api.getSession({ headers });
      const entry = entries.get(cookie);
      if (entry && entry.expires > now()) return entry.session;
      const session = await auth.api.getSession({ headers });
      if (entries.size >= MAX_ENTRIES) entries.clear();
      entries.set(cookie, { session, expires: now() + SESSION_CACHE_MS });
      return session;
    },
    forget(headers) {
      const cookie = headers.get('cookie');
      if (cookie) entries.delete(cookie);
    },
  };
}
