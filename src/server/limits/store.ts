import { randomUUID } from 'node:crypto';
import { lt, and, eq, gt, like, sql } from 'drizzle-orm';
import {
  countRequest,
  grantedSlots,
  leaseSize,
  secondsUntil,
  type RateRule,
  type WindowState,
  type WindowVerdict,
} from '../../core/limits/index.ts';
import type { Database } from '../db/client.ts';
import { rateLimits } from '../db/schema/index.ts';

/** Kiln's keys in `rate_limits`, apart from Better Auth's (`{ip}|{path}`). */
export const KILN_KEY_PREFIX = 'kiln:';
const PRUNE_EVERY_MS = 10 * 60_000;
/** Leases kept in memory at most; past it the ones whose window is over are dropped first. */
const MAX_LEASES = 100_000;

/** What this process holds of one window (core/limits/lease.ts). */
interface Lease {
  resetsAt: number;
  /** Requests this process may still admit in the window. */
  left: number;
  /** The window reached its max: refused until it ends, wherever asked. */
  full: boolean;
}

/**
 * Kiln's own windows in the `rate_limits` table Better Auth's limiter also uses (docs/security.md,
 * "Abuse is bounded"). One upsert counts a request and returns the window, so the count is exact
 * across every process on one PostgreSQL: the row lock of ON CONFLICT makes two requests for the
 * last slot take turns, and the second sees the first's count. `last_request` holds the window's
 * end (core/limits/window.ts says why).
 */
export class RateLimitStore {
  private lastPrune = 0;
  private readonly leases = new Map<string, Lease>();
  /** A lease being taken, per key: requests that arrive meanwhile wait for it, not take another. */
  private readonly leasing = new Map<string, Promise<void>>();

  constructor(private readonly db: Database) {}

  /**
   * Admits or refuses one request under `key` by `rule`, from memory while this process holds a
   * lease of the window (core/limits/lease.ts); a database round trip takes the next lease.
   */
  async count(key: string, rule: RateRule, now = Date.now()): Promise<WindowVerdict> {
    for (;;) {
      const lease = this.leases.get(key);
      if (lease && lease.resetsAt > now) {
        const retryAfterSeconds = secondsUntil(lease.resetsAt, now);
        if (lease.left > 0) {
          lease.left -= 1;
          return { allowed: true, retryAfterSeconds };
        }
        if (lease.full) return { allowed: false, retryAfterSeconds };
      }
      let taking = this.leasing.get(key);
      if (!taking) {
        taking = this.takeLease(key, rule, now).finally(() => this.leasing.delete(key));
        this.leasing.set(key, taking);
      }
      // Then judged again: by the lease just taken (another caller's, if it was theirs).
      await taking;
    }
  }

  private async takeLease(key: string, rule: RateRule, now: number): Promise<void> {
    const size = leaseSize(rule);
    const state = await this.countWindow(key, rule, now, size);
    const granted = grantedSlots(state, size, rule);
    if (this.leases.size >= MAX_LEASES) this.dropEndedLeases(now);
    this.leases.set(key, { resetsAt: state.resetsAt, left: granted, full: granted < size });
  }

  private dropEndedLeases(now: number): void {
    for (const [key, lease] of this.leases) if (lease.resetsAt <= now) this.leases.delete(key);
    if (this.leases.size >= MAX_LEASES) this.leases.clear();
  }

  /**
   * Counts `requests` (one unless a lease) under `key`: the window they are in, with its count.
   * Exact: every process's requests are in the one stored count.
   */
  async countWindow(key: string, rule: RateRule, now = Date.now(), requests = 1): Promise<WindowState> {
    const fresh = { ...countRequest(null, now, rule), count: requests };
    const isOver = sql`${rateLimits.lastRequest} <= ${now}`;
    const [row] = await this.db
      .insert(rateLimits)
      .values({
        id: randomUUID(),
        key: KILN_KEY_PREFIX + key,
        count: fresh.count,
        lastRequest: fresh.resetsAt,
      })
      .onConflictDoUpdate({
        target: rateLimits.key,
        // The same step as countRequest, on the stored row, in one statement.
        set: {
          count: sql`case when ${isOver} then ${fresh.count} else ${rateLimits.count} + ${requests} end`,
          lastRequest: sql`case when ${isOver} then ${fresh.resetsAt} else ${rateLimits.lastRequest} end`,
        },
      })
      .returning({ count: rateLimits.count, resetsAt: rateLimits.lastRequest });
    this.pruneNowAndThen(now);
    return { count: Number(row!.count), resetsAt: Number(row!.resetsAt) };
  }

  /**
   * Takes back one request counted by countWindow (it turned out not to be what the window
   * counts), unless its window is over: a window opened since is another window, left alone.
   */
  async giveBack(key: string, counted: WindowState): Promise<void> {
    await this.db
      .update(rateLimits)
      .set({ count: sql`${rateLimits.count} - 1` })
      .where(
        and(
          eq(rateLimits.key, KILN_KEY_PREFIX + key),
          eq(rateLimits.lastRequest, counted.resetsAt),
          gt(rateLimits.count, 0),
        ),
      );
  }

  /** Keeps a mark under `key` until `until` (milliseconds since the epoch). */
  async mark(key: string, until: number): Promise<void> {
    await this.db
      .insert(rateLimits)
      .values({ id: randomUUID(), key: KILN_KEY_PREFIX + key, count: 1, lastRequest: until })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: { count: 1, lastRequest: sql`greatest(${rateLimits.lastRequest}, ${until})` },
      });
  }

  /** Whether a mark under `key` is kept at `now`. */
  async isMarked(key: string, now = Date.now()): Promise<boolean> {
    const [row] = await this.db
      .select({ key: rateLimits.key })
      .from(rateLimits)
      .where(and(eq(rateLimits.key, KILN_KEY_PREFIX + key), gt(rateLimits.lastRequest, now)));
    return row !== undefined;
  }

  /** Windows that are over are only clutter: removed every few minutes, in the background. */
  private pruneNowAndThen(now: number): void {
    if (now - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = now;
    void this.db
      .delete(rateLimits)
      .where(and(like(rateLimits.key, `${KILN_KEY_PREFIX}%`), lt(rateLimits.lastRequest, now)))
      .catch((error: unknown) => console.error('Could not prune rate limit windows', error));
  }
}
