import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { Services } from '../http/context.ts';
import type { AppEnv } from '../http/viewer.ts';

export function healthRoutes(services: Services) {
  return new Hono<AppEnv>().get('/', async (c) => {
    try {
      await services.db.execute(sql`select 1`);
      return c.json({ ok: true, database: services.databaseKind, version: services.version });
    } catch (error) {
      return c.json(
        { ok: false, database: services.databaseKind, version: services.version, error: String(error) },
        503,
      );
    }
  });
}
