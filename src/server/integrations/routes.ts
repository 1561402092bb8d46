import { Hono } from 'hono';
import { z } from 'zod';
import { INTEGRATION_TYPE_IDS } from '../../core/integrations/index.ts';
import { requireUser } from '../chats/access.ts';
import { validate } from '../http/validate.ts';
import type { AppEnv } from '../http/viewer.ts';
import type { IntegrationService } from './service.ts';

const credentials = z.record(z.string(), z.union([z.string().max(4000), z.number(), z.null()]));
const name = z.string().trim().max(100).optional();

/** The integration routes (docs/api.md "Integrations"): a signed-in person's own integrations. */
export function integrationRoutes(integrations: IntegrationService) {
  return new Hono<AppEnv>()
    .get('/integrations', async (c) =>
      c.json({ integrations: await integrations.list(requireUser(c.var.viewer).id) }),
    )
    .post(
      '/integrations',
      validate(
        'json',
        z.object({ name, type: z.enum(INTEGRATION_TYPE_IDS), provider: z.string().max(50), credentials }),
      ),
      async (c) => {
        const user = requireUser(c.var.viewer);
        return c.json(await integrations.create(user.id, c.req.valid('json')), 201);
      },
    )
    .patch(
      '/integrations/:id',
      validate('json', z.object({ name, credentials: credentials.optional() })),
      async (c) => {
        const user = requireUser(c.var.viewer);
        return c.json(await integrations.update(user.id, c.req.param('id'), c.req.valid('json')));
      },
    )
    .delete('/integrations/:id', async (c) =>
      c.json(await integrations.remove(requireUser(c.var.viewer).id, c.req.param('id'))),
    )
    .post('/integrations/:id/test', async (c) =>
      c.json(await integrations.test(requireUser(c.var.viewer).id, c.req.param('id'))),
    );
}
