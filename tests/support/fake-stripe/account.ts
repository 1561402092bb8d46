/**
 * The fake Stripe account: products, prices, customers, Checkout and portal sessions and
 * subscriptions in memory, and what happens to them (a Checkout paid, a plan canceled, a period
 * ended), each change announced by the webhook events Stripe sends for it.
 */
import {
  invalidRequest,
  list,
  parameterMissing,
  resourceMissing,
  stripeId,
  type FakeCheckoutSession,
  type FakeCustomer,
  type FakeLineItem,
  type FakePortalSession,
  type FakePrice,
  type FakeProduct,
  type FakeSubscription,
  type FakeSubscriptionItem,
} from './objects.ts';
import type { Clock, Delivery, WebhookSender } from './webhooks.ts';

/** A form-encoded request's parameters as `qs` reads them. */
export type Params = Record<string, unknown>;

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const metadataOf = (value: unknown): Record<string, string> =>
  Object.fromEntries(Object.entries(record(value)).map(([k, v]) => [k, String(v)]));

function integer(value: unknown, param: string): number {
  const number = Number(value);
  if (value === undefined || value === '' || !Number.isInteger(number)) {
    throw invalidRequest(`Invalid integer: ${String(value)}`, param);
  }
  return number;
}

/** The same day one month or one year on (UTC), as Stripe bills. */
export function addInterval(unixSeconds: number, interval: string, count = 1): number {
  const date = new Date(unixSeconds * 1000);
  if (interval === 'year') date.setUTCFullYear(date.getUTCFullYear() + count);
  else if (interval === 'month') date.setUTCMonth(date.getUTCMonth() + count);
  else if (interval === 'week') date.setUTCDate(date.getUTCDate() + 7 * count);
  else date.setUTCDate(date.getUTCDate() + count);
  return Math.floor(date.getTime() / 1000);
}

interface CheckoutExtras {
  lineItems: FakeLineItem[];
  subscriptionMetadata: Record<string, string>;
  trialDays: number | undefined;
}

export class FakeStripeAccount {
  readonly products = new Map<string, FakeProduct>();
  readonly prices = new Map<string, FakePrice>();
  readonly customers = new Map<string, FakeCustomer>();
  readonly checkoutSessions = new Map<string, FakeCheckoutSession>();
  readonly portalSessions = new Map<string, FakePortalSession>();
  readonly subscriptions = new Map<string, FakeSubscription>();
  private readonly checkoutExtras = new Map<string, CheckoutExtras>();

  constructor(
    private readonly clock: Clock,
    private readonly webhooks: WebhookSender,
    private readonly baseUrl: () => string,
  ) {}

  // --- Products and prices -------------------------------------------------------------------

  createProduct(params: Params): FakeProduct {
    const name = str(params.name);
    if (!name) throw parameterMissing('name');
    const now = this.clock.now();
    const product: FakeProduct = {
      id: str(params.id) ?? stripeId('prod'),
      object: 'product',
      active: params.active !== 'false',
      created: now,
      description: str(params.description) ?? null,
      images: [],
      livemode: false,
      metadata: metadataOf(params.metadata),
      name,
      updated: now,
      url: null,
    };
    this.products.set(product.id, product);
    return product;
  }

  product(id: string): FakeProduct {
    const product = this.products.get(id);
    if (!product) throw resourceMissing('product', id);
    return product;
  }

  createPrice(params: Params, param = ''): FakePrice {
    const currency = str(params.currency)?.toLowerCase();
    if (!currency) throw parameterMissing(`${param}currency`);
    let productId = str(params.product);
    const productData = record(params.product_data);
    if (productId) {
      if (!this.products.has(productId)) throw resourceMissing('product', productId, `${param}product`);
    } else if (str(productData.name)) {
      productId = this.createProduct(productData).id;
    } else {
      throw parameterMissing(`${param}product`);
    }
    const recurring = record(params.recurring);
    const interval = str(recurring.interval);
    const lookupKey = str(params.lookup_key) ?? null;
    if (lookupKey) {
      const holder = [...this.prices.values()].find((price) => price.lookup_key === lookupKey);
      if (holder && params.transfer_lookup_key !== 'true') {
        throw invalidRequest(
          `A price (\`${holder.id}\`) already uses that lookup key. You can transfer it with \`transfer_lookup_key\`.`,
          `${param}lookup_key`,
        );
      }
      if (holder) holder.lookup_key = null;
    }
    const price: FakePrice = {
      id: stripeId('price'),
      object: 'price',
      active: params.active !== 'false',
      billing_scheme: 'per_unit',
      created: this.clock.now(),
      currency,
      livemode: false,
      lookup_key: lookupKey,
      metadata: metadataOf(params.metadata),
      nickname: str(params.nickname) ?? null,
      product: productId,
      recurring: interval
        ? {
            interval: interval as 'month' | 'year',
            interval_count: recurring.interval_count
              ? integer(recurring.interval_count, 'interval_count')
              : 1,
            meter: null,
            trial_period_days: null,
            usage_type: 'licensed',
          }
        : null,
      tax_behavior: 'unspecified',
      type: interval ? 'recurring' : 'one_time',
      unit_amount: integer(params.unit_amount, `${param}unit_amount`),
    };
    this.prices.set(price.id, price);
    return price;
  }

  price(id: string, param = 'id'): FakePrice {
    const price = this.prices.get(id);
    if (!price) throw resourceMissing('price', id, param);
    return price;
  }

  listPrices(params: Params): FakePrice[] {
    const lookupKeys = Array.isArray(params.lookup_keys) ? params.lookup_keys.map(String) : undefined;
    return [...this.prices.values()].filter(
      (price) =>
        (!lookupKeys || (price.lookup_key !== null && lookupKeys.includes(price.lookup_key))) &&
        (params.active === undefined || String(price.active) === params.active) &&
        (params.product === undefined || price.product === params.product) &&
        (params.type === undefined || price.type === params.type),
    );
  }

  // --- Customers ------------------------------------------------------------------------------

  createCustomer(params: Params): FakeCustomer {
    const customer: FakeCustomer = {
      id: stripeId('cus'),
      object: 'customer',
      balance: 0,
      created: this.clock.now(),
      description: str(params.description) ?? null,
      email: str(params.email) ?? null,
      livemode: false,
      metadata: metadataOf(params.metadata),
      name: str(params.name) ?? null,
    };
    this.customers.set(customer.id, customer);
    return customer;
  }

  customer(id: string, param = 'id'): FakeCustomer {
    const customer = this.customers.get(id);
    if (!customer) throw resourceMissing('customer', id, param);
    return customer;
  }

  // --- Checkout --------------------------------------------------------------------------------

  createCheckoutSession(params: Params): FakeCheckoutSession {
    const mode = str(params.mode);
    if (!mode) throw parameterMissing('mode');
    if (mode !== 'payment' && mode !== 'subscription') throw invalidRequest(`Invalid mode: ${mode}`, 'mode');
    const successUrl = str(params.success_url);
    if (!successUrl) throw parameterMissing('success_url');
    const customerId = str(params.customer);
    if (customerId) this.customer(customerId, 'customer');
    const rawItems = Array.isArray(params.line_items) ? params.line_items : [];
    if (rawItems.length === 0) throw parameterMissing('line_items');
    const lineItems = rawItems.map((raw, index) => this.lineItem(record(raw), index, mode));
    const currencies = new Set(lineItems.map((item) => item.currency));
    if (currencies.size > 1) throw invalidRequest('All line items must use the same currency.', 'line_items');
    const total = lineItems.reduce((sum, item) => sum + item.amount_total, 0);
    const subscriptionData = record(params.subscription_data);
    const now = this.clock.now();
    const id = stripeId('cs_test');
    const session: FakeCheckoutSession = {
      id,
      object: 'checkout.session',
      amount_subtotal: total,
      amount_total: total,
      cancel_url: str(params.cancel_url) ?? null,
      client_reference_id: str(params.client_reference_id) ?? null,
      created: now,
      currency: lineItems[0]!.currency,
      customer: customerId ?? null,
      customer_email: str(params.customer_email) ?? null,
      expires_at: now + 24 * 3600,
      livemode: false,
      metadata: metadataOf(params.metadata),
      mode,
      payment_intent: null,
      payment_status: 'unpaid',
      status: 'open',
      subscription: null,
      success_url: successUrl,
      url: `${this.baseUrl()}/pay/${id}`,
    };
    this.checkoutSessions.set(id, session);
    this.checkoutExtras.set(id, {
      lineItems,
      subscriptionMetadata: metadataOf(subscriptionData.metadata),
      trialDays: subscriptionData.trial_period_days
        ? integer(subscriptionData.trial_period_days, 'subscription_data[trial_period_days]')
        : undefined,
    });
    return session;
  }

  private lineItem(raw: Record<string, unknown>, index: number, mode: string): FakeLineItem {
    const param = `line_items[${index}]`;
    const priceId = str(raw.price);
    let price: FakePrice;
    if (priceId) price = this.price(priceId, `${param}[price]`);
    else if (raw.price_data) price = this.createPrice(record(raw.price_data), `${param}[price_data][`);
    else throw parameterMissing(`${param}[price]`);
    if (mode === 'subscription' && !price.recurring) {
      throw invalidRequest(
        'You must provide at least one recurring price in `subscription` mode.',
        'line_items',
      );
    }
    if (mode === 'payment' && price.recurring) {
      throw invalidRequest('You specified `payment` mode but passed a recurring price.', 'line_items');
    }
    const quantity = raw.quantity === undefined ? 1 : integer(raw.quantity, `${param}[quantity]`);
    if (quantity < 1) throw invalidRequest('Quantity must be at least 1.', `${param}[quantity]`);
    const amount = (price.unit_amount ?? 0) * quantity;
    const productId = typeof price.product === 'string' ? price.product : price.product.id;
    return {
      id: stripeId('li'),
      object: 'item',
      amount_subtotal: amount,
      amount_total: amount,
      currency: price.currency,
      description: this.products.get(productId)?.name ?? '',
      price,
      quantity,
    };
  }

  checkoutSession(id: string): FakeCheckoutSession {
    const session = this.checkoutSessions.get(id);
    if (!session) throw resourceMissing('checkout.session', id);
    return session;
  }

  lineItems(sessionId: string): FakeLineItem[] {
    this.checkoutSession(sessionId);
    return this.checkoutExtras.get(sessionId)?.lineItems ?? [];
  }

  /**
   * The buyer pays: a subscription is made (subscription mode), then the events Stripe sends —
   * `customer.subscription.created` before `checkout.session.completed`. Paying twice does nothing.
   */
  async completeCheckout(id: string): Promise<Delivery[]> {
    const session = this.checkoutSession(id);
    if (session.status !== 'open') return [];
    const extras = this.checkoutExtras.get(id)!;
    const deliveries: Delivery[] = [];
    if (!session.customer) {
      session.customer = this.createCustomer({ email: session.customer_email ?? undefined }).id;
    }
    const customerId = typeof session.customer === 'string' ? session.customer : session.customer.id;
    if (session.mode === 'subscription') {
      const subscription = this.createSubscription(customerId, extras);
      session.subscription = subscription.id;
      deliveries.push(await this.webhooks.send('customer.subscription.created', subscription));
    } else {
      session.payment_intent = stripeId('pi');
    }
    session.status = 'complete';
    session.payment_status = 'paid';
    deliveries.push(await this.webhooks.send('checkout.session.completed', session));
    return deliveries;
  }

  // --- Subscriptions ---------------------------------------------------------------------------

  private createSubscription(customerId: string, extras: CheckoutExtras): FakeSubscription {
    const now = this.clock.now();
    const id = stripeId('sub');
    const first = extras.lineItems[0]!;
    const interval = first.price.recurring?.interval ?? 'month';
    const trialEnd = extras.trialDays ? addInterval(now, 'day', extras.trialDays) : null;
    const periodEnd = trialEnd ?? addInterval(now, interval, first.price.recurring?.interval_count ?? 1);
    const items: FakeSubscriptionItem[] = extras.lineItems.map((line) => ({
      id: stripeId('si'),
      object: 'subscription_item',
      created: now,
      current_period_end: periodEnd,
      current_period_start: now,
      discounts: [],
      metadata: {},
      price: structuredClone(line.price),
      quantity: line.quantity ?? 1,
      subscription: id,
      tax_rates: [],
    }));
    const subscription: FakeSubscription = {
      id,
      object: 'subscription',
      billing_cycle_anchor: periodEnd,
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      collection_method: 'charge_automatically',
      created: now,
      currency: first.currency,
      customer: customerId,
      description: null,
      ended_at: null,
      items: list(`/v1/subscription_items?subscription=${id}`, items),
      latest_invoice: stripeId('in'),
      livemode: false,
      metadata: extras.subscriptionMetadata,
      start_date: now,
      status: trialEnd ? 'trialing' : 'active',
      trial_end: trialEnd,
      trial_start: trialEnd ? now : null,
    };
    this.subscriptions.set(id, subscription);
    return subscription;
  }

  subscription(id: string): FakeSubscription {
    const subscription = this.subscriptions.get(id);
    if (!subscription) throw resourceMissing('subscription', id);
    return subscription;
  }

  /** Applies `change`, then sends `customer.subscription.updated` with what it changed. */
  async updateSubscription(
    id: string,
    change: (subscription: FakeSubscription) => void,
    type = 'customer.subscription.updated',
  ): Promise<Delivery> {
    const subscription = this.subscription(id);
    const before = structuredClone(subscription) as unknown as Record<string, unknown>;
    change(subscription);
    const after = subscription as unknown as Record<string, unknown>;
    const previous = Object.fromEntries(
      Object.keys(before)
        .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
        .map((key) => [key, before[key]]),
    );
    return this.webhooks.send(
      type,
      subscription,
      type === 'customer.subscription.updated' ? previous : undefined,
    );
  }

  /** The portal's 'Cancel plan': it stays until the period ends. */
  cancelAtPeriodEnd(id: string): Promise<Delivery> {
    return this.updateSubscription(id, (subscription) => {
      subscription.cancel_at_period_end = true;
      subscription.cancel_at = periodOf(subscription).end;
      subscription.canceled_at = this.clock.now();
    });
  }

  /** The portal's 'Renew plan': a cancellation at the period end is taken back. */
  renew(id: string): Promise<Delivery> {
    return this.updateSubscription(id, (subscription) => {
      subscription.cancel_at_period_end = false;
      subscription.cancel_at = null;
      subscription.canceled_at = null;
    });
  }

  /** The portal's 'End subscription now': canceled at once (`customer.subscription.deleted`). */
  endNow(id: string): Promise<Delivery> {
    return this.updateSubscription(
      id,
      (subscription) => {
        const now = this.clock.now();
        subscription.status = 'canceled';
        subscription.canceled_at = subscription.canceled_at ?? now;
        subscription.ended_at = now;
      },
      'customer.subscription.deleted',
    );
  }

  /**
   * The clock reaches the period's end: a plan canceled at the period end ends
   * (`customer.subscription.deleted`), any other renews for one more interval (`…updated`).
   */
  async endPeriod(id: string): Promise<Delivery> {
    const subscription = this.subscription(id);
    const { end } = periodOf(subscription);
    this.clock.advanceTo(end);
    if (subscription.cancel_at_period_end) {
      return this.updateSubscription(
        id,
        (changed) => {
          changed.status = 'canceled';
          changed.ended_at = end;
        },
        'customer.subscription.deleted',
      );
    }
    return this.updateSubscription(id, (changed) => {
      if (changed.status === 'trialing') changed.status = 'active';
      for (const item of changed.items.data) {
        const recurring = item.price.recurring;
        item.current_period_start = end;
        item.current_period_end = addInterval(
          end,
          recurring?.interval ?? 'month',
          recurring?.interval_count ?? 1,
        );
      }
    });
  }

  /** Any status Stripe can give (past_due after a failed renewal, unpaid, paused…). */
  setStatus(id: string, status: FakeSubscription['status']): Promise<Delivery> {
    return this.updateSubscription(id, (subscription) => {
      subscription.status = status;
    });
  }

  /** The API's `POST /v1/subscriptions/:id` (cancel_at_period_end, metadata). */
  async updateFromApi(id: string, params: Params): Promise<FakeSubscription> {
    if (params.cancel_at_period_end === 'true') await this.cancelAtPeriodEnd(id);
    else if (params.cancel_at_period_end === 'false') await this.renew(id);
    if (params.metadata !== undefined) {
      await this.updateSubscription(id, (subscription) => {
        subscription.metadata = { ...subscription.metadata, ...metadataOf(params.metadata) };
      });
    }
    return this.subscription(id);
  }

  // --- Customer portal -------------------------------------------------------------------------

  createPortalSession(params: Params): FakePortalSession {
    const customer = str(params.customer);
    if (!customer) throw parameterMissing('customer');
    this.customer(customer, 'customer');
    const id = stripeId('bps');
    const session: FakePortalSession = {
      id,
      object: 'billing_portal.session',
      configuration: stripeId('bpc'),
      created: this.clock.now(),
      customer,
      customer_account: null,
      flow: null,
      livemode: false,
      locale: null,
      on_behalf_of: null,
      return_url: str(params.return_url) ?? null,
      url: `${this.baseUrl()}/portal/${id}`,
    };
    this.portalSessions.set(id, session);
    return session;
  }

  subscriptionsOf(customerId: string): FakeSubscription[] {
    return [...this.subscriptions.values()].filter((subscription) => subscription.customer === customerId);
  }
}

/** Stripe API 2026 keeps the billing period on the subscription's items. */
export function periodOf(subscription: FakeSubscription): { start: number; end: number } {
  const item = subscription.items.data[0];
  if (!item) throw new Error(`subscription ${subscription.id} has no items`);
  return { start: item.current_period_start, end: item.current_period_end };
}
