/**
 * Issue 18 item 2 on PostgreSQL: Stripe delivers webhook events concurrently, not one after the
 * other. An older `customer.subscription.updated` whose transaction runs at the same time as a
 * newer one's must not overwrite it once the newer one commits.
 */
import { serve, type ServerType } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { subscriptions } from '../../src/server/db/schema/index.ts';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe/server.ts';
import { signedUpUser } from './generation-helpers.ts';
import { createFreshDatabase } from './postgres-server.ts';
import { createTestKiln } from './test-app.ts';

const SECRET_KEY = 'sk_test_kiln_concurrent';
const WEBHOOK_SECRET = 'whsec_kiln_concurrent';

describe('concurrent webhook deliveries on PostgreSQL', () => {
  let fake: FakeStripe;
  let kiln: Awaited<ReturnType<typeof createTestKiln>>;
  let server: ServerType;
  let databaseUrl: string;

  beforeAll(async () => {
    fake = await startFakeStripe({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
    databaseUrl = await createFreshDatabase(inject('postgresUrl'), 'billing_race');
    kiln = await createTestKiln({
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: fake.url,
      DATABASE_URL: databaseUrl,
    });
    server = serve({ fetch: kiln.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    fake.setWebhookUrl(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/billing/webhook`);
  });
  afterAll(async () => {
    if (server) await new Promise((resolve) => server.close(resolve));
    await kiln?.close();
    await fake?.stop();
  });

  it('an older event handled at the same time as a newer one does not win', async () => {
    const person = await signedUpUser(kiln);
    const { url } = (await (
      await person.client.request('/api/billing/checkout', { method: 'POST', json: { interval: 'month' } })
    ).json()) as { url: string };
    await fetch(url, { method: 'POST', redirect: 'manual' });
    const subscriptionId = [...fake.subscriptions.values()].find(
      (s) => s.metadata.user_id === person.userId,
    )!.id;
    const now = fake.clock.now();
    const current = fake.subscriptions.get(subscriptionId)!;
    const older = fake.makeEvent(
      'customer.subscription.updated',
      { ...current, status: 'past_due' },
      { created: now + 10 },
    );
    const newer = fake.makeEvent(
      'customer.subscription.updated',
      { ...current, cancel_at_period_end: true },
      { created: now + 20 },
    );

    // Another transaction holds the row, so both deliveries are inside their transactions at once.
    const holder = new pg.Client({ connectionString: databaseUrl });
    await holder.connect();
    const waiting = async (count: number) => {
      for (let i = 0; i < 400; i++) {
        const { rows } = await holder.query(
          "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
        );
        if (rows[0].n >= count) return;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error(`fewer than ${count} transactions ever waited for the row`);
    };
    try {
      await holder.query('begin');
      await holder.query('select 1 from subscriptions where id = $1 for update', [subscriptionId]);
      const first = fake.deliver(newer);
      await waiting(1);
      const second = fake.deliver(older);
      await waiting(2);
      await holder.query('commit');
      expect((await first).status).toBe(200);
      expect((await second).status).toBe(200);
    } finally {
      await holder.end();
    }
    const [row] = await kiln.services.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, subscriptionId));
    expect(row).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
  });
});
