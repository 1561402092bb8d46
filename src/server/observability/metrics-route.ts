import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import type { Database } from '../db/client.ts';
import { within } from '../health/within.ts';
import { JobQueue } from '../jobs/queue.ts';
import { jobQueueDepth, registry } from './metrics.ts';

/** Same-length digests, so the comparison takes the same time whatever the guess. */
const digest = (value: string) => createHash('sha256').update(value).digest();

export function isMetricsToken(header: string | undefined, token: string): boolean {
  const given = /^Bearer (.+)$/.exec(header ?? '')?.[1] ?? '';
  return timingSafeEqual(digest(given), digest(token));
}

/**
 * GET /metrics, Prometheus' text format, for a scraper holding KILN_METRICS_TOKEN (Authorization:
 * Bearer). Without the setting it answers 404, as if there were no such page: nothing leaks by
 * default. Each process answers with its own numbers (docs/api.md, Operations).
 */
export function metricsRoutes(deps: { db: Database; token: string | undefined }) {
  const queue = new JobQueue(deps.db);
  return new Hono().get('/', async (c) => {
    if (!deps.token) return c.text('Not found', 404);
    if (!isMetricsToken(c.req.header('authorization'), deps.token)) {
      c.header('WWW-Authenticate', 'Bearer');
      return c.text('Unauthorized', 401);
    }
    // The queue is the database's: read at scrape time (the database away leaves the last values).
    const depth = await within(queue.depth(), 3000).catch(() => null);
    if (depth) {
      jobQueueDepth.reset();
      for (const [kind, count] of Object.entries(depth)) jobQueueDepth.set({ kind }, count);
    }
    c.header('Content-Type', registry.contentType);
    c.header('Cache-Control', 'no-store');
    return c.body(await registry.metrics());
  });
}
