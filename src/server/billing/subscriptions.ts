import { and, desc, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import { PREMIUM_STATUSES, planForStatus, type Plan } from '../../core/plans/index.ts';
import type { Database } from '../db/client.ts';
import { prices, products, subscriptions } from '../db/schema/index.ts';
import { forgetPlan } from './plan-cache.ts';

const SELF_HOSTED_PRODUCT = { id: 'kiln-premium', name: 'Kiln Premium' };
const SELF_HOSTED_PRICE = { id: 'kiln-premium-monthly', interval: 'month', unitAmount: 0 };

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
