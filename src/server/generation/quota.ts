import { and, count, eq, gt, gte, sql } from 'drizzle-orm';
import { describeQuota, type QuotaStatus } from '../../core/display/index.ts';
import type { Plan } from '../../core/plans/index.ts';
import type { Database } from '../db/client.ts';
import { messages, versionCredits } from '../db/schema/index.ts';
import { ServiceError } from '../http/errors.ts';

export interface QuotaOwner {
  userId: string;
  plan: Plan;
  /** The premium subscription's current_period_start; null on the free plan. */
  periodStart: Date | null;
}

export interface QuotaReport extends QuotaStatus {
  credits: number;
}

/** Where the user's quota window starts (spec §8/§9: calendar month, or the paid period). */
export function quotaWindowStart(owner: QuotaOwner, now: Date): Date {
  return describeQuota({ plan: owner.plan, now, currentPeriodStart: owner.periodStart, messagesUsed: 0 })
    .start;
}

/**
 * A message the plan's quota counts: not one of Kiln's repair rounds (issue 33 item 4), which
 * the person did not ask for (their tokens and dollars still count, in the budget).
 */
export const COUNTS_AGAINST_QUOTA = sql`coalesce((${messages.autofix}->>'round')::int, 0) = 0`;

/** The window's usage (spec §8/§9): messages the user created since the window started. */
async function usage(db: Database, owner: QuotaOwner, now: Date): Promise<QuotaStatus> {
  const [used] = await db
    .select({ total: count() })
    .from(messages)
    .where(
      and(
        eq(messages.userId, owner.userId),
        gte(messages.createdAt, quotaWindowStart(owner, now)),
        COUNTS_AGAINST_QUOTA,
      ),
    );
  return quotaStatus(owner, now, used?.total ?? 0);
}

/** The window's status from its usage (`used` messages since `quotaWindowStart`). */
export function quotaStatus(owner: QuotaOwner, now: Date, messagesUsed: number): QuotaStatus {
  return describeQuota({ plan: owner.plan, now, currentPeriodStart: owner.periodStart, messagesUsed });
}

async function creditsOf(db: Database, userId: string): Promise<number> {
  const [credit] = await db
    .select({ balance: versionCredits.balance })
    .from(versionCredits)
    .where(eq(versionCredits.userId, userId));
  return credit?.balance ?? 0;
}

/** Versions used in the current window and the extra credits left (account page, /api/me). */
export async function readQuota(db: Database, owner: QuotaOwner, now = new Date()): Promise<QuotaReport> {
  const [status, credits] = await Promise.all([usage(db, owner, now), creditsOf(db, owner.userId)]);
  return { ...status, credits };
}

/** 429 'limit-exceeded' with what the dialogs need (the plan's limit, when it resets, no credits). */
export function limitExceeded(owner: QuotaOwner, status: QuotaStatus): ServiceError {
  const paid = owner.plan.id !== 'free';
  return new ServiceError(
    429,
    'limit-exceeded',
    paid ? 'You have reached the limit of your plan' : 'Monthly message limit reached',
    {
      plan: paid ? 'paid' : 'free',
      limit: status.versionLimit,
      resetsAt: status.resetsAt.toISOString(),
      credits: 0,
    },
  );
}

/**
 * Lets one more version through, or throws 'limit-exceeded' with what the dialogs need.
 * Past the plan's limit, one extra purchased version is used (atomically). `used`: the window's
 * usage when the caller already read it (counted since `quotaWindowStart`).
 */
export async function consumeVersionQuota(
  db: Database,
  owner: QuotaOwner,
  now = new Date(),
  used?: number,
): Promise<void> {
  const status = used === undefined ? await usage(db, owner, now) : quotaStatus(owner, now, used);
  if (!status.isExceeded) return;
  const [spent] = await db
    .update(versionCredits)
    .set({ balance: sql`${versionCredits.balance} - 1`, updatedAt: new Date() })
    .where(and(eq(versionCredits.userId, owner.userId), gt(versionCredits.balance, 0)))
    .returning({ balance: versionCredits.balance });
  if (spent) return;
  throw limitExceeded(owner, status);
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
