import { eq, isNull, lte, or } from 'drizzle-orm';
import {
  customerIdOf,
  isStaleEvent,
  subscriptionFields,
  type StripeSubscriptionLike,
} from '../../../core/billing/index.ts';
import type { Database } from '../../db/client.ts';
import { prices, products, subscriptions } from '../../db/schema/index.ts';
import { userOfCustomer } from './customers.ts';

export type SyncOutcome = { kind: 'stored'; userId: string } | { kind: 'stale' } | { kind: 'unknown-user' };

/**
 * Stores Stripe's state of a subscription as of `eventCreated` (seconds): the row is what decides
 * premium (spec §6). An older state than the one stored is ignored (out-of-order delivery).
 */
export async function storeSubscription(
  db: Database,
  subscription: StripeSubscriptionLike,
  eventCreated: number,
): Promise<SyncOutcome> {
  const userId = subscription.metadata?.user_id || (await userOfCustomer(db, customerIdOf(subscription)));
  if (!userId) return { kind: 'unknown-user' };
  const [stored] = await db
    .select({ sourceUpdatedAt: subscriptions.sourceUpdatedAt })
    .from(subscriptions)
    .where(eq(subscriptions.id, subscription.id));
  if (stored && isStaleEvent(stored.sourceUpdatedAt, eventCreated)) return { kind: 'stale' };
  await mirrorItemPrice(db, subscription);
  const fields = subscriptionFields(subscription);
  const values = {
    userId,
    status: fields.status,
    priceId: fields.priceId,
    currentPeriodStart: fields.currentPeriodStart,
    currentPeriodEnd: fields.currentPeriodEnd,
    cancelAtPeriodEnd: fields.cancelAtPeriodEnd,
    sourceUpdatedAt: new Date(eventCreated * 1000),
    updatedAt: new Date(),
  };
  // Two deliveries at once both pass the check above: the row is written only if what it holds
  // is not newer, decided under the row's lock (READ COMMITTED re-reads it after a wait).
  const written = await db
    .insert(subscriptions)
    .values({ id: fields.id, ...values })
    .onConflictDoUpdate({
      target: subscriptions.id,
      set: values,
      setWhere: or(
        isNull(subscriptions.sourceUpdatedAt),
        lte(subscriptions.sourceUpdatedAt, values.sourceUpdatedAt),
      ),
    })
    .returning({ id: subscriptions.id });
  if (written.length === 0) return { kind: 'stale' };
  return { kind: 'stored', userId };
}

/** A price changed in the portal may be one Kiln never listed: keep the reference valid. */
async function mirrorItemPrice(db: Database, subscription: StripeSubscriptionLike): Promise<void> {
  const price = subscription.items.data[0]?.price;
  if (!price) return;
  const productId = typeof price.product === 'string' ? price.product : price.product.id;
  await db.insert(products).values({ id: productId, name: 'Kiln Premium' }).onConflictDoNothing();
  const interval = price.recurring?.interval;
  await db
    .insert(prices)
    .values({
      id: price.id,
      productId,
      interval: interval === 'year' || interval === 'week' || interval === 'day' ? interval : 'month',
    })
    .onConflictDoNothing();
}
