import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';

/** One type for both drivers: services never know whether PGlite or PostgreSQL is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../../drizzle', import.meta.url));

export type DatabaseTarget =
  | { kind: 'postgres'; url: string }
  /** `dataDir` undefined = in memory (tests). */
  | { kind: 'pglite'; dataDir?: string };

/** Opens the database and applies every committed migration, so a start is always up to date. */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    // A connection attempt gives up (a 503 for its request) instead of waiting on a silent network.
    const pool = new pg.Pool({ connectionString: target.url, max: 10, connectionTimeoutMillis: 10_000 });
    // An idle connection the server ended (a restart, a network cut) is dropped by the pool; without
    // a listener its 'error' event would end the process (issue 21 item 6).
    pool.on('error', (error) => console.warn('Database connection lost:', error.message));
    const db = drizzlePg(pool, { schema });
    await withMigrationLock(pool, () => migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER }));
    return { db: db as unknown as Database, kind: 'postgres', close: () => pool.end() };
  }
  const client = new PGlite(target.dataDir);
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return { db: db as unknown as Database, kind: 'pglite', close: () => client.close() };
}

/** Any constant: the advisory lock of Kiln's migrations (pg_advisory_lock takes a bigint). */
const MIGRATION_LOCK = 7_246_118_301;

/**
 * Several processes starting at once (N web + M workers) migrate one after the other: the first
 * applies what is new, the others find nothing left (drizzle takes no lock of its own).
 */
async function withMigrationLock(pool: pg.Pool, migrate: () => Promise<void>): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migrate();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}
