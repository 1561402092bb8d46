import { and, desc, eq, gt, inArray, isNotNull, isNull, or } from 'drizzle-orm';
import { RENEWAL_GRACE_MS } from '../../core/billing/index.ts';
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
  cancelAtPeriodEnd: boolean;
  /** 'stripe' when Stripe's webhooks keep it; 'admin' for a grant made with the admin CLI. */
  source: 'stripe' | 'admin';
}

/**
 * The user's premium subscription (spec §7: status in [trialing, active]), if any. A grant with
 * an end date (`kiln plan grant --days N`) stops counting once that date has passed, like a Stripe
 * subscription set to cancel at its period end; one that renews keeps counting a little past it,
 * until the renewal's webhook comes (RENEWAL_GRACE_MS).
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
      cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
      sourceUpdatedAt: subscriptions.sourceUpdatedAt,
    })
    .from(subscriptions)
    .leftJoin(prices, eq(prices.id, subscriptions.priceId))
    .leftJoin(products, eq(products.id, prices.productId))
    .where(
      and(
        eq(subscriptions.userId, userId),
        inArray(subscriptions.status, [...PREMIUM_STATUSES]),
        or(
          isNull(subscriptions.currentPeriodEnd),
          gt(subscriptions.currentPeriodEnd, now),
          and(
            isNotNull(subscriptions.sourceUpdatedAt),
            eq(subscriptions.cancelAtPeriodEnd, false),
            gt(subscriptions.currentPeriodEnd, new Date(now.getTime() - RENEWAL_GRACE_MS)),
          ),
        ),
      ),
    )
    .orderBy(desc(subscriptions.currentPeriodStart))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  const { sourceUpdatedAt, ...info } = row;
  return { ...info, source: sourceUpdatedAt === null ? 'admin' : 'stripe' };
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
