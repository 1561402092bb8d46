import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import type { AppEnv } from '../http/viewer.ts';
import { ServiceError } from '../http/errors.ts';
import { validate } from '../http/validate.ts';
import { requireUser } from '../chats/access.ts';
import type { Database } from '../db/client.ts';
import { isActiveAdmin, type AdminService } from './service.ts';

export const ADMIN_ONLY = 'Only administrators can open this page.';

/** Signed in (401) and an administrator who can sign in, read afresh from the database (403). */
export function requireAdmin(db: Database) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const user = requireUser(c.var.viewer);
    if (!(await isActiveAdmin(db, user.id))) throw new ServiceError(403, 'forbidden', ADMIN_ONLY);
    await next();
  });
}

const change = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('plan'),
    plan: z.enum(['premium', 'free']),
    days: z.number().int().min(1).max(36_500).optional(),
  }),
  z.object({ kind: z.literal('role'), role: z.enum(['user', 'admin']) }),
  z.object({ kind: z.literal('disabled'), disabled: z.boolean() }),
]);

/** /api/admin: the admin page's reads and changes (docs/api.md "Administration"). */
export function adminRoutes(deps: { db: Database; admin: AdminService }) {
  const { admin } = deps;
  return new Hono<AppEnv>()
    .use('*', requireAdmin(deps.db))
    .get(
      '/users',
      validate(
        'query',
        z.object({ q: z.string().max(200).optional(), offset: z.coerce.number().int().min(0).optional() }),
      ),
      async (c) => {
        const { q, offset } = c.req.valid('query');
        return c.json(await admin.listUsers({ query: q, offset }));
      },
    )
    .post('/users/:id/changes', validate('json', change), async (c) => {
      const caller = { userId: requireUser(c.var.viewer).id, via: 'web' as const };
      return c.json({ user: await admin.change(caller, c.req.param('id'), c.req.valid('json')) });
    })
    .get('/system', async (c) => c.json(await admin.system()))
    .get('/audit', async (c) => c.json({ entries: await admin.audit() }));
}
