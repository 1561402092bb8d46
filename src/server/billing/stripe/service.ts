import type Stripe from 'stripe';
import type { BillingInterval } from '../../../core/billing/index.ts';
import type { StripeConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { and, eq, inArray } from 'drizzle-orm';
import { billingEvents, billingPayments, subscriptions } from '../../db/schema/index.ts';
import { ServiceError } from '../../http/errors.ts';
import { addVersionCredits } from '../../generation/quota.ts';
import { loadPremiumCatalogue, type PremiumCatalogue } from './catalogue.ts';
import { createStripeClient } from './client.ts';
import { customerFor, findCustomer, type BillingUser } from './customers.ts';
import { storeSubscription } from './subscription-sync.ts';

/** A one-time Checkout that was paid, as handed to the handler of its kind (once). */
export interface CompletedPayment {
  checkoutSessionId: string;
  userId: string;
  kind: string;
  quantity: number;
  amountCents: number;
  currency: string;
  metadata: Record<string, string>;
}

export type PaymentHandler = (payment: CompletedPayment, tx: Database) => Promise<void>;

export interface PaymentCheckout {
  user: BillingUser;
  kind: string;
  /** What the buyer sees on the Checkout page. */
  name: string;
  unitAmountCents: number;
  quantity: number;
  metadata?: Record<string, string>;
  /** Paths on Kiln's own origin the buyer returns to. */
  successPath: string;
  cancelPath: string;
}

export interface BillingService {
  catalogue(): Promise<PremiumCatalogue>;
  startSubscriptionCheckout(user: BillingUser, interval: BillingInterval): Promise<{ url: string }>;
  startPaymentCheckout(checkout: PaymentCheckout): Promise<{ url: string }>;
  openPortal(userId: string): Promise<{ url: string }>;
  /** Verifies and applies one webhook delivery (raw body, Stripe-Signature header). */
  handleWebhook(rawBody: string, signature: string | undefined): Promise<{ duplicate: boolean }>;
  onPaymentCompleted(kind: string, handler: PaymentHandler): void;
}

export interface BillingDeps {
  db: Database;
  config: StripeConfig;
  /** Kiln's public address: Checkout and the portal send people back there. */
  publicUrl: string;
  /** Called after a user's plan may have changed (caches in every process drop it). */
  planChanged: (userId: string) => void;
  log?: (message: string) => void;
}

export { EXTRA_VERSIONS_KIND } from './payment-kinds.ts';
import { EXTRA_VERSIONS_KIND } from './payment-kinds.ts';

const CATALOGUE_RETRY_MS = 30_000;

/** Stripe's answer to a line item naming a price it does not have (any more). */
function isMissingPrice(error: unknown): boolean {
  const raw = error as { type?: string; code?: string; param?: string } | null;
  return (
    raw?.type === 'StripeInvalidRequestError' &&
    raw.code === 'resource_missing' &&
    /^line_items\[\d+\]\[price\]$/.test(raw.param ?? '')
  );
}

/** Statuses Stripe gives a subscription whose invoice is not paid (yet). */
const UNPAID_STATUSES = ['past_due', 'unpaid', 'incomplete'] as const;

export function createBillingService(deps: BillingDeps): BillingService {
  const { db, config, publicUrl } = deps;
  const log = deps.log ?? console.error;
  const stripe = createStripeClient(config);
  const handlers = new Map<string, PaymentHandler>();
  const back = (path: string) => `${publicUrl}${path}`;

  // Found or made on first use (Stripe may be unreachable at start). A failure is remembered for
  // CATALOGUE_RETRY_MS, so pages asking for prices meanwhile do not each wait on Stripe again.
  let catalogue: Promise<PremiumCatalogue> | undefined;
  function loadCatalogue(): Promise<PremiumCatalogue> {
    catalogue ??= loadPremiumCatalogue(stripe, db, config).catch((error: unknown) => {
      log(`billing: Stripe's catalogue could not be loaded: ${String(error)}`);
      setTimeout(() => (catalogue = undefined), CATALOGUE_RETRY_MS).unref();
      throw error;
    });
    return catalogue;
  }

  async function applyEvent(
    event: Stripe.Event,
    tx: Database,
    changed: Set<string>,
    prefetched: Map<string, Stripe.Subscription>,
  ): Promise<void> {
    switch (event.type) {
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
      case 'customer.subscription.paused':
      case 'customer.subscription.resumed': {
        const outcome = await storeSubscription(tx, event.data.object, event.created);
        if (outcome.kind === 'stored') changed.add(outcome.userId);
        if (outcome.kind === 'unknown-user') log(`billing: ${event.id} names no Kiln user; ignored`);
        return;
      }
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded':
        await completeCheckout(event.data.object, event.created, tx, changed, prefetched);
        return;
      default:
        return;
    }
  }

  async function completeCheckout(
    session: Stripe.Checkout.Session,
    created: number,
    tx: Database,
    changed: Set<string>,
    prefetched: Map<string, Stripe.Subscription>,
  ) {
    const userId = session.metadata?.user_id ?? session.client_reference_id;
    if (!userId) return;
    if (session.mode === 'subscription') {
      // The subscription's own events carry its state; this one makes sure it is there at once.
      const subscription = prefetched.get(subscriptionIdOf(session) ?? '');
      if (!subscription) return;
      const outcome = await storeSubscription(tx, subscription, created);
      if (outcome.kind === 'stored') changed.add(outcome.userId);
      return;
    }
    if (session.payment_status !== 'paid' && session.payment_status !== 'no_payment_required') return;
    const kind = session.metadata?.kind ?? '';
    const quantity = Number(session.metadata?.quantity ?? '1');
    const payment: CompletedPayment = {
      checkoutSessionId: session.id,
      userId,
      kind,
      quantity: Number.isInteger(quantity) && quantity > 0 ? quantity : 1,
      amountCents: session.amount_total ?? 0,
      currency: session.currency ?? 'usd',
      metadata: { ...(session.metadata ?? {}) },
    };
    const [recorded] = await tx
      .insert(billingPayments)
      .values({
        checkoutSessionId: payment.checkoutSessionId,
        userId,
        kind,
        quantity: payment.quantity,
        amountCents: payment.amountCents,
        currency: payment.currency,
      })
      .onConflictDoNothing()
      .returning({ id: billingPayments.checkoutSessionId });
    if (!recorded) return; // given already (another event of the same session)
    const handler = handlers.get(kind);
    if (!handler) {
      log(`billing: no handler for a paid '${kind}' checkout ${session.id}`);
      return;
    }
    await handler(payment, tx);
  }

  /** A completed subscription Checkout names its subscription: fetched so premium starts at once. */
  async function prefetch(event: Stripe.Event): Promise<Map<string, Stripe.Subscription>> {
    const found = new Map<string, Stripe.Subscription>();
    if (event.type !== 'checkout.session.completed' || event.data.object.mode !== 'subscription')
      return found;
    const id = subscriptionIdOf(event.data.object);
    if (id) found.set(id, await stripe.subscriptions.retrieve(id));
    return found;
  }

  handlers.set(EXTRA_VERSIONS_KIND, async (payment, tx) => {
    await addVersionCredits(tx, payment.userId, payment.quantity);
  });

  return {
    catalogue: loadCatalogue,

    async startSubscriptionCheckout(user, interval) {
      // A subscription that is not paid yet is fixed in the portal, not doubled by a second one.
      const [unpaid] = await db
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(and(eq(subscriptions.userId, user.id), inArray(subscriptions.status, [...UNPAID_STATUSES])))
        .limit(1);
      if (unpaid) {
        throw new ServiceError(
          409,
          'subscription-needs-attention',
          'Your subscription has an unpaid invoice. Open Manage subscription on your account to update your payment method.',
        );
      }
      const customer = await customerFor(stripe, db, user);
      const checkout = async () =>
        stripe.checkout.sessions.create({
          mode: 'subscription',
          customer,
          client_reference_id: user.id,
          line_items: [{ price: (await loadCatalogue())[interval].id, quantity: 1 }],
          metadata: { kind: 'subscription', user_id: user.id },
          subscription_data: { metadata: { user_id: user.id } },
          success_url: back('/account?checkout=subscription'),
          cancel_url: back('/pricing?checkout=canceled'),
        });
      try {
        return { url: requireUrl(await checkout()) };
      } catch (error) {
        // The price Kiln found at its first checkout was deleted in Stripe since (or the account
        // changed): find or make the catalogue again, once, instead of failing until a restart.
        if (!isMissingPrice(error)) throw error;
        log(`billing: ${String(error)}; loading Stripe's catalogue again`);
        catalogue = undefined;
        return { url: requireUrl(await checkout()) };
      }
    },

    async startPaymentCheckout(checkout) {
      const customer = await customerFor(stripe, db, checkout.user);
      const session = await stripe.checkout.sessions.create({
        mode: 'payment',
        customer,
        client_reference_id: checkout.user.id,
        line_items: [
          {
            price_data: {
              currency: 'usd',
              unit_amount: checkout.unitAmountCents,
              product_data: { name: checkout.name },
            },
            quantity: checkout.quantity,
          },
        ],
        metadata: {
          ...checkout.metadata,
          kind: checkout.kind,
          user_id: checkout.user.id,
          quantity: String(checkout.quantity),
        },
        success_url: back(checkout.successPath),
        cancel_url: back(checkout.cancelPath),
      });
      return { url: requireUrl(session) };
    },

    async openPortal(userId) {
      const customer = await findCustomer(db, userId);
      if (!customer) {
        throw new ServiceError(409, 'no-billing-account', 'You have no subscription to manage yet.');
      }
      const session = await stripe.billingPortal.sessions.create({ customer, return_url: back('/account') });
      return { url: session.url };
    },

    async handleWebhook(rawBody, signature) {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? '', config.webhookSecret);
      } catch {
        throw new ServiceError(400, 'invalid-signature', 'The webhook signature is not valid.');
      }
      // One transaction: the event id is stored with what it changed, so a failure leaves it
      // unstored (Stripe retries) and a redelivery finds it and changes nothing.
      const changed = new Set<string>();
      // Stripe is asked before the transaction opens: no lock is held while it answers.
      const prefetched = await prefetch(event);
      const outcome = await db.transaction(async (tx) => {
        const [fresh] = await tx
          .insert(billingEvents)
          .values({ id: event.id, type: event.type, createdAt: new Date(event.created * 1000) })
          .onConflictDoNothing()
          .returning({ id: billingEvents.id });
        if (!fresh) return { duplicate: true };
        await applyEvent(event, tx, changed, prefetched);
        return { duplicate: false };
      });
      // After the commit: a process that drops its cache now reads the new plan.
      for (const userId of changed) deps.planChanged(userId);
      return outcome;
    },

    onPaymentCompleted(kind, handler) {
      handlers.set(kind, handler);
    },
  };
}

function subscriptionIdOf(session: Stripe.Checkout.Session): string | undefined {
  return typeof session.subscription === 'string' ? session.subscription : session.subscription?.id;
}

function requireUrl(session: Stripe.Checkout.Session): string {
  if (!session.url) throw new Error('Stripe returned a Checkout session without a URL');
  return session.url;
}
