import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { validateInstructions } from '../../core/instructions/index.ts';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { apiError, ServiceError } from '../http/errors.ts';
import { validate } from '../http/validate.ts';
import type { AppEnv } from '../http/viewer.ts';

/** A user's default instructions for new chats (issue 17 item 4); '' when none. */
export async function readDefaultInstructions(db: Database, userId: string): Promise<string> {
  const [row] = await db
    .select({ text: users.defaultInstructions })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.text ?? '';
}

/**
 * GET and PUT /api/me/instructions: the signed-in user's default instructions, copied into the
 * KILN.md of each new chat's first version (docs/decisions/0045).
 */
export function defaultInstructionsRoutes(services: { db: Database }) {
  return new Hono<AppEnv>()
    .get('/', async (c) => {
      const { user } = c.var.viewer;
      if (!user) return apiError(c, 401, 'unauthenticated', 'Please sign in to continue.');
      return c.json({ instructions: await readDefaultInstructions(services.db, user.id) });
    })
    .put('/', validate('json', z.object({ instructions: z.string() })), async (c) => {
      const { user } = c.var.viewer;
      if (!user) return apiError(c, 401, 'unauthenticated', 'Please sign in to continue.');
      const checked = validateInstructions(c.req.valid('json').instructions);
      if (!checked.ok) throw ServiceError.fromUserError(checked.error);
      await services.db
        .update(users)
        .set({ defaultInstructions: checked.value === '' ? null : checked.value, updatedAt: new Date() })
        .where(eq(users.id, user.id));
      return c.json({ instructions: checked.value });
    });
}
