import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/**
 * The administrators' audit trail (issue 35 item 9): every change made on /admin or with the
 * CLI — who (an admin's user id, or null for the command line), what, to whom, and the details.
 * Kept when the target account is deleted (its email stays in `detail`).
 */
export const adminActions = pgTable(
  'admin_actions',
  {
    id: text('id').primaryKey(),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** 'cli' or 'web': where the change was made. */
    via: text('via').notNull(),
    action: text('action').notNull(),
    targetUserId: text('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('admin_actions_created_at_idx').on(t.createdAt)],
);
