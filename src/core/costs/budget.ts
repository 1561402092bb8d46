import type { UserError } from '../errors.ts';
import type { PlanId } from '../plans/index.ts';

/** KILN_MONTHLY_BUDGET_USD: dollars of model usage a user of each plan may spend per calendar month. */
export type MonthlyBudgets = Partial<Record<PlanId, number>>;

export type BudgetsParse = { ok: true; budgets: MonthlyBudgets } | { ok: false; message: string };

const PLAN_IDS: readonly PlanId[] = ['free', 'premium'];

/** `{"free": 1, "premium": 50}`; a plan left out has no budget. */
export function parseMonthlyBudgets(json: string | undefined): BudgetsParse {
  if (json === undefined || json.trim() === '') return { ok: true, budgets: {} };
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return { ok: false, message: 'not valid JSON' };
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { ok: false, message: 'a JSON object of dollars per plan, e.g. {"free":1,"premium":50}' };
  }
  const budgets: MonthlyBudgets = {};
  for (const [plan, dollars] of Object.entries(raw)) {
    if (!PLAN_IDS.includes(plan as PlanId)) {
      return { ok: false, message: `"${plan}" is not a plan (${PLAN_IDS.join(', ')})` };
    }
    if (typeof dollars !== 'number' || !Number.isFinite(dollars) || dollars < 0) {
      return { ok: false, message: `"${plan}": dollars ≥ 0` };
    }
    budgets[plan as PlanId] = dollars;
  }
  return { ok: true, budgets };
}

/** The calendar month (UTC) that budgets and the account's totals count. */
export function budgetMonth(now: Date): { start: Date; end: Date } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { start, end };
}

export const MONTHLY_BUDGET_REACHED_CODE = 'monthly-budget-reached';

/** Dollars as people read them: cents, or a tenth of a cent below one cent. */
export function formatUsd(dollars: number): string {
  if (dollars > 0 && dollars < 0.01) return `$${dollars.toFixed(3)}`;
  return `$${dollars.toFixed(2)}`;
}

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' });

/** The refusal once the month's spending reached the plan's budget; null while there is room. */
export function checkMonthlyBudget(input: {
  budgetUsd: number | undefined;
  spentUsd: number;
  now: Date;
}): (UserError & { resetsAt: Date }) | null {
  if (input.budgetUsd === undefined || input.spentUsd < input.budgetUsd) return null;
  const { end } = budgetMonth(input.now);
  return {
    code: MONTHLY_BUDGET_REACHED_CODE,
    title: 'Monthly budget reached',
    message: `This month's AI budget of ${formatUsd(input.budgetUsd)} has been spent. New versions can be generated again on ${dateFormat.format(end)}.`,
    resetsAt: end,
  };
}
