import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../http/viewer.ts';
import { validate } from '../http/validate.ts';
import type { createMigrationRunner } from './run-migration.ts';

/** Spec §7: `POST /api/integrations/run-migration` `{chatId, sql, migrationName, messageId}`. */
export function migrationRoutes(runMigration: ReturnType<typeof createMigrationRunner>) {
  return new Hono<AppEnv>().post(
    '/integrations/run-migration',
    validate(
      'json',
      z.object({
        chatId: z.string().max(200).nullish(),
        sql: z.string().max(1_000_000).nullish(),
        migrationName: z.string().min(1).max(500),
        messageId: z.string().min(1).max(200),
      }),
    ),
    async (c) => c.json(await runMigration(c.var.viewer, c.req.valid('json'))),
  );
}
