import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { Services } from '../http/context.ts';
import type { AppEnv } from '../http/viewer.ts';
import { JobQueue } from '../jobs/queue.ts';
import { TimeoutError, within } from './within.ts';

/** A readiness check waits this long for the database or the blob store before calling it down. */
const CHECK_TIMEOUT_MS = 3000;

type Check = { ok: true } | { ok: false; reason: string };

/** What a check's failure may say: a short reason, never the error's text (it may name hosts or keys). */
async function check(work: () => Promise<unknown>): Promise<Check> {
  try {
    await within(work(), CHECK_TIMEOUT_MS);
    return { ok: true };
  } catch (error) {
    return { ok: false, reason: error instanceof TimeoutError ? 'timeout' : 'unavailable' };
  }
}

/**
 * GET /api/health is liveness: the process answers (no database, nothing slow), so an orchestrator
 * restarts only a process that is stuck. It names the database kind and the version.
 */
export function healthRoutes(services: Services) {
  return new Hono<AppEnv>().get('/', (c) =>
    c.json({ ok: true, database: services.databaseKind, version: services.version }),
  );
}

/**
 * GET /api/ready is readiness: whether this process can serve now — the database answers a
 * `select 1` and the blob store its cheap check, each within 3 s — with the shared job queue's
 * depth by kind. 503 with the failed check when not, so a load balancer sends traffic elsewhere.
 */
export function readyRoutes(services: Services) {
  const queue = new JobQueue(services.db);
  return new Hono<AppEnv>().get('/', async (c) => {
    const [database, blobs] = await Promise.all([
      check(() => services.db.execute(sql`select 1`)),
      check(async () => services.blobs.check?.()),
    ]);
    const depth = database.ok ? await within(queue.depth(), CHECK_TIMEOUT_MS).catch(() => null) : null;
    const checks = { database, blobs };
    const ready = database.ok && blobs.ok;
    c.header('Cache-Control', 'no-store');
    return c.json(
      { status: ready ? 'ready' : 'unready', checks, queue: depth ? { queued: depth } : null },
      ready ? 200 : 503,
    );
  });
}
