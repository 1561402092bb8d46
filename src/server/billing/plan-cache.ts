import type { Database } from '../db/client.ts';
import { TtlCache } from '../lib/ttl-cache.ts';
import { planOf, type PlanOfUser } from './active-subscription.ts';

/**
 * How long a user's plan is remembered by a process. Every API request needs the plan (limits,
 * quota window); reading it costs a three-table query. A grant or revoke in this process is seen
 * at once; one made by another process (the CLI against PostgreSQL) within this time, like a
 * subscription that ends.
 */
export const PLAN_CACHE_MS = 10_000;

const caches = new WeakMap<Database, TtlCache<string, PlanOfUser>>();

function cacheOf(db: Database): TtlCache<string, PlanOfUser> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new TtlCache(PLAN_CACHE_MS);
    caches.set(db, cache);
  }
  return cache;
}

/** `planOf`, remembered per user for PLAN_CACHE_MS. */
export async function cachedPlanOf(
  db: Database,
  userId: string | null,
  now = Date.now(),
): Promise<PlanOfUser> {
  if (userId === null) return planOf(db, null);
  const cache = cacheOf(db);
  const cached = cache.get(userId, now);
  if (cached !== undefined) return cached;
  const value = await planOf(db, userId);
  cache.set(userId, value, now);
  return value;
}

/** Drops what this process remembers of a user's plan (after a grant or a revoke). */
export function forgetPlan(db: Database, userId: string): void {
  caches.get(db)?.delete(userId);
}
