import type { Database } from '../db/client.ts';
import type { Realtime } from '../realtime/events.ts';
import { forgetPlan } from './plan-cache.ts';

/** The realtime channel of plan changes: no chat has this id (ids are UUIDs). */
export const PLANS_CHANNEL = '*plans';

/**
 * A plan change is seen by every process at once (issue 18 item 2): each drops its cached plan
 * of the user when the event comes — with PostgreSQL through LISTEN/NOTIFY, like chat events.
 */
export function createPlanChanges(realtime: Realtime, db: Database) {
  const unsubscribe = realtime.subscribe(PLANS_CHANNEL, (event) => {
    if (event.type === 'plan-changed') forgetPlan(db, event.userId);
  });
  return {
    announce(userId: string): void {
      forgetPlan(db, userId);
      realtime.publish({ type: 'plan-changed', chatId: PLANS_CHANNEL, userId });
    },
    close: unsubscribe,
  };
}
