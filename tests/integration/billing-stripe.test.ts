/**
 * Issue 18 with real components: Kiln's own Stripe code (the official SDK) pointed at the
 * loopback fake Stripe API (STRIPE_API_URL), a buyer going through the hosted Checkout and
 * portal pages, and webhook events signed with the SDK's generateTestHeaderString delivered over
 * HTTP to Kiln's /api/billing/webhook. Premium is read back from /api/me, as the web app does.
 */
import { serve, type ServerType } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PLANS_CHANNEL } from '../../src/server/billing/plan-changes.ts';
import { billingCustomers, billingEvents, subscriptions } from '../../src/server/db/schema/index.ts';
import type { FakeSubscription } from '../support/fake-stripe/objects.ts';
import { sessionIdOf, startFakeStripe, type FakeStripe } from '../support/fake-stripe/server.ts';
import { signedUpUser } from './generation-helpers.ts';
import { createFreshDatabase } from './postgres-server.ts';
import { createTestKiln, TestClient } from './test-app.ts';

type TestKiln = Awaited<ReturnType<typeof createTestKiln>>;
type Person = Awaited<ReturnType<typeof signedUpUser>>;

const SECRET_KEY = 'sk_test_kiln_billing_4242';
const WEBHOOK_SECRET = 'whsec_kiln_billing_secret';
const PUBLIC_URL = 'http://kiln.test';
const DAY = 86_400;

interface Me {
  isPremium: boolean;
  quota: { credits: number } | null;
  subscription: {
    status: string;
    interval: 'month' | 'year' | null;
    productName: string | null;
    currentPeriodStart: string;
    currentPeriodEnd: string | null;
    cancelAtPeriodEnd: boolean;
    source: 'stripe' | 'admin';
  } | null;
}

const stripeEnv = (fake: FakeStripe) => ({
  STRIPE_SECRET_KEY: SECRET_KEY,
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_API_URL: fake.url,
  KILN_PUBLIC_URL: PUBLIC_URL,
});

async function listen(kiln: TestKiln): Promise<{ server: ServerType; url: string }> {
  const server = serve({ fetch: kiln.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe('billing with Stripe: Checkout, portal and signed webhooks against the fake Stripe API', () => {
  let fake: FakeStripe;
  let kiln: TestKiln;
  let server: ServerType;
  let webhookUrl: string;

  beforeAll(async () => {
    fake = await startFakeStripe({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
    kiln = await createTestKiln(stripeEnv(fake));
    const listening = await listen(kiln);
    server = listening.server;
    webhookUrl = `${listening.url}/api/billing/webhook`;
    fake.setWebhookUrl(webhookUrl);
  });
  afterAll(async () => {
    if (server) await new Promise((resolve) => server.close(resolve));
    await kiln?.close();
    await fake?.stop();
  });

  const me = async (person: Person) => (await (await person.client.request('/api/me')).json()) as Me;
  const row = async (subscriptionId: string) =>
    (await kiln.services.db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId)))[0];
  const post = (person: Person, path: string, json: unknown = {}) =>
    person.client.request(path, { method: 'POST', json });

  /** The browser on the hosted Checkout page: it shows the order, 'Pay' sends the buyer back to Kiln. */
  async function payInBrowser(url: string, expectedTotal: string, successUrl: string) {
    expect(url.startsWith(`${fake.url}/pay/cs_test_`)).toBe(true);
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(expectedTotal);
    const before = fake.deliveries.length;
    const paid = await fetch(url, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(successUrl);
    const sent = fake.deliveries.slice(before);
    expect(sent.map((delivery) => [delivery.event.type, delivery.status, delivery.error])).toEqual(
      sent.map((delivery) => [delivery.event.type, 200, undefined]),
    );
    return sessionIdOf(url);
  }

  /** Free user → /pricing's Checkout → Pay → webhooks: the subscription's id at Stripe. */
  async function upgrade(person: Person, interval: 'month' | 'year' = 'month'): Promise<string> {
    const response = await post(person, '/api/billing/checkout', { interval });
    expect(response.status).toBe(200);
    const { url } = (await response.json()) as { url: string };
    const sessionId = await payInBrowser(
      url,
      interval === 'month' ? '20.00 USD' : '200.00 USD',
      `${PUBLIC_URL}/account?checkout=subscription`,
    );
    return fake.account.checkoutSessions.get(sessionId)!.subscription as string;
  }

  /** A copy of the subscription as Stripe holds it now, changed by `change` (for hand-made events). */
  function snapshot(subscriptionId: string, change: (copy: FakeSubscription) => void = () => {}) {
    const copy = structuredClone(fake.subscriptions.get(subscriptionId)!);
    change(copy);
    return copy;
  }

  it('GET /api/billing: Stripe on, the premium prices made once by lookup key and found again by another process', async () => {
    const response = await new TestClient(kiln).request('/api/billing');
    expect(await response.json()).toEqual({
      enabled: true,
      prices: {
        month: { amountCents: 2000, currency: 'usd' },
        year: { amountCents: 20000, currency: 'usd' },
      },
      extraVersionPriceCents: 100,
      marketplace: true,
    });
    const made = fake.requests.filter(
      (request) => request.method === 'POST' && request.path === '/v1/prices',
    );
    expect(made.map((request) => request.params.lookup_key).sort()).toEqual([
      'kiln_premium_month',
      'kiln_premium_year',
    ]);

    const other = await createTestKiln(stripeEnv(fake));
    try {
      const again = await (await new TestClient(other).request('/api/billing')).json();
      expect(again.prices.month).toEqual({ amountCents: 2000, currency: 'usd' });
    } finally {
      await other.close();
    }
    expect(fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/prices')).toHaveLength(2);
  });

  it('upgrade: Checkout → Pay → signed webhooks → /api/me is premium with the Stripe subscription', async () => {
    const person = await signedUpUser(kiln);
    expect((await me(person)).isPremium).toBe(false);
    const subscriptionId = await upgrade(person);

    const item = fake.subscriptions.get(subscriptionId)!.items.data[0]!;
    const after = await me(person);
    expect(after.isPremium).toBe(true);
    expect(after.subscription).toEqual({
      status: 'active',
      interval: 'month',
      productName: 'Kiln Premium',
      currentPeriodStart: new Date(item.current_period_start * 1000).toISOString(),
      currentPeriodEnd: new Date(item.current_period_end * 1000).toISOString(),
      cancelAtPeriodEnd: false,
      source: 'stripe',
    });
    // Stripe's side: one customer for the user, the subscription names the user.
    const [customer] = await kiln.services.db
      .select()
      .from(billingCustomers)
      .where(eq(billingCustomers.userId, person.userId));
    expect(fake.subscriptions.get(subscriptionId)).toMatchObject({
      customer: customer!.stripeCustomerId,
      metadata: { user_id: person.userId },
    });
    expect(fake.account.customers.get(customer!.stripeCustomerId)).toMatchObject({ email: person.email });

    const again = await post(person, '/api/billing/checkout', { interval: 'year' });
    expect(again.status).toBe(409);
    expect((await again.json()).error.code).toBe('already-premium');
  });

  it('yearly: the year price, a period of one year', async () => {
    const person = await signedUpUser(kiln);
    const subscriptionId = await upgrade(person, 'year');
    const after = await me(person);
    expect(after.subscription).toMatchObject({ status: 'active', interval: 'year' });
    const start = new Date(after.subscription!.currentPeriodStart);
    const end = new Date(after.subscription!.currentPeriodEnd!);
    expect(end.getUTCFullYear() - start.getUTCFullYear()).toBe(1);
    expect((await row(subscriptionId))!.status).toBe('active');
  });

  it('a price deleted in Stripe after Kiln found it: Checkout finds or makes the catalogue again, once', async () => {
    await new TestClient(kiln).request('/api/billing');
    const month = [...fake.account.prices.values()].find(
      (price) => price.lookup_key === 'kiln_premium_month',
    )!;
    fake.account.prices.delete(month.id);
    const person = await signedUpUser(kiln);
    const subscriptionId = await upgrade(person);
    const price = fake.subscriptions.get(subscriptionId)!.items.data[0]!.price;
    expect(price.id).not.toBe(month.id);
    expect(price).toMatchObject({ lookup_key: 'kiln_premium_month', unit_amount: 2000 });
    expect((await me(person)).subscription).toMatchObject({ status: 'active', interval: 'month' });
  });

  it("portal 'Cancel plan': still premium until the period ends ('Renew plan' takes it back)", async () => {
    const person = await signedUpUser(kiln);
    const subscriptionId = await upgrade(person);
    const response = await post(person, '/api/billing/portal');
    expect(response.status).toBe(200);
    const { url } = (await response.json()) as { url: string };
    expect(url.startsWith(`${fake.url}/portal/bps_`)).toBe(true);
    const page = await (await fetch(url)).text();
    expect(page).toContain(`href="${PUBLIC_URL}/account">Return to Kiln</a>`);

    const cancel = await fetch(`${url}/subscriptions/${subscriptionId}/cancel`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(cancel.status).toBe(303);
    expect(fake.deliveries.at(-1)).toMatchObject({
      status: 200,
      event: { type: 'customer.subscription.updated' },
    });
    const canceled = await me(person);
    expect(canceled.isPremium).toBe(true);
    expect(canceled.subscription).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });

    await fetch(`${url}/subscriptions/${subscriptionId}/renew`, { method: 'POST', redirect: 'manual' });
    expect((await me(person)).subscription).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
  });

  it("portal 'End subscription now': customer.subscription.deleted → free at once", async () => {
    const person = await signedUpUser(kiln);
    const subscriptionId = await upgrade(person);
    const { url } = (await (await post(person, '/api/billing/portal')).json()) as { url: string };
    await fetch(`${url}/subscriptions/${subscriptionId}/end`, { method: 'POST', redirect: 'manual' });
    expect(fake.deliveries.at(-1)).toMatchObject({
      status: 200,
      event: { type: 'customer.subscription.deleted' },
    });
    const after = await me(person);
    expect(after.isPremium).toBe(false);
    expect(after.subscription).toBeNull();
    expect((await row(subscriptionId))!.status).toBe('canceled');

    // And they can subscribe again.
    await upgrade(person);
    expect((await me(person)).isPremium).toBe(true);
  });

  it("a plan canceled at the period end is free once Kiln's clock passes that end, before any other event", async () => {
    const person = await signedUpUser(kiln);
    const subscriptionId = await upgrade(person);
    const now = Math.floor(Date.now() / 1000);
    const ended = fake.makeEvent(
      'customer.subscription.updated',
      snapshot(subscriptionId, (copy) => {
        copy.cancel_at_period_end = true;
        copy.items.data[0]!.current_period_start = now - 31 * DAY;
        copy.items.data[0]!.current_period_end = now - 60;
      }),
    );
    expect((await fake.deliver(ended)).status).toBe(200);
    const after = await me(person);
    expect(after.isPremium).toBe(false);
    expect(after.subscription).toBeNull();
  });

  it('no portal before a first Checkout: 409 no-billing-account', async () => {
    const person = await signedUpUser(kiln);
    const response = await post(person, '/api/billing/portal');
    expect(response.status).toBe(409);
    expect((await response.json()).error.code).toBe('no-billing-account');
  });

  it('a duplicate event (same id twice) changes the subscription once', async () => {
    const person = await signedUpUser(kiln);
    const subscriptionId = await upgrade(person);
    const pastDue = fake.makeEvent(
      'customer.subscription.updated',
      snapshot(subscriptionId, (copy) => {
        copy.status = 'past_due';
      }),
    );
    const first = await fake.deliver(pastDue);
    expect(first.status).toBe(200);
    expect(JSON.parse(first.body)).toMatchObject({ received: true, duplicate: false });
    const stored = await row(subscriptionId);
    expect(stored!.status).toBe('past_due');
    expect((await me(person)).isPremium).toBe(false);

    const second = await fake.deliver(pastDue);
    expect(second.status).toBe(200);
    expect(JSON.parse(second.body)).toMatchObject({ received: true, duplicate: true });
    // Nothing was written again (the same second would otherwise win as the later delivery).
    expect((await row(subscriptionId))!.updatedAt).toEqual(stored!.updatedAt);
    const events = await kiln.services.db
      .select()
      .from(billingEvents)
      .where(eq(billingEvents.id, pastDue.id));
    expect(events).toHaveLength(1);
  });

  it('out of order: an older customer.subscription.updated delivered after a newer one does not win', async () => {
    const person = await signedUpUser(kiln);
    const subscriptionId = await upgrade(person);
    const now = fake.clock.now();
    const older = fake.makeEvent(
      'customer.subscription.updated',
      snapshot(subscriptionId, (copy) => {
        copy.status = 'past_due';
      }),
      { created: now + 10 },
    );
    const newer = fake.makeEvent(
      'customer.subscription.updated',
      snapshot(subscriptionId, (copy) => {
        copy.cancel_at_period_end = true;
      }),
      { created: now + 20 },
    );
    expect((await fake.deliver(newer)).status).toBe(200);
    expect((await fake.deliver(older)).status).toBe(200);
    expect(await row(subscriptionId)).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    const after = await me(person);
    expect(after.isPremium).toBe(true);
    expect(after.subscription).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
  });

  it('a bad signature is refused with 400 invalid-signature and changes nothing', async () => {
    const person = await signedUpUser(kiln);
    const subscriptionId = await upgrade(person);
    const deleted = fake.makeEvent(
      'customer.subscription.deleted',
      snapshot(subscriptionId, (copy) => {
        copy.status = 'canceled';
      }),
    );
    const forged = await fake.deliver(deleted, { signatureSecret: 'whsec_someone_else' });
    expect(forged.status).toBe(400);
    expect(JSON.parse(forged.body).error.code).toBe('invalid-signature');

    const unsigned = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(deleted),
    });
    expect(unsigned.status).toBe(400);

    expect((await row(subscriptionId))!.status).toBe('active');
    expect((await me(person)).isPremium).toBe(true);
    expect(
      await kiln.services.db.select().from(billingEvents).where(eq(billingEvents.id, deleted.id)),
    ).toEqual([]);

    // The same event, rightly signed, is then applied: it was refused for its signature alone.
    expect((await fake.deliver(deleted)).status).toBe(200);
    expect((await me(person)).isPremium).toBe(false);
  });

  it('a subscription without user_id metadata is matched to its user through the Stripe customer', async () => {
    const person = await signedUpUser(kiln);
    const subscriptionId = await upgrade(person);
    const other = snapshot(subscriptionId, (copy) => {
      copy.id = `${subscriptionId}_second`;
      copy.metadata = {};
      copy.status = 'trialing';
    });
    expect((await fake.deliver(fake.makeEvent('customer.subscription.created', other))).status).toBe(200);
    expect(await row(other.id)).toMatchObject({ userId: person.userId, status: 'trialing' });
  });

  it('extra versions: Checkout in payment mode → credits added exactly once, however often the event comes', async () => {
    const person = await signedUpUser(kiln);
    const creditsBefore = (await me(person)).quota!.credits;
    const response = await post(person, '/api/billing/extra-versions', { quantity: 3 });
    expect(response.status).toBe(200);
    const { url } = (await response.json()) as { url: string };
    const sessionId = await payInBrowser(url, '3.00 USD', `${PUBLIC_URL}/account?checkout=extra_versions`);
    expect(fake.account.checkoutSessions.get(sessionId)).toMatchObject({
      mode: 'payment',
      amount_total: 300,
      cancel_url: `${PUBLIC_URL}/account?buy_extra=true`,
    });
    expect((await me(person)).quota!.credits).toBe(creditsBefore + 3);

    const completed = fake.deliveries.at(-1)!.event;
    expect(completed.type).toBe('checkout.session.completed');
    // Redelivered (same event id), and announced again by another event of the same session.
    expect((await fake.deliver(completed)).status).toBe(200);
    const session = fake.account.checkoutSessions.get(sessionId)!;
    expect((await fake.deliver(fake.makeEvent('checkout.session.completed', session))).status).toBe(200);
    expect(
      (await fake.deliver(fake.makeEvent('checkout.session.async_payment_succeeded', session))).status,
    ).toBe(200);
    expect((await me(person)).quota!.credits).toBe(creditsBefore + 3);
  });

  it('Checkout and extra versions need a sign-in; a quantity outside 1..100 is refused', async () => {
    const person = await signedUpUser(kiln);
    for (const quantity of [0, 101, 1.5]) {
      expect((await post(person, '/api/billing/extra-versions', { quantity })).status).toBe(400);
    }
    const visitor = new TestClient(kiln);
    expect(
      (await visitor.request('/api/billing/extra-versions', { method: 'POST', json: { quantity: 1 } }))
        .status,
    ).toBe(401);
    expect(
      (await visitor.request('/api/billing/checkout', { method: 'POST', json: { interval: 'month' } }))
        .status,
    ).toBe(401);
  });

  // These move the fake's clock a period on: they come last.
  it('the period ends: a canceled plan ends (deleted → free), a renewing one moves to the next period', async () => {
    const renewing = await signedUpUser(kiln);
    const renewingId = await upgrade(renewing);
    const ending = await signedUpUser(kiln);
    const endingId = await upgrade(ending);
    await fake.cancelAtPeriodEnd(endingId);
    expect((await me(ending)).isPremium).toBe(true);

    await fake.endPeriod(endingId);
    expect(fake.deliveries.at(-1)).toMatchObject({
      status: 200,
      event: { type: 'customer.subscription.deleted' },
    });
    expect((await me(ending)).isPremium).toBe(false);

    await fake.endPeriod(renewingId);
    const item = fake.subscriptions.get(renewingId)!.items.data[0]!;
    const after = await me(renewing);
    expect(after.isPremium).toBe(true);
    expect(after.subscription!.currentPeriodEnd).toBe(new Date(item.current_period_end * 1000).toISOString());
  });
});

describe('billing without Stripe keys', () => {
  let kiln: TestKiln;
  beforeAll(async () => {
    kiln = await createTestKiln();
  });
  afterAll(async () => kiln?.close());

  it('says so, and every billing route is 404 billing-disabled', async () => {
    const visitor = new TestClient(kiln);
    expect(await (await visitor.request('/api/billing')).json()).toEqual({
      enabled: false,
      prices: { month: null, year: null },
      extraVersionPriceCents: 100,
      marketplace: false,
    });
    const person = await signedUpUser(kiln);
    for (const [path, json] of [
      ['/api/billing/checkout', { interval: 'month' }],
      ['/api/billing/portal', {}],
      ['/api/billing/extra-versions', { quantity: 1 }],
    ] as const) {
      const response = await person.client.request(path, { method: 'POST', json });
      expect({ path, status: response.status }).toEqual({ path, status: 404 });
      expect((await response.json()).error.code).toBe('billing-disabled');
    }
    const webhook = await visitor.request('/api/billing/webhook', { method: 'POST', body: '{}' });
    expect(webhook.status).toBe(404);
  });
});

describe('billing on PostgreSQL: a plan change is seen by every process at once', () => {
  let fake: FakeStripe;
  let web: TestKiln;
  let other: TestKiln;
  let server: ServerType;

  beforeAll(async () => {
    fake = await startFakeStripe({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
    const env = {
      ...stripeEnv(fake),
      DATABASE_URL: await createFreshDatabase(inject('postgresUrl'), 'billing'),
    };
    web = await createTestKiln(env);
    other = await createTestKiln(env);
    const listening = await listen(web);
    server = listening.server;
    fake.setWebhookUrl(`${listening.url}/api/billing/webhook`);
  });
  afterAll(async () => {
    if (server) await new Promise((resolve) => server.close(resolve));
    await web?.close();
    await other?.close();
    await fake?.stop();
  });

  it('the webhook is handled by one process; another, which remembered the user as free, sees premium', async () => {
    const person = await signedUpUser(web);
    const elsewhere = new TestClient(other);
    expect((await elsewhere.signIn(person.email)).status).toBe(200);
    // The other process now remembers the plan (PLAN_CACHE_MS) as free.
    expect((await elsewhere.me()).isPremium).toBe(false);
    const announced = new Promise<void>((resolve) => {
      const stop = other.services.realtime.subscribe(PLANS_CHANNEL, (event) => {
        if (event.type === 'plan-changed' && event.userId === person.userId) {
          stop();
          resolve();
        }
      });
    });

    const { url } = (await (
      await person.client.request('/api/billing/checkout', { method: 'POST', json: { interval: 'month' } })
    ).json()) as { url: string };
    const paid = await fetch(url, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(fake.deliveries.map((delivery) => delivery.status)).toEqual([200, 200]);
    await announced;
    expect((await elsewhere.me()).isPremium).toBe(true);
  });
});
