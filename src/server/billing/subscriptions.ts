import { and, eq, inArray } from 'drizzle-orm';
import { PREMIUM_STATUSES } from '../../core/plans/index.ts';
import type { Database } from '../db/client.ts';
import { prices, products, subscriptions } from '../db/schema/index.ts';
import { findActiveSubscription, type SubscriptionInfo } from './active-subscription.ts';
import { forgetPlan } from './plan-cache.ts';

const SELF_HOSTED_PRODUCT = { id: 'kiln-premium', name: 'Kiln Premium' };
const SELF_HOSTED_PRICE = { id: 'kiln-premium-monthly', interval: 'month', unitAmount: 0 };

/** Lets a self-hoster give premium without a payment provider (`kiln plan grant`). */
export async function grantPremium(
  db: Database,
  userId: string,
  options: { days?: number; now?: Date } = {},
): Promise<SubscriptionInfo> {
  const now = options.now ?? new Date();
  await db.insert(products).values(SELF_HOSTED_PRODUCT).onConflictDoNothing();
  await db
    .insert(prices)
    .values({ ...SELF_HOSTED_PRICE, productId: SELF_HOSTED_PRODUCT.id })
    .onConflictDoNothing();
  await revokePremium(db, userId);
  const end = options.days ? new Date(now.getTime() + options.days * 86_400_000) : null;
  await db.insert(subscriptions).values({
    id: crypto.randomUUID(),
    userId,
    status: 'active',
    priceId: SELF_HOSTED_PRICE.id,
    currentPeriodStart: now,
    currentPeriodEnd: end,
  });
  forgetPlan(db, userId);
  const granted = await findActiveSubscription(db, userId, now);
  if (!granted) throw new Error('The subscription was not recorded');
  return granted;
}

/** Ends every premium subscription of the user; returns how many were ended. */
export async function revokePremium(db: Database, userId: string): Promise<number> {
  const ended = await db
    .update(subscriptions)
    .set({ status: 'canceled', updatedAt: new Date() })
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, [...PREMIUM_STATUSES])))
    .returning({ id: subscriptions.id });
  forgetPlan(db, userId);
  return ended.length;
}
