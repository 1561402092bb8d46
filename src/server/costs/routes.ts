import { Hono } from 'hono';
import { budgetMonth } from '../../core/costs/index.ts';
import type { Services } from '../http/context.ts';
import { apiError } from '../http/errors.ts';
import type { AppEnv } from '../http/viewer.ts';
import { monthUsage } from './spending.ts';

/** GET /api/me/usage: the signed-in user's tokens and dollars this month, and their plan's budget. */
export function usageRoutes(services: Services) {
  return new Hono<AppEnv>().get('/', async (c) => {
    const { user, plan } = c.var.viewer;
    if (!user) return apiError(c, 401, 'unauthenticated', 'Please sign in to continue.');
    const now = new Date();
    const { start, end } = budgetMonth(now);
    const month = await monthUsage(services.db, user.id, now);
    return c.json({
      month: {
        start: start.toISOString(),
        end: end.toISOString(),
        ...month,
        budgetUsd: services.config.costs.monthlyBudgets[plan.id] ?? null,
      },
    });
  });
}
