import { Hono } from 'hono';
import { findActiveSubscription } from '../billing/active-subscription.ts';
import { readQuota } from '../generation/quota.ts';
import type { Services } from '../http/context.ts';
import type { AppEnv } from '../http/viewer.ts';
import { apiError } from '../http/errors.ts';
import { findPublicProfile } from './profiles.ts';

export function userRoutes(services: Services) {
  return new Hono<AppEnv>().get('/:id', async (c) => {
    const profile = await findPublicProfile(services.db, c.req.param('id'));
    if (!profile) return apiError(c, 404, 'not-found', 'User not found');
    return c.json(profile);
  });
}

/** The signed-in person, their plan and quota: the web reads limits from here, never hard-codes them. */
export function meRoutes(services: Services) {
  return new Hono<AppEnv>().get('/', async (c) => {
    const { user, plan, isPremium, periodStart } = c.var.viewer;
    const [quota, subscription] = user
      ? await Promise.all([
          readQuota(services.db, { userId: user.id, plan, periodStart }),
          findActiveSubscription(services.db, user.id),
        ])
      : [null, null];
    return c.json({
      user: user
        ? {
            id: user.id,
            fullName: user.name,
            email: user.email,
            avatarUrl: user.image ?? null,
            isAdmin: user.isAdmin === true,
          }
        : null,
      plan,
      isPremium,
      quota: quota && {
        versionLimit: quota.versionLimit,
        versionsUsed: quota.versionsUsed,
        versionsRemaining: quota.versionsRemaining,
        resetsAt: quota.resetsAt.toISOString(),
        credits: quota.credits,
      },
      subscription: subscription && {
        status: subscription.status,
        interval:
          subscription.interval === 'month' || subscription.interval === 'year'
            ? subscription.interval
            : null,
        productName: subscription.productName,
        currentPeriodStart: subscription.currentPeriodStart.toISOString(),
        currentPeriodEnd: subscription.currentPeriodEnd?.toISOString() ?? null,
        cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
        source: subscription.source,
      },
    });
  });
}
