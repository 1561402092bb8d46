import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import * as schema from './schema/index.ts';

/** One type for both drivers: services never know whether PGlite or PostgreSQL is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const MIGRATIONS_FOLDER = path.join(REPO_ROOT, 'drizzle');

export type DatabaseTarget =
  | { kind: 'postgres'; url: string }
  /** `dataDir` undefined = in memory (tests). */
  | { kind: 'pglite'; dataDir?: string };

/** Opens the database and applies every committed migration, so a start is always up to date. */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    // A connection attempt gives up (a 503 for its request) instead of waiting on a silent network.
    // The PostgreSQL driver is loaded only for PostgreSQL (the embedded default needs none).
    const { default: pgModule } = await import('pg');
    const { drizzle: drizzlePg } = await import('drizzle-orm/node-postgres');
    const { migrate: migratePg } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new pgModule.Pool({
      connectionString: target.url,
      max: 10,
      connectionTimeoutMillis: 10_000,
    });
    // An idle connection the server ended (a restart, a network cut) is dropped by the pool; without
    // a listener its 'error' event would end the process (issue 21 item 6).
    pool.on('error', (error) => console.warn('Database connection lost:', error.message));
    const db = drizzlePg(pool, { schema });
    await withMigrationLock(pool, () => migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER }));
    return { db: db as unknown as Database, kind: 'postgres', close: () => pool.end() };
  }
  const client = target.dataDir === undefined ? await createInMemory() : await openDataDir(target.dataDir);
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return { db: db as unknown as Database, kind: 'pglite', close: () => client.close() };
}

/**
 * PGlite 0.4 (PostgreSQL 17.5, as 0.3.16) with Kiln's settings. `template1`: PGlite 0.3 connected
 * to it, so every data folder made before 0.4 holds its tables there (0.4's default, `postgres`,
 * would open such a folder empty); new folders use it too, so there is one layout. The start
 * parameters replace PGlite's defaults, so they are kept and extended: 0.3 fixed shared_buffers at
 * 128MB and wrote the whole pool at start (~150 MB resident before any query); Kiln's tables are
 * small, so 16MB (2048 pages) holds their working set. WebAssembly memory never shrinks, so
 * maintenance_work_mem (CREATE INDEX in a migration, VACUUM) is capped at 16MB (default 64MB) to
 * bound what a maintenance run leaves resident; wal_buffers follows shared_buffers (1/32, 512kB).
 */
const PGLITE_OPTIONS = {
  database: 'template1',
  startParams: [
    ...PGlite.defaultStartParams,
    ...['-c', 'shared_buffers=16MB', '-c', 'maintenance_work_mem=16MB'],
  ],
};

/**
 * PGlite 0.4 creates a database by running initdb in a second WebAssembly instance (~500 MB at its
 * peak) that stays resident until V8 happens to collect it — an idle server kept ~800 MB — and a
 * new database's migrations grow the WebAssembly heap (which never shrinks) by ~70 MB more. So a new
 * data folder is created and migrated by a Node process that exits; this process opens it and
 * finds nothing left to migrate.
 */
async function openDataDir(folder: string): Promise<PGlite> {
  // Absolute: the child runs in the repository, which need not be this process's folder.
  const dataDir = path.resolve(folder);
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    const script = `
      const { PGlite } = await import('@electric-sql/pglite');
      const { drizzle } = await import('drizzle-orm/pglite');
      const { migrate } = await import('drizzle-orm/pglite/migrator');
      const [dataDir, options, migrationsFolder] = process.argv.slice(1);
      const client = await PGlite.create(dataDir, JSON.parse(options));
      await migrate(drizzle(client), { migrationsFolder });
      await client.close();`;
    const args = [
      '--input-type=module',
      '-e',
      script,
      dataDir,
      JSON.stringify(PGLITE_OPTIONS),
      MIGRATIONS_FOLDER,
    ];
    // cwd: the repository (the same from src/ and dist/), where the child finds the packages.
    await promisify(execFile)(process.execPath, args, { cwd: REPO_ROOT });
  }
  return PGlite.create(dataDir, PGLITE_OPTIONS);
}

/**
 * One initdb and one run of the migrations per process; every in-memory database (tests make
 * many) starts from a copy of the migrated result, so its own migration run finds nothing to do.
 */
let initialised: Promise<File | Blob> | undefined;

async function createInMemory(): Promise<PGlite> {
  initialised ??= (async () => {
    const first = await PGlite.create(PGLITE_OPTIONS);
    try {
      await migratePglite(drizzlePglite(first), { migrationsFolder: MIGRATIONS_FOLDER });
      return await first.dumpDataDir('none');
    } finally {
      await first.close();
    }
  })().catch((error: unknown) => {
    initialised = undefined;
    throw error;
  });
  return PGlite.create({ ...PGLITE_OPTIONS, loadDataDir: await initialised });
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
