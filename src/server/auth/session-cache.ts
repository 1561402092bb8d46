import { TtlCache } from '../lib/ttl-cache.ts';
import type { Auth } from './auth.ts';

type Session = Awaited<ReturnType<Auth['api']['getSession']>>;

/**
 * How long a process reuses the session it resolved for a Cookie header. Every API request
 * needs it; Better Auth's own cookie cache already spares the database, but verifying and
 * decoding the signed cookie still costs ~1–3 ms a request. Anything that goes through
 * /api/auth (sign-out, profile or password changes) forgets the user's entries at once, in every
 * process (session-changes.ts); a session revoked otherwise is seen within this time.
 */
export const SESSION_CACHE_MS = 5_000;

export interface SessionCache {
  get(headers: Headers): Promise<Session>;
  forget(headers: Headers): void;
  /** Forgets every cached session of the user (any cookie). */
  forgetUser(userId: string): void;
}

export function createSessionCache(auth: Auth, now: () => number = Date.now): SessionCache {
  const sessions = new TtlCache<string, Session>(SESSION_CACHE_MS);
  return {
    async get(headers) {
      const cookie = headers.get('cookie');
      // Without a cookie there is no session to look up (and nothing to cache).
      if (!cookie) return auth.api.getSession({ headers });
      const cached = sessions.get(cookie, now());
      if (cached !== undefined) return cached;
      const session = await auth.api.getSession({ headers });
      sessions.set(cookie, session, now());
      return session;
    },
    forget(headers) {
      const cookie = headers.get('cookie');
      if (cookie) sessions.delete(cookie);
    },
    forgetUser(userId) {
      sessions.deleteWhere((session) => session?.user.id === userId);
    },
  };
}
