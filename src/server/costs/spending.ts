import { and, eq, gte, lt, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { budgetMonth, checkMonthlyBudget, type UsageTotal } from '../../core/costs/index.ts';
import type { Database } from '../db/client.ts';
import { messages } from '../db/schema/index.ts';
import { ServiceError } from '../http/errors.ts';

/** A user's answers this calendar month (UTC): tokens and dollars (issue 17 item 3). */
export async function monthUsage(db: Database, userId: string, now: Date): Promise<UsageTotal> {
  const { start, end } = budgetMonth(now);
  const [row] = await db
    .select({
      inputTokens: sql<number>`coalesce(sum(${messages.inputTokens}), 0)`.mapWith(Number),
      outputTokens: sql<number>`coalesce(sum(${messages.outputTokens}), 0)`.mapWith(Number),
      cachedInputTokens: sql<number>`coalesce(sum(${messages.cachedInputTokens}), 0)`.mapWith(Number),
      costUsd: sql<number>`coalesce(sum(${messages.costUsd}), 0)`.mapWith(Number),
      priced: sql<number>`count(${messages.costUsd})`.mapWith(Number),
    })
    .from(messages)
    .where(
      and(
        eq(messages.userId, userId),
        eq(messages.role, 'assistant'),
        gte(messages.createdAt, start),
        lt(messages.createdAt, end),
      ),
    );
  return {
    inputTokens: row?.inputTokens ?? 0,
    outputTokens: row?.outputTokens ?? 0,
    cachedInputTokens: row?.cachedInputTokens ?? 0,
    costUsd: row?.costUsd ?? 0,
    isPriced: (row?.priced ?? 0) > 0,
  };
}

/**
 * A user's dollars in a budget month (`budgetMonth`, as ISO timestamps), as a scalar subquery:
 * generation reads it in the same round trip as its other checks (generation/start-state.ts).
 * The values may be placeholders of a prepared statement.
 */
export function monthCostOf(
  userId: Placeholder | string,
  month: { start: Placeholder | string; end: Placeholder | string },
): SQL<number> {
  return sql<number>`(select coalesce(sum(${messages.costUsd}), 0) from ${messages}
    where ${messages.userId} = ${userId} and ${messages.role} = 'assistant'
    and ${messages.createdAt} >= ${month.start}::timestamptz
    and ${messages.createdAt} < ${month.end}::timestamptz)`.mapWith(Number);
}

/**
 * Refuses a generation once the user's spending this month (`spentUsd`, read by the caller)
 * reached their plan's budget (KILN_MONTHLY_BUDGET_USD): 429 `monthly-budget-reached` with the
 * title, the message and when the month resets. Plans without a budget are never refused.
 */
export function requireBudgetLeft(input: {
  budgetUsd: number | undefined;
  spentUsd: number;
  now: Date;
}): void {
  const { budgetUsd, spentUsd, now } = input;
  const refusal = checkMonthlyBudget({ budgetUsd, spentUsd, now });
  if (!refusal || budgetUsd === undefined) return;
  throw new ServiceError(429, refusal.code, refusal.message, {
    title: refusal.title,
    budgetUsd,
    spentUsd,
    resetsAt: refusal.resetsAt.toISOString(),
  });
}
