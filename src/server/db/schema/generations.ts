import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { chats } from './chats.ts';

/**
 * The generations running now, one row per chat (issue 20 item 2): the database, not a process's
 * memory, decides that a chat has one generation at a time across every web process. The process
 * streaming it renews `heartbeat_at`; a row whose heartbeat is older than the lease belongs to a
 * process that died, and the next start takes it over (its version ended as interrupted).
 */
export const runningGenerations = pgTable(
  'running_generations',
  {
    chatId: text('chat_id')
      .primaryKey()
      .references(() => chats.id, { onDelete: 'cascade' }),
    messageId: text('message_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    /** The process streaming it (host and pid), for operators. */
    process: text('process').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The per-user cap counts a user's running generations across processes.
  (t) => [index('running_generations_user_idx').on(t.userId)],
);
