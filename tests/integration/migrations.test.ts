import { sql } from 'drizzle-orm';
import { createFreshDatabase } from './postgres-server.ts';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client.ts';

const EXPECTED_TABLES = [
  'accounts',
  'admin_actions',
  'billing_customers',
  'billing_events',
  'billing_payments',
  'chat_integrations',
  'chats',
  'custom_domains',
  'github_connections',
  'github_device_flows',
  'jobs',
  'likes',
  'marketplace_listings',
  'marketplace_purchases',
  'messages',
  'prices',
  'products',
  'rate_limits',
  'running_generations',
  'sessions',
  'subscriptions',
  'user_integrations',
  'users',
  'verifications',
  'version_credits',
];

async function tablesOf(handle: DatabaseHandle): Promise<string[]> {
  const result = (await handle.db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
  )) as unknown as { rows: { table_name: string }[] };
  return result.rows.map((row) => row.table_name);
}

describe('the same committed migrations run on PGlite and on PostgreSQL', () => {
  const handles: DatabaseHandle[] = [];
  afterAll(async () => {
    for (const handle of handles) await handle.close();
  });

  it('PGlite: creates every spec §3 table', async () => {
    const handle = await openDatabase({ kind: 'pglite' });
    handles.push(handle);
    expect(await tablesOf(handle)).toEqual(EXPECTED_TABLES);
  });

  it('PostgreSQL: creates every spec §3 table, and a second run is a no-op', async () => {
    const url = await createFreshDatabase(inject('postgresUrl'));
    const first = await openDatabase({ kind: 'postgres', url });
    handles.push(first);
    expect(await tablesOf(first)).toEqual(EXPECTED_TABLES);
    const again = await openDatabase({ kind: 'postgres', url });
    handles.push(again);
    expect(await tablesOf(again)).toEqual(EXPECTED_TABLES);
  });

  it('PostgreSQL: processes starting together migrate one after the other (N web + M workers)', async () => {
    const url = await createFreshDatabase(inject('postgresUrl'));
    const opened = await Promise.allSettled(
      Array.from({ length: 4 }, () => openDatabase({ kind: 'postgres', url })),
    );
    for (const result of opened) if (result.status === 'fulfilled') handles.push(result.value);
    expect(opened.map((result) => (result.status === 'rejected' ? String(result.reason) : 'ok'))).toEqual([
      'ok',
      'ok',
      'ok',
      'ok',
    ]);
    expect(await tablesOf(handles.at(-1)!)).toEqual(EXPECTED_TABLES);
  });

  it('PostgreSQL: the lookup indexes of spec §7 exist', async () => {
    const handle = handles[2]!;
    const result = (await handle.db.execute(
      sql`select indexname from pg_indexes where schemaname = 'public'`,
    )) as unknown as { rows: { indexname: string }[] };
    const names = result.rows.map((row) => row.indexname);
    expect(names).toEqual(
      expect.arrayContaining([
        'messages_chat_role_version_idx',
        'chats_slug_idx',
        'chats_deploy_subdomain_idx',
        'custom_domains_chat_id_idx',
        'subscriptions_user_status_idx',
        'marketplace_listings_chat_seller_active_idx',
      ]),
    );
  });
});

describe('streamed answers are stored uncompressed, so appends stay cheap', () => {
  it('messages.content uses EXTERNAL storage on PGlite', async () => {
    const handle = await openDatabase({ kind: 'pglite' });
    try {
      const result = (await handle.db.execute(
        sql`select a.attstorage from pg_attribute a join pg_class c on c.oid = a.attrelid
            where c.relname = 'messages' and a.attname = 'content'`,
      )) as unknown as { rows: { attstorage: string }[] };
      expect(result.rows[0]?.attstorage).toBe('e');
    } finally {
      await handle.close();
    }
  });
});
