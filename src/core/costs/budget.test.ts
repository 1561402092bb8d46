import { describe, expect, it } from 'vitest';
import { budgetMonth, checkMonthlyBudget, formatUsd, parseMonthlyBudgets } from './budget.ts';

describe('monthly budgets per plan', () => {
  it('parses dollars per plan and refuses anything else', () => {
    expect(parseMonthlyBudgets('{"free":1,"premium":50}')).toEqual({
      ok: true,
      budgets: { free: 1, premium: 50 },
    });
    expect(parseMonthlyBudgets(undefined)).toEqual({ ok: true, budgets: {} });
    expect(parseMonthlyBudgets('{"gold":1}').ok).toBe(false);
    expect(parseMonthlyBudgets('{"free":-1}').ok).toBe(false);
    expect(parseMonthlyBudgets('{"free":"1"}').ok).toBe(false);
    expect(parseMonthlyBudgets('1').ok).toBe(false);
  });

  it('counts the calendar month in UTC', () => {
    const { start, end } = budgetMonth(new Date('2026-12-31T23:59:00Z'));
    expect(start.toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(end.toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });

  it('refuses once the spending reached the budget, with when it resets', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    expect(checkMonthlyBudget({ budgetUsd: undefined, spentUsd: 1000, now })).toBeNull();
    expect(checkMonthlyBudget({ budgetUsd: 1, spentUsd: 0.999, now })).toBeNull();
    const refusal = checkMonthlyBudget({ budgetUsd: 1, spentUsd: 1, now });
    expect(refusal).toMatchObject({
      code: 'monthly-budget-reached',
      title: 'Monthly budget reached',
      message:
        "This month's AI budget of $1.00 has been spent. New versions can be generated again on December 1, 2026.",
    });
    expect(refusal?.resetsAt.toISOString()).toBe('2026-12-01T00:00:00.000Z');
    // A zero budget turns generations off for the plan.
    expect(checkMonthlyBudget({ budgetUsd: 0, spentUsd: 0, now })).not.toBeNull();
  });

  it('formats dollars to the cent, or the tenth of a cent below one cent', () => {
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(0.0042)).toBe('$0.004');
    expect(formatUsd(12.345)).toBe('$12.35');
  });
});
