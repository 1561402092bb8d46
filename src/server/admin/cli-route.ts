import { Hono } from 'hono';
import { z } from 'zod';
import { runCommand, UsageError } from '../cli/commands.ts';
import type { Services } from '../http/context.ts';
import { ServiceError } from '../http/errors.ts';
import { validate } from '../http/validate.ts';
import { isAdminCliKey } from './cli-key.ts';

/**
 * POST /api/admin-cli: the CLI's commands run by a running server (issue 35 item 9), for the
 * embedded database that one process owns. No session opens it: the key derived from Kiln's
 * secret does (cli-key.ts), and the command keeps the CLI's rules and audit trail.
 */
export function adminCliRoutes(services: Services) {
  return new Hono().post(
    '/',
    async (c, next) => {
      const key = /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '')?.[1];
      if (!isAdminCliKey(services.adminCliKey, key)) {
        throw new ServiceError(401, 'unauthenticated', 'The administration key is missing or wrong.');
      }
      await next();
    },
    validate('json', z.object({ argv: z.array(z.string().max(10_000)).min(1).max(20) })),
    async (c) => {
      try {
        return c.json({ output: await runCommand({ services }, c.req.valid('json').argv) });
      } catch (error) {
        if (error instanceof UsageError) throw new ServiceError(400, 'usage', error.message);
        throw error;
      }
    },
  );
}
