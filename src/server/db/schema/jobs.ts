import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The durable job queue (docs/decisions/0032-durable-job-queue.md). Workers claim rows with
 * `FOR UPDATE SKIP LOCKED`; a running job holds a lease (`locked_until`) that its worker renews,
 * so a job whose worker died is claimed again once the lease expires. The row stays after the
 * job ends: for preview builds it is the build record (status, progress, error, output hash).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    /** Dedupe key: one queued or running job per key (`preview:{chatId}:{version}`). */
    key: text('key').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    /** queued → running → done | failed. */
    status: text('status').notNull().default('queued'),
    /** Free-form step of a running job (preview: initializing, processing, starting). */
    progress: text('progress'),
    result: jsonb('result').$type<Record<string, unknown>>(),
    error: jsonb('error').$type<Record<string, unknown>>(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A build requested twice runs once: the second insert conflicts while the first is active.
    uniqueIndex('jobs_active_key_idx')
      .on(t.key)
      .where(sql`${t.status} in ('queued', 'running')`),
    // The claim query: oldest queued job of a kind that is due.
    index('jobs_claim_idx').on(t.status, t.kind, t.runAt),
    // The build record: latest job of a key.
    index('jobs_key_created_at_idx').on(t.key, t.createdAt),
    check('jobs_status_check', sql`${t.status} in ('queued', 'running', 'done', 'failed')`),
  ],
);

export type JobRow = typeof jobs.$inferSelect;
