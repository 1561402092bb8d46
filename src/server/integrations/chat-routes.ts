import { Hono } from 'hono';
import { z } from 'zod';
import { INTEGRATION_TYPE_IDS } from '../../core/integrations/index.ts';
import { validate } from '../http/validate.ts';
import type { AppEnv } from '../http/viewer.ts';
import type { ChatIntegrationService } from './chat-integrations.ts';

const type = z.object({ id: z.string(), type: z.enum(INTEGRATION_TYPE_IDS) });

/** A chat's integrations (docs/api.md "Integrations"): the owner, premium, enables one per type. */
export function chatIntegrationRoutes(chatIntegrations: ChatIntegrationService) {
  return new Hono<AppEnv>()
    .get('/chats/:id/integrations', async (c) =>
      c.json(await chatIntegrations.list(c.var.viewer, c.req.param('id'))),
    )
    .put(
      '/chats/:id/integrations/:type',
      validate('param', type),
      validate('json', z.object({ integrationId: z.string().min(1).max(100) })),
      async (c) => {
        const { id, type } = c.req.valid('param');
        return c.json(
          await chatIntegrations.enable(c.var.viewer, id, type, c.req.valid('json').integrationId),
        );
      },
    )
    .delete('/chats/:id/integrations/:type', validate('param', type), async (c) => {
      const { id, type } = c.req.valid('param');
      return c.json(await chatIntegrations.disable(c.var.viewer, id, type));
    });
}
