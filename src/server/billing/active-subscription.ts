import { and, desc, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import { PREMIUM_STATUSES, planForStatus, type Plan } from '../../core/plans/index.ts';
import type { Database } from '../db/client.ts';
import { prices, products, subscriptions } from '../db/schema/index.ts';

export interface SubscriptionInfo {
  id: string;
  status: string;
  currentPeriodStart: Date;
  currentPeriodEnd: Date | null;
  interval: string | null;
  productName: string | null;
}

/**
 * The user's premium subscription (spec §7: status in [trialing, active]), if any. A grant with
 * an end date (`kiln plan grant --days N`) stops counting once that date has passed.
 */
export async function findActiveSubscription(
  db: Database,
  userId: string,
  now = new Date(),
): Promise<SubscriptionInfo | null> {
  const rows = await db
    .select({
      id: subscriptions.id,
      status: subscriptions.status,
      currentPeriodStart: subscriptions.currentPeriodStart,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
      interval: prices.interval,
      productName: products.name,
    })
    .from(subscriptions)
    .leftJoin(prices, eq(prices.id, subscriptions.priceId))
    .leftJoin(products, eq(products.id, prices.productId))
    .where(
      and(
        eq(subscriptions.userId, userId),
        inArray(subscriptions.status, [...PREMIUM_STATUSES]),
        or(isNull(subscriptions.currentPeriodEnd), gt(subscriptions.currentPeriodEnd, now)),
      ),
    )
    .orderBy(desc(subscriptions.currentPeriodStart))
    .limit(1);
  return rows[0] ?? null;
}

export interface PlanOfUser {
  plan: Plan;
  isPremium: boolean;
  /** current_period_start of the premium subscription: the paid quota window starts there. */
  periodStart: Date | null;
}

export async function planOf(db: Database, userId: string | null): Promise<PlanOfUser> {
  const subscription = userId ? await findActiveSubscription(db, userId) : null;
  const plan = planForStatus(subscription?.status);
  return { plan, isPremium: plan.id === 'premium', periodStart: subscription?.currentPeriodStart ?? null };
}
