import pg from 'pg';
import { startTestPostgres, type TestPostgres } from '../../integration/postgres-server.ts';

/**
 * A person's own database for an integration test: an embedded PostgreSQL, a role of its own (so
 * its password is unique to the test) owning a new database; `prepare` runs as the admin first.
 */
export async function startOwnDatabase(
  own: { user: string; password: string; name: string },
  prepare?: (admin: pg.Client) => Promise<void>,
): Promise<{ postgres: TestPostgres; url: string }> {
  let postgres: TestPostgres | undefined;
  // The server picks a random port; another suite's server may hold it: try again on another.
  for (let attempt = 1; !postgres; attempt++) {
    try {
      postgres = await startTestPostgres();
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  try {
    await admin.query(`create role ${own.user} login password '${own.password}'`);
    await admin.query(`create database ${own.name} owner ${own.user}`);
    await prepare?.(admin);
  } finally {
    await admin.end();
  }
  const url = new URL(postgres.url);
  url.username = own.user;
  url.password = own.password;
  url.pathname = `/${own.name}`;
  return { postgres, url: url.toString() };
}
