import { Hono } from 'hono';
import { z } from 'zod';
import type { Services } from '../http/context.ts';
import { validate } from '../http/validate.ts';
import type { AppEnv } from '../http/viewer.ts';
import { saveChatInstructions } from './instructions.ts';

/** PUT /api/chats/:id/instructions: the owner saves the chat's KILN.md as a new version. */
export function chatInstructionsRoutes(services: Services) {
  return new Hono<AppEnv>().put(
    '/:id/instructions',
    validate('json', z.object({ instructions: z.string() })),
    async (c) => {
      const saved = await saveChatInstructions(
        services,
        c.var.viewer,
        c.req.param('id'),
        c.req.valid('json').instructions,
      );
      return c.json(saved, saved.isNew ? 201 : 200);
    },
  );
}
