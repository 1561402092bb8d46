import { and, count, eq, gt, gte, sql } from 'drizzle-orm';
import {
  describeQuota,
  freeQuotaWindow,
  paidQuotaWindow,
  type QuotaStatus,
} from '../../core/display/index.ts';
import type { Plan } from '../../core/plans/index.ts';
import { findActiveSubscription } from '../billing/subscriptions.ts';
import type { Database } from '../db/client.ts';
import { messages, versionCredits } from '../db/schema/index.ts';
import { ServiceError } from '../http/errors.ts';

export interface QuotaReport extends QuotaStatus {
  credits: number;
}

/** Versions the user created in the current window (spec §8/§9), and extra credits left. */
export async function readQuota(
  db: Database,
  userId: string,
  plan: Plan,
  now = new Date(),
): Promise<QuotaReport> {
  const subscription = plan.id === 'premium' ? await findActiveSubscription(db, userId, now) : null;
  const window = subscription ? paidQuotaWindow(subscription.currentPeriodStart) : freeQuotaWindow(now);
  const [used] = await db
    .select({ total: count() })
    .from(messages)
    .where(and(eq(messages.userId, userId), gte(messages.createdAt, window.start)));
  const [credit] = await db
    .select({ balance: versionCredits.balance })
    .from(versionCredits)
    .where(eq(versionCredits.userId, userId));
  const status = describeQuota({
    plan,
    now,
    currentPeriodStart: subscription?.currentPeriodStart ?? null,
    messagesUsed: used?.total ?? 0,
  });
  return { ...status, credits: credit?.balance ?? 0 };
}

/**
 * Lets one more version through, or throws 'limit-exceeded' with what the dialogs need.
 * Past the plan's limit, one extra purchased version is used (atomically).
 */
export async function consumeVersionQuota(db: Database, userId: string, plan: Plan): Promise<void> {
  const quota = await readQuota(db, userId, plan);
  if (!quota.isExceeded) return;
  const [spent] = await db
    .update(versionCredits)
    .set({ balance: sql`${versionCredits.balance} - 1`, updatedAt: new Date() })
    .where(and(eq(versionCredits.userId, userId), gt(versionCredits.balance, 0)))
    .returning({ balance: versionCredits.balance });
  if (spent) return;
  const paid = plan.id !== 'free';
  throw new ServiceError(
    429,
    'limit-exceeded',
    paid ? 'You have reached the limit of your plan' : 'Monthly message limit reached',
    {
      plan: paid ? 'paid' : 'free',
      limit: quota.versionLimit,
      resetsAt: quota.resetsAt.toISOString(),
      credits: 0,
    },
  );
}

/** Adds extra versions (bought at $1 each; granted by the admin command for now). */
export async function addVersionCredits(db: Database, userId: string, amount: number): Promise<number> {
  const [row] = await db
    .insert(versionCredits)
    .values({ userId, balance: amount })
    .onConflictDoUpdate({
      target: versionCredits.userId,
      set: { balance: sql`${versionCredits.balance} + ${amount}`, updatedAt: new Date() },
    })
    .returning({ balance: versionCredits.balance });
  return row?.balance ?? amount;
}
