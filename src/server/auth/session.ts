import { createMiddleware } from 'hono/factory';
import type { Services } from '../http/context.ts';
import type { AppEnv } from '../http/viewer.ts';
import { cachedPlanOf } from '../billing/plan-cache.ts';

/** Resolves the session cookie into `c.var.viewer` (user, plan) for the API routes. */
export function sessionMiddleware(services: Services) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const session = await services.sessions.get(c.req.raw.headers);
    // A disabled account's sessions are deleted when it is disabled; one still cached is refused.
    const user = session?.user && !session.user.disabledAt ? session.user : null;
    const { plan, isPremium, periodStart } = await cachedPlanOf(services.db, user?.id ?? null);
    c.set('viewer', {
      user: user
        ? {
            id: user.id,
            name: user.name,
            email: user.email,
            image: user.image,
            isAdmin: user.role === 'admin',
          }
        : null,
      plan,
      isPremium,
      periodStart,
    });
    await next();
  });
}
