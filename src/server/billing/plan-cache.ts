import type { Database } from '../db/client.ts';
import { planOf, type PlanOfUser } from './subscriptions.ts';

/**
 * How long a user's plan is remembered by a process. Every API request needs the plan (limits,
 * quota window); reading it costs a three-table query. A grant or revoke in this process is seen
 * at once; one made by another process (the CLI against PostgreSQL) within this time, like a
 * subscription that ends.
 */
export const PLAN_CACHE_MS = 10_000;
const MAX_ENTRIES = 10_000;

interface Entry {
  value: PlanOfUser;
  expires: number;
}

const caches = new WeakMap<Database, Map<string, Entry>>();

function cacheOf(db: Database): Map<string, Entry> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
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
  const entry = cache.get(userId);
  if (entry && entry.expires > now) return entry.value;
  const value = await planOf(db, userId);
  if (cache.size >= MAX_ENTRIES) cache.clear();
  cache.set(userId, { value, expires: now + PLAN_CACHE_MS });
  return value;
}

/** Drops what this process remembers of a user's plan (after a grant or a revoke). */
export function forgetPlan(db: Database, userId: string): void {
  caches.get(db)?.delete(userId);
}
