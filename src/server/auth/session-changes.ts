import type { Realtime } from '../realtime/events.ts';
import type { SessionCache } from './session-cache.ts';

/** The realtime channel of session changes: no chat has this id (ids are UUIDs). */
export const SESSIONS_CHANNEL = '*sessions';

/**
 * A sign-out, a password change or a revoked session is seen by every process at once (issue 20
 * item 2), not after the session cache's time: each drops the user's cached sessions when the
 * event comes — with PostgreSQL through LISTEN/NOTIFY, like plan changes.
 */
export function createSessionChanges(realtime: Realtime, sessions: SessionCache) {
  const unsubscribe = realtime.subscribe(SESSIONS_CHANNEL, (event) => {
    if (event.type === 'sessions-changed') sessions.forgetUser(event.userId);
  });
  return {
    announce(userId: string): void {
      sessions.forgetUser(userId);
      realtime.publish({ type: 'sessions-changed', chatId: SESSIONS_CHANNEL, userId });
    },
    close: unsubscribe,
  };
}
