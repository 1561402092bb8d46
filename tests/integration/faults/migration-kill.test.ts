import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { serializeSnapshot } from '../../../src/core/artifact/index.ts';
import { grantPremium } from '../../../src/server/billing/subscriptions.ts';
import { openDatabase, type DatabaseHandle } from '../../../src/server/db/client.ts';
import { messages, users } from '../../../src/server/db/schema/index.ts';
import { createFreshDatabase } from '../postgres-server.ts';
import { startKilnProcess, type KilnProcess } from './kiln-process.ts';

const LOCK = 4242;
const NAME = 'supabase/migrations/20260101000000_orders.sql';
// The migration waits on a lock the test holds, so the server is killed while it runs.
const MIGRATION = `create table orders (id int primary key);
select pg_advisory_xact_lock(${LOCK});
`;

/**
 * Issue 21 item 6, "kill -9 during a migration run": the server dies while a version's migration
 * runs against the person's database. Afterwards the migration is applied exactly when it is
 * recorded as applied (here: neither), and running it again works and is recorded once.
 */
describe('faults: kill -9 during a migration run', () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('never records a migration that did not commit; it can be run again after a restart', async () => {
    const adminUrl = inject('postgresUrl');
    const kilnUrl = await createFreshDatabase(adminUrl);
    const userDbUrl = await createFreshDatabase(adminUrl, 'kiln_user');
    const env = { DATABASE_URL: kilnUrl, KILN_ALLOW_PRIVATE_INTEGRATIONS: 'true', KILN_DEMO_DELAY_MS: '0' };
    let kiln: KilnProcess = await startKilnProcess(env);
    cleanups.push(() => kiln.kill());
    const store: DatabaseHandle = await openDatabase({ kind: 'postgres', url: kilnUrl });
    cleanups.push(() => store.close());
    const holder = new pg.Client({ connectionString: userDbUrl });
    await holder.connect();
    cleanups.push(() => holder.end());

    // A premium person, a chat whose version holds the migration, the database connected.
    const cookie = await kiln.signIn('migrations@example.com');
    // Premium before the server first reads the plan (it keeps it for a while).
    const [person] = await store.db.select().from(users).where(eq(users.email, 'migrations@example.com'));
    await grantPremium(store.db, person!.id);
    const me = { user: { id: person!.id } };
    const json = { 'content-type': 'application/json' };
    const chat = await (
      await kiln.request('/api/chats', {
        method: 'POST',
        cookie,
        headers: json,
        body: JSON.stringify({ prompt: 'Orders', framework: 'react' }),
      })
    ).json();
    const artifactCode = serializeSnapshot({
      title: 'Orders',
      files: [
        { name: 'src/App.tsx', content: 'export default () => null;', isLocked: false },
        { name: NAME, content: MIGRATION, isLocked: false },
      ],
    });
    const messageId = randomUUID();
    await store.db.insert(messages).values([
      { id: randomUUID(), chatId: chat.id, userId: me.user.id, role: 'user', version: 1, content: 'make it' },
      {
        id: messageId,
        chatId: chat.id,
        userId: me.user.id,
        role: 'assistant',
        version: 1,
        content: artifactCode,
        artifactCode,
        finishReason: 'stop',
      },
    ]);
    const integration = await (
      await kiln.request('/api/integrations', {
        method: 'POST',
        cookie,
        headers: json,
        body: JSON.stringify({
          name: 'My database',
          type: 'database',
          provider: 'postgres',
          credentials: { connectionString: userDbUrl },
        }),
      })
    ).json();
    const enabled = await kiln.request(`/api/chats/${chat.id}/integrations/database`, {
      method: 'PUT',
      cookie,
      headers: json,
      body: JSON.stringify({ integrationId: integration.id }),
    });
    expect(enabled.status).toBe(200);
    const run = (server: KilnProcess) =>
      server.request('/api/integrations/run-migration', {
        method: 'POST',
        cookie,
        headers: json,
        body: JSON.stringify({ chatId: chat.id, sql: MIGRATION, migrationName: NAME, messageId }),
      });

    // Hold the lock, start the run, wait until it is blocked on the lock inside its transaction.
    await holder.query('select pg_advisory_lock($1)', [LOCK]);
    const pending = run(kiln).catch((error: unknown) => error);
    let waiting: number | undefined;
    while (waiting === undefined) {
      const blocked = await holder.query(
        `select pid from pg_locks where locktype = 'advisory' and objid = $1 and not granted`,
        [LOCK],
      );
      waiting = blocked.rows[0]?.pid;
    }
    await kiln.kill();
    expect(await pending).toBeInstanceOf(Error);
    // The lock given up: the orphaned server-side session goes on, finds its client gone, ends.
    await holder.query('select pg_advisory_unlock($1)', [LOCK]);
    for (;;) {
      const alive = await holder.query('select 1 from pg_stat_activity where pid = $1', [waiting]);
      if (alive.rowCount === 0) break;
    }

    const exists = async () =>
      (await holder.query(`select 1 from pg_tables where tablename = 'orders'`)).rowCount === 1;
    const recorded = async () =>
      (await store.db.select().from(messages).where(eq(messages.id, messageId)))[0]!.migrationsExecuted;
    // Neither applied nor recorded: the database and Kiln agree.
    expect(await exists()).toBe(false);
    expect(await recorded()).toEqual([]);

    // After a restart the person runs it again: applied, and recorded once.
    kiln = await startKilnProcess(env);
    const again = await run(kiln);
    expect(again.status).toBe(200);
    expect(await exists()).toBe(true);
    expect((await recorded()).map((done) => done.name)).toEqual([NAME]);
  }, 180_000);
});
