import { Hono } from 'hono';
import { z } from 'zod';
import { requireUser } from '../chats/access.ts';
import type { AppEnv } from '../http/viewer.ts';
import { validate } from '../http/validate.ts';
import type { CustomDomainService } from './custom-domains.ts';

/** The custom-domain server actions of spec §7 as HTTP routes (docs/api.md). */
export function customDomainRoutes(domains: CustomDomainService) {
  return new Hono<AppEnv>()
    .get('/custom-domains/availability', async (c) => {
      requireUser(c.var.viewer);
      return c.json(await domains.availability(c.req.query('domain') ?? ''));
    })
    .get('/chats/:id/custom-domain', async (c) =>
      c.json({ customDomain: await domains.get(c.var.viewer, c.req.param('id')) }),
    )
    .post(
      '/chats/:id/custom-domain',
      validate('json', z.object({ domain: z.string().max(300) })),
      async (c) =>
        c.json(await domains.add(c.var.viewer, c.req.param('id'), c.req.valid('json').domain), 201),
    )
    .post('/custom-domains/:id/verify', async (c) =>
      c.json(await domains.verify(c.var.viewer, c.req.param('id'))),
    )
    .post('/custom-domains/:id/ssl-status', async (c) =>
      c.json(await domains.refreshSsl(c.var.viewer, c.req.param('id'))),
    )
    .delete('/custom-domains/:id', async (c) =>
      c.json(await domains.remove(c.var.viewer, c.req.param('id'))),
    );
}
