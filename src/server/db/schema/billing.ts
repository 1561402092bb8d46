import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/** Spec §3 "Subscription ... prices {interval, products}". */
export const products = pgTable('products', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description'),
  active: boolean('active').notNull().default(true),
});

export const prices = pgTable(
  'prices',
  {
    id: text('id').primaryKey(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    interval: text('interval').notNull(),
    unitAmount: integer('unit_amount').notNull().default(0),
    currency: text('currency').notNull().default('usd'),
    active: boolean('active').notNull().default(true),
    /** Stripe's lookup key of a price Kiln made in its catalogue (`kiln_premium_month`). */
    lookupKey: text('lookup_key'),
  },
  (t) => [check('prices_interval_check', sql`${t.interval} in ('day', 'week', 'month', 'year')`)],
);

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    priceId: text('price_id').references(() => prices.id, { onDelete: 'set null' }),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull().defaultNow(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /**
     * Stripe's own time of the state stored (the event's `created`): an older event delivered
     * late never overwrites a newer state. Null for a grant made with the admin CLI.
     */
    sourceUpdatedAt: timestamp('source_updated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // §7: subscriptions where status in [trialing, active] and user_id.
  (t) => [index('subscriptions_user_status_idx').on(t.userId, t.status)],
);

/** Extra versions bought at $1 each (spec §9), used after the plan's limit. */
export const versionCredits = pgTable('version_credits', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  balance: integer('balance').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The Stripe customer of a Kiln user (one each; made on the first checkout). */
export const billingCustomers = pgTable('billing_customers', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  stripeCustomerId: text('stripe_customer_id').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every Stripe webhook event handled, stored once by its id: a redelivery changes nothing. */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  /** Stripe's `created` of the event. */
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What a completed one-time Checkout paid for (extra versions, a marketplace component), once per
 * Checkout session: the credits or the copy are given exactly once however often Stripe retries.
 */
export const billingPayments = pgTable(
  'billing_payments',
  {
    checkoutSessionId: text('checkout_session_id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'extra_versions' | 'marketplace' */
    kind: text('kind').notNull(),
    quantity: integer('quantity').notNull().default(1),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('billing_payments_user_idx').on(t.userId)],
);
