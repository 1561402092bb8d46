import type { RateRule } from './config.ts';
import type { WindowState } from './window.ts';

/**
 * Leased windows (issue 34, docs/security.md promise 15): a process does not write a row per
 * request. It takes a share of a window's requests at once (a lease: one atomic upsert adds the
 * share to the stored count) and admits that many from memory; once the stored count has reached
 * the window's max, every process refuses until the window ends, also from memory.
 *
 * The cap still holds across processes: a window never admits more than `max`, because each
 * admitted request is counted in the database before it is admitted. What a lease costs is
 * early refusal: slots leased by one process and not (yet) used are not another's, so with P
 * processes a window may refuse up to (P − 1) × (lease − 1) requests before `max` is admitted.
 */

/** A lease is a tenth of the window's max: small windows (sign-in's 10) stay exact. */
export const LEASE_FRACTION = 10;

/** How many requests one lease takes from a window. */
export function leaseSize(rule: RateRule): number {
  return Math.max(1, Math.floor(rule.max / LEASE_FRACTION));
}

/**
 * After a lease of `size` brought the stored window to `state`: how many of the `size` are the
 * leasing process's to admit (0 when the window was already full).
 */
export function grantedSlots(state: WindowState, size: number, rule: RateRule): number {
  const before = state.count - size;
  return Math.max(0, Math.min(size, rule.max - before));
}
