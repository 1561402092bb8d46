/**
 * The fake Stripe answers the real `stripe` SDK (pointed at it with host/port/protocol) for
 * every call of the billing contract, and its webhook deliveries verify with the SDK's own
 * `constructEvent` — so Kiln's tests against it exercise Kiln's real Stripe code.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeStripe, sessionIdOf, type FakeStripe } from './server.ts';

const SECRET_KEY = 'sk_test_fake_kiln_123456';
const WEBHOOK_SECRET = 'whsec_fake_kiln_signing_secret';

interface Received {
  body: string;
  signature: string;
}

let fake: FakeStripe;
let stripe: Stripe;
let receiver: http.Server;
let received: Received[] = [];
let status = 200;

beforeAll(async () => {
  // A webhook endpoint that records what it is sent and answers `status`.
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({
        body: Buffer.concat(chunks).toString('utf8'),
        signature: String(req.headers['stripe-signature']),
      });
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ received: true }));
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  fake = await startFakeStripe({
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    webhookUrl: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhook`,
  });
  stripe = new Stripe(SECRET_KEY, {
    host: '127.0.0.1',
    port: fake.port,
    protocol: 'http',
    maxNetworkRetries: 0,
  });
});

afterAll(async () => {
  await fake?.stop();
  await new Promise((resolve) => receiver?.close(resolve));
});

beforeEach(() => {
  received = [];
  status = 200;
});

/** Each received body verified with the real SDK, as Kiln's webhook route does. */
const verified = () =>
  received.map((r) => stripe.webhooks.constructEvent(r.body, r.signature, WEBHOOK_SECRET));

async function premiumCatalogue() {
  const product = await stripe.products.create({ name: 'Kiln Premium', metadata: { kiln: 'premium' } });
  const month = await stripe.prices.create({
    product: product.id,
    unit_amount: 2000,
    currency: 'usd',
    recurring: { interval: 'month' },
    lookup_key: `kiln_premium_month_${product.id}`,
  });
  return { product, month };
}

async function subscribe(interval: 'month' | 'year' = 'month') {
  const product = await stripe.products.create({ name: 'Kiln Premium' });
  const price = await stripe.prices.create({
    product: product.id,
    unit_amount: interval === 'month' ? 2000 : 20000,
    currency: 'usd',
    recurring: { interval },
  });
  const customer = await stripe.customers.create({
    email: 'ada@example.com',
    name: 'Ada',
    metadata: { user_id: 'u1' },
  });
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    client_reference_id: 'u1',
    line_items: [{ price: price.id, quantity: 1 }],
    success_url: 'http://kiln.test/account?checkout=subscription',
    cancel_url: 'http://kiln.test/pricing?checkout=canceled',
    metadata: { kind: 'subscription', user_id: 'u1' },
    subscription_data: { metadata: { user_id: 'u1' } },
  });
  await fake.pay(session.id);
  const subscriptionId = fake.account.checkoutSessions.get(session.id)!.subscription as string;
  return { product, price, customer, session, subscriptionId };
}

describe('fake Stripe API through the real SDK', () => {
  it('makes products and prices and finds prices by lookup key, product expanded', async () => {
    const { product, month } = await premiumCatalogue();
    expect(product.id).toMatch(/^prod_/);
    expect(month).toMatchObject({
      id: expect.stringMatching(/^price_/),
      object: 'price',
      unit_amount: 2000,
      currency: 'usd',
      recurring: { interval: 'month', interval_count: 1 },
      product: product.id,
      active: true,
      type: 'recurring',
    });

    const found = await stripe.prices.list({
      lookup_keys: [month.lookup_key!],
      active: true,
      expand: ['data.product'],
    });
    expect(found.object).toBe('list');
    expect(found.data.map((price) => price.id)).toEqual([month.id]);
    expect(found.data[0]!.product).toMatchObject({ id: product.id, object: 'product', name: 'Kiln Premium' });
    expect((await stripe.prices.list({ lookup_keys: ['no_such_key'], active: true })).data).toEqual([]);

    const one = await stripe.prices.retrieve(month.id, { expand: ['product'] });
    expect(one.product).toMatchObject({ id: product.id, name: 'Kiln Premium' });
    expect((await stripe.prices.retrieve(month.id)).product).toBe(product.id);
  });

  it('refuses a second price with a lookup key in use, as Stripe does', async () => {
    const { product, month } = await premiumCatalogue();
    await expect(
      stripe.prices.create({
        product: product.id,
        unit_amount: 2500,
        currency: 'usd',
        recurring: { interval: 'month' },
        lookup_key: month.lookup_key!,
      }),
    ).rejects.toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 400, param: 'lookup_key' });
  });

  it("answers a missing object with Stripe's 404 resource_missing error", async () => {
    for (const call of [
      () => stripe.prices.retrieve('price_missing'),
      () => stripe.subscriptions.retrieve('sub_missing'),
      () => stripe.customers.retrieve('cus_missing'),
      () => stripe.checkout.sessions.retrieve('cs_test_missing'),
    ]) {
      await expect(call()).rejects.toMatchObject({
        type: 'StripeInvalidRequestError',
        statusCode: 404,
        code: 'resource_missing',
      });
    }
    await expect(
      stripe.billingPortal.sessions.create({
        customer: 'cus_missing',
        return_url: 'http://kiln.test/account',
      }),
    ).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing', param: 'customer' });
  });

  it('requires the secret key', async () => {
    const wrong = new Stripe('sk_test_someone_else_999', {
      host: '127.0.0.1',
      port: fake.port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    await expect(wrong.products.create({ name: 'x' })).rejects.toMatchObject({
      type: 'StripeAuthenticationError',
      statusCode: 401,
    });
    const anonymous = await fetch(`${fake.url}/v1/prices`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ error: { type: 'invalid_request_error' } });
  });

  it('makes customers with metadata', async () => {
    const customer = await stripe.customers.create({
      email: 'ada@example.com',
      name: 'Ada',
      metadata: { user_id: 'u1' },
    });
    expect(customer).toMatchObject({
      id: expect.stringMatching(/^cus_/),
      object: 'customer',
      email: 'ada@example.com',
    });
    expect((await stripe.customers.retrieve(customer.id)) as Stripe.Customer).toMatchObject({
      metadata: { user_id: 'u1' },
      name: 'Ada',
    });
  });

  it('subscription Checkout: the hosted page, Pay → subscription, created then completed events, 303 to success_url', async () => {
    const { month } = await premiumCatalogue();
    const customer = await stripe.customers.create({
      email: 'grace@example.com',
      metadata: { user_id: 'u2' },
    });
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      client_reference_id: 'u2',
      line_items: [{ price: month.id, quantity: 1 }],
      success_url: 'http://kiln.test/account?checkout=subscription',
      cancel_url: 'http://kiln.test/pricing?checkout=canceled',
      metadata: { kind: 'subscription', user_id: 'u2' },
      subscription_data: { metadata: { user_id: 'u2' } },
    });
    expect(session.id).toMatch(/^cs_test_/);
    expect(session).toMatchObject({
      status: 'open',
      payment_status: 'unpaid',
      mode: 'subscription',
      amount_total: 2000,
    });
    expect(sessionIdOf(session.url!)).toBe(session.id);

    const pageHtml = await (await fetch(session.url!)).text();
    expect(pageHtml).toContain('Kiln Premium');
    expect(pageHtml).toContain('20.00 USD');
    expect(pageHtml).toContain('>Pay</button>');
    expect(pageHtml).toContain('href="http://kiln.test/pricing?checkout=canceled">Cancel</a>');

    const paid = await fetch(session.url!, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe('http://kiln.test/account?checkout=subscription');

    const events = verified();
    expect(events.map((event) => event.type)).toEqual([
      'customer.subscription.created',
      'checkout.session.completed',
    ]);
    expect(events[0]!.created).toBeLessThan(events[1]!.created);
    expect(events[0]!.api_version).toBe(Stripe.API_VERSION);
    const completed = events[1]!.data.object as Stripe.Checkout.Session;
    expect(completed).toMatchObject({
      id: session.id,
      status: 'complete',
      payment_status: 'paid',
      amount_total: 2000,
      customer: customer.id,
      client_reference_id: 'u2',
      metadata: { kind: 'subscription', user_id: 'u2' },
    });
    expect(completed.subscription).toMatch(/^sub_/);
    expect(fake.deliveries.slice(-2).map((delivery) => delivery.status)).toEqual([200, 200]);

    const subscription = await stripe.subscriptions.retrieve(completed.subscription as string);
    const item = subscription.items.data[0]!;
    expect(subscription).toMatchObject({
      status: 'active',
      customer: customer.id,
      cancel_at_period_end: false,
    });
    expect(subscription.metadata).toEqual({ user_id: 'u2' });
    expect(item.price).toMatchObject({ id: month.id, recurring: { interval: 'month' } });
    const start = new Date(item.current_period_start * 1000);
    const end = new Date(item.current_period_end * 1000);
    expect(end.getUTCMonth()).toBe((start.getUTCMonth() + 1) % 12);
    expect((events[0]!.data.object as Stripe.Subscription).id).toBe(subscription.id);

    // Paying again (a reload) changes nothing and sends nothing.
    const again = await fetch(session.url!, { method: 'POST', redirect: 'manual' });
    expect(again.status).toBe(303);
    expect(received).toHaveLength(2);
  });

  it('payment Checkout with price_data: amount × quantity, one completed event', async () => {
    const customer = await stripe.customers.create({ email: 'ada@example.com' });
    const session = await stripe.checkout.sessions.create({
      mode: 'payment',
      customer: customer.id,
      client_reference_id: 'u1',
      line_items: [
        {
          price_data: { currency: 'usd', unit_amount: 100, product_data: { name: 'Extra versions' } },
          quantity: 7,
        },
      ],
      success_url: 'http://kiln.test/account?checkout=extra_versions',
      cancel_url: 'http://kiln.test/account?buy_extra=true',
      metadata: { kind: 'extra_versions', user_id: 'u1' },
    });
    expect(session.amount_total).toBe(700);
    const pageHtml = await (await fetch(session.url!)).text();
    expect(pageHtml).toContain('Extra versions');
    expect(pageHtml).toContain('7.00 USD');

    const paid = await fetch(session.url!, { method: 'POST', redirect: 'manual' });
    expect(paid.headers.get('location')).toBe('http://kiln.test/account?checkout=extra_versions');
    const events = verified();
    expect(events.map((event) => event.type)).toEqual(['checkout.session.completed']);
    expect(events[0]!.data.object).toMatchObject({
      mode: 'payment',
      status: 'complete',
      payment_status: 'paid',
      amount_total: 700,
      subscription: null,
      metadata: { kind: 'extra_versions', user_id: 'u1' },
    });
    const lineItems = await stripe.checkout.sessions.listLineItems(session.id);
    expect(lineItems.data[0]).toMatchObject({
      quantity: 7,
      amount_total: 700,
      description: 'Extra versions',
    });
  });

  it('refuses a one-time price in subscription mode', async () => {
    await expect(
      stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [
          { price_data: { currency: 'usd', unit_amount: 100, product_data: { name: 'x' } }, quantity: 1 },
        ],
        success_url: 'http://kiln.test/',
      }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'line_items' });
  });

  it("portal: 'Cancel plan' → updated (cancel_at_period_end), 'Renew plan', 'End subscription now' → deleted", async () => {
    const { customer, subscriptionId } = await subscribe();
    received = [];
    const portal = await stripe.billingPortal.sessions.create({
      customer: customer.id,
      return_url: 'http://kiln.test/account',
    });
    expect(portal).toMatchObject({ id: expect.stringMatching(/^bps_/), object: 'billing_portal.session' });
    const pageHtml = await (await fetch(portal.url)).text();
    expect(pageHtml).toContain('Kiln Premium');
    expect(pageHtml).toContain('>Cancel plan</button>');
    expect(pageHtml).toContain('href="http://kiln.test/account">Return to Kiln</a>');

    const post = (action: string) =>
      fetch(`${portal.url}/subscriptions/${subscriptionId}/${action}`, {
        method: 'POST',
        redirect: 'manual',
      });
    const canceled = await post('cancel');
    expect(canceled.status).toBe(303);
    expect(canceled.headers.get('location')).toBe(`/portal/${portal.id}`);
    expect(await (await fetch(portal.url)).text()).toContain('>Renew plan</button>');
    await post('renew');
    await post('end');

    const events = verified();
    expect(events.map((event) => event.type)).toEqual([
      'customer.subscription.updated',
      'customer.subscription.updated',
      'customer.subscription.deleted',
    ]);
    const [cancel, renew, end] = events.map((event) => event.data.object as Stripe.Subscription);
    expect(cancel).toMatchObject({ cancel_at_period_end: true, status: 'active' });
    expect(cancel!.cancel_at).toBe(cancel!.items.data[0]!.current_period_end);
    expect(events[0]!.data.previous_attributes).toMatchObject({ cancel_at_period_end: false });
    expect(renew).toMatchObject({ cancel_at_period_end: false, cancel_at: null });
    expect(end).toMatchObject({ status: 'canceled' });
    expect((await stripe.subscriptions.retrieve(subscriptionId)).status).toBe('canceled');
  });

  it('the period end: a plan canceled at the period end ends, any other renews', async () => {
    const renewing = await subscribe('year');
    const before = fake.subscriptions.get(renewing.subscriptionId)!.items.data[0]!;
    const oldEnd = before.current_period_end;
    received = [];
    await fake.endPeriod(renewing.subscriptionId);
    const [renewed] = verified();
    expect(renewed!.type).toBe('customer.subscription.updated');
    const item = (renewed!.data.object as Stripe.Subscription).items.data[0]!;
    expect(item.current_period_start).toBe(oldEnd);
    expect(new Date(item.current_period_end * 1000).getUTCFullYear()).toBe(
      new Date(oldEnd * 1000).getUTCFullYear() + 1,
    );

    const ending = await subscribe();
    await fake.cancelAtPeriodEnd(ending.subscriptionId);
    received = [];
    await fake.endPeriod(ending.subscriptionId);
    const [deleted] = verified();
    expect(deleted!.type).toBe('customer.subscription.deleted');
    expect(deleted!.data.object).toMatchObject({ status: 'canceled' });
  });

  it('control API: makeEvent with a chosen time, deliver with a wrong secret, Kiln’s answer logged', async () => {
    const { subscriptionId } = await subscribe();
    const subscription = fake.subscriptions.get(subscriptionId)!;
    const older = fake.makeEvent('customer.subscription.updated', subscription, { created: 1_000 });
    expect(older).toMatchObject({ id: expect.stringMatching(/^evt_/), created: 1_000, livemode: false });

    received = [];
    status = 400;
    const forged = await fake.deliver(older, { signatureSecret: 'whsec_not_the_one' });
    expect(forged.status).toBe(400);
    expect(() => verified()).toThrow(Stripe.errors.StripeSignatureVerificationError);

    received = [];
    status = 200;
    const good = await fake.deliver(older);
    expect(good.status).toBe(200);
    expect(verified()[0]).toMatchObject({ id: older.id, created: 1_000 });
    expect(fake.deliveries.at(-1)).toBe(good);
  });

  it('lists the SDK calls with their parameters as read', async () => {
    const product = await stripe.products.create({ name: 'Logged', metadata: { a: 'b' } });
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/v1/products',
      params: { name: 'Logged', metadata: { a: 'b' } },
    });
    expect(product.metadata).toEqual({ a: 'b' });
  });
});
