import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { messages } from '../../src/server/db/schema/index.ts';
import { signedUpUser } from './generation-helpers.ts';
import { createVersion } from './preview-helpers.ts';
import { createTestKiln, TestClient } from './test-app.ts';

const GUEST_BOOK = `create table guest_entries (
  id uuid primary key default gen_random_uuid(),
  author uuid default auth.uid(),
  message text not null
);
alter table guest_entries enable row level security;
create policy "Anyone can read entries" on guest_entries for select using (true);
create policy "Signed-in people add entries" on guest_entries for insert to authenticated with check (auth.uid() = author);
`;
const BROKEN = `create table half_done (id int);
insert into no_such_table values (1);
`;

describe("running a version's migration against the chat's hosted database (issue 16 item 5)", () => {
  const adminUrl = inject('postgresUrl');
  let kiln: Awaited<ReturnType<typeof createTestKiln>>;
  let userDbUrl: string;
  let userDb: pg.Client;

  beforeAll(async () => {
    // The person's own database: a fresh one on the suite's PostgreSQL, with Supabase's auth.uid().
    const name = `kiln_user_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.query(
      `do $$ begin create role authenticated; exception when duplicate_object then null; end $$`,
    );
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    userDbUrl = url.toString();
    userDb = new pg.Client({ connectionString: userDbUrl });
    await userDb.connect();
    await userDb.query(
      `create schema auth; create function auth.uid() returns uuid language sql stable as $$ select null::uuid $$;`,
    );
    kiln = await createTestKiln({ KILN_ALLOW_PRIVATE_INTEGRATIONS: 'true' });
  });
  afterAll(async () => {
    await userDb?.end();
    await kiln?.close();
  });

  async function chatWithMigration(
    owner: Awaited<ReturnType<typeof signedUpUser>>,
    files: Record<string, string>,
  ) {
    const { chatId, version } = await createVersion(kiln, {
      userId: owner.userId,
      framework: 'react',
      files: [
        { name: 'src/App.tsx', content: 'export default function App() { return null; }' },
        ...Object.entries(files).map(([name, content]) => ({ name, content })),
      ],
    });
    const [message] = await kiln.services.db
      .select()
      .from(messages)
      .where(and(eq(messages.chatId, chatId), eq(messages.role, 'assistant'), eq(messages.version, version)));
    return { chatId, messageId: message!.id };
  }

  async function withDatabase(owner: Awaited<ReturnType<typeof signedUpUser>>, chatId: string) {
    const created = await owner.client.request('/api/integrations', {
      method: 'POST',
      json: {
        name: 'My database',
        type: 'database',
        provider: 'postgres',
        credentials: { connectionString: userDbUrl },
      },
    });
    const { id } = (await created.json()) as { id: string };
    const enabled = await owner.client.request(`/api/chats/${chatId}/integrations/database`, {
      method: 'PUT',
      json: { integrationId: id },
    });
    expect(enabled.status).toBe(200);
  }

  const run = (client: TestClient, body: Record<string, unknown>) =>
    client.request('/api/integrations/run-migration', { method: 'POST', json: body });

  it('runs the migration as written in the version: tables and policies created, recorded once', async () => {
    const owner = await signedUpUser(kiln, { premium: true });
    const name = 'supabase/migrations/20260101000000_guest_book.sql';
    const { chatId, messageId } = await chatWithMigration(owner, { [name]: GUEST_BOOK });

    const none = await run(owner.client, { chatId, sql: GUEST_BOOK, migrationName: name, messageId });
    expect(none.status).toBe(409);
    expect((await none.json()).error).toMatchObject({
      title: 'No integration available',
      message: 'Please configure an integration in settings first',
    });

    await withDatabase(owner, chatId);
    const made_up = await run(owner.client, {
      chatId,
      sql: 'drop table everything;',
      migrationName: name,
      messageId,
    });
    expect(made_up.status).toBe(400);
    expect((await made_up.json()).error.code).toBe('migration-not-in-version');

    const response = await run(owner.client, { chatId, sql: GUEST_BOOK, migrationName: name, messageId });
    expect(response.status).toBe(200);
    const result = await response.json();
    expect(result.message).toBe('Successfully created 1 table(s) in your PostgreSQL database');
    expect(result.migrationsExecuted).toEqual([{ name, executed_at: expect.any(String) }]);
    const tables = await userDb.query(`select tablename from pg_tables where tablename = 'guest_entries'`);
    expect(tables.rowCount).toBe(1);
    const policies = await userDb.query(
      `select policyname from pg_policies where tablename = 'guest_entries' order by policyname`,
    );
    expect(policies.rows.map((row) => row.policyname)).toEqual([
      'Anyone can read entries',
      'Signed-in people add entries',
    ]);

    const again = await run(owner.client, { chatId, sql: GUEST_BOOK, migrationName: name, messageId });
    expect(again.status).toBe(409);
    expect((await again.json()).error.code).toBe('migration-already-run');
  });

  it('a failing migration leaves nothing behind and says what PostgreSQL said', async () => {
    const owner = await signedUpUser(kiln, { premium: true });
    const name = 'supabase/migrations/20260102000000_broken.sql';
    const { chatId, messageId } = await chatWithMigration(owner, { [name]: BROKEN });
    await withDatabase(owner, chatId);
    const response = await run(owner.client, { chatId, sql: BROKEN, migrationName: name, messageId });
    expect(response.status).toBe(422);
    const { error } = await response.json();
    expect(error.title).toBe('Migration Failed');
    expect(error.message).toMatch(/no_such_table/);
    expect((await userDb.query(`select 1 from pg_tables where tablename = 'half_done'`)).rowCount).toBe(0);
    const [message] = await kiln.services.db.select().from(messages).where(eq(messages.id, messageId));
    expect(message!.migrationsExecuted).toEqual([]);
  });

  it("denials: spec texts for a missing chat id or SQL; visitor, stranger, free owner, another chat's message", async () => {
    const owner = await signedUpUser(kiln, { premium: true });
    const name = 'supabase/migrations/20260103000000_x.sql';
    const { chatId, messageId } = await chatWithMigration(owner, {
      [name]: 'create table x_denied (id int);',
    });
    const other = await chatWithMigration(owner, { [name]: 'create table y_denied (id int);' });
    const body = { chatId, sql: 'create table x_denied (id int);', migrationName: name, messageId };
    expect((await (await run(owner.client, { ...body, chatId: '' })).json()).error.message).toBe(
      'Chat ID is missing. Please refresh the page and try again.',
    );
    expect((await (await run(owner.client, { ...body, sql: ' ' })).json()).error.message).toBe(
      'Migration content is empty.',
    );
    expect((await run(new TestClient(kiln), body)).status).toBe(401);
    const stranger = await signedUpUser(kiln, { premium: true });
    expect((await run(stranger.client, body)).status).toBe(403);
    const free = await signedUpUser(kiln);
    const freeChat = await chatWithMigration(free, { [name]: 'create table z (id int);' });
    expect(
      (await run(free.client, { ...body, chatId: freeChat.chatId, messageId: freeChat.messageId })).status,
    ).toBe(402);
    expect((await run(owner.client, { ...body, messageId: other.messageId })).status).toBe(404);
  });
});
