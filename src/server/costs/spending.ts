import { and, eq, gte, lt, sql } from 'drizzle-orm';
import {
  budgetMonth,
  checkMonthlyBudget,
  type MonthlyBudgets,
  type UsageTotal,
} from '../../core/costs/index.ts';
import type { Plan } from '../../core/plans/index.ts';
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
 * Refuses a generation once the user's spending this month reached their plan's budget
 * (KILN_MONTHLY_BUDGET_USD): 429 `monthly-budget-reached` with the title, the message and when
 * the month resets. Plans without a budget are not checked (no query).
 */
export async function requireBudgetLeft(
  db: Database,
  input: { userId: string; plan: Plan; budgets: MonthlyBudgets; now: Date },
): Promise<void> {
  const budgetUsd = input.budgets[input.plan.id];
  if (budgetUsd === undefined) return;
  const spent = await monthUsage(db, input.userId, input.now);
  const refusal = checkMonthlyBudget({ budgetUsd, spentUsd: spent.costUsd, now: input.now });
  if (!refusal) return;
  throw new ServiceError(429, refusal.code, refusal.message, {
    title: refusal.title,
    budgetUsd,
    spentUsd: spent.costUsd,
    resetsAt: refusal.resetsAt.toISOString(),
  });
}
