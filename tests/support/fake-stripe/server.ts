/**
 * A loopback fake of Stripe for the billing tests (issue 18): one HTTP server on 127.0.0.1 that
 * answers the `/v1` calls Kiln's `stripe` SDK makes (pointed here with host/port/protocol, i.e.
 * `STRIPE_API_URL`), serves the hosted Checkout and portal pages a browser sees, and delivers
 * webhook events signed by the real SDK to Kiln's webhook URL. The returned object is the control
 * API tests use: what was asked, what was delivered, and Stripe's side of a subscription's life.
 */
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import type { AddressInfo } from 'node:net';
import { FakeStripeAccount } from './account.ts';
import { createApi, type ApiRequest } from './api.ts';
import type { FakeEvent, FakeSubscription } from './objects.ts';
import { createPages } from './pages.ts';
import { Clock, WebhookSender, type DeliverOptions, type Delivery } from './webhooks.ts';

export interface FakeStripeOptions {
  /** The key the SDK must send (`Authorization: Bearer …`). */
  secretKey: string;
  /** Signs webhook events (`whsec_…`), as the endpoint's signing secret does. */
  webhookSecret: string;
  /** Kiln's `/api/billing/webhook`; without it events are logged but not sent. */
  webhookUrl?: string;
  /** A fixed port (default: a random one). */
  port?: number;
}

export interface FakeStripe {
  /** `http://127.0.0.1:{port}`: Kiln's STRIPE_API_URL, and where the hosted pages are. */
  url: string;
  port: number;
  account: FakeStripeAccount;
  subscriptions: Map<string, FakeSubscription>;
  /** Every `/v1` call, oldest first, with its parameters as read. */
  requests: ApiRequest[];
  /** Every webhook event sent (or, without a URL, not sent), oldest first, with Kiln's answer. */
  deliveries: Delivery[];
  clock: Clock;
  setWebhookUrl(url: string | undefined): void;
  makeEvent<T>(
    type: string,
    object: T,
    options?: { created?: number; previousAttributes?: Record<string, unknown> },
  ): FakeEvent<T>;
  deliver(event: FakeEvent, options?: DeliverOptions): Promise<Delivery>;
  /** The buyer pays the Checkout session, as the hosted page's 'Pay' does. */
  pay(sessionId: string): Promise<Delivery[]>;
  cancelAtPeriodEnd(subscriptionId: string): Promise<Delivery>;
  renew(subscriptionId: string): Promise<Delivery>;
  endNow(subscriptionId: string): Promise<Delivery>;
  /** The clock reaches the period end: canceled-at-period-end plans end, others renew. */
  endPeriod(subscriptionId: string): Promise<Delivery>;
  setStatus(subscriptionId: string, status: FakeSubscription['status']): Promise<Delivery>;
  stop(): Promise<void>;
}

/** The session id in a Checkout or portal URL the fake handed out. */
export function sessionIdOf(url: string): string {
  const id = new URL(url).pathname.split('/').pop();
  if (!id) throw new Error(`no session id in ${url}`);
  return id;
}

export async function startFakeStripe(options: FakeStripeOptions): Promise<FakeStripe> {
  let baseUrl = '';
  const clock = new Clock();
  const webhooks = new WebhookSender(clock, options.webhookSecret, options.webhookUrl);
  const account = new FakeStripeAccount(clock, webhooks, () => baseUrl);
  const requests: ApiRequest[] = [];

  const app = new Hono();
  app.route('/', createApi(account, options.secretKey, requests));
  app.route('/', createPages(account));

  const server: ServerType = await new Promise((resolve) => {
    const started = serve({ fetch: app.fetch, port: options.port ?? 0, hostname: '127.0.0.1' }, () =>
      resolve(started),
    );
  });
  const port = (server.address() as AddressInfo).port;
  baseUrl = `http://127.0.0.1:${port}`;

  return {
    url: baseUrl,
    port,
    account,
    subscriptions: account.subscriptions,
    requests,
    deliveries: webhooks.deliveries,
    clock,
    setWebhookUrl: (url) => {
      webhooks.webhookUrl = url;
    },
    makeEvent: (type, object, eventOptions) => webhooks.makeEvent(type, object, eventOptions),
    deliver: (event, deliverOptions) => webhooks.deliver(event, deliverOptions),
    pay: (sessionId) => account.completeCheckout(sessionId),
    cancelAtPeriodEnd: (id) => account.cancelAtPeriodEnd(id),
    renew: (id) => account.renew(id),
    endNow: (id) => account.endNow(id),
    endPeriod: (id) => account.endPeriod(id),
    setStatus: (id, status) => account.setStatus(id, status),
    stop: () =>
      new Promise<void>((resolve, reject) => {
        if ('closeAllConnections' in server) server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
