import type { RateRule } from './config.ts';

/**
 * A fixed window counter: the first request opens a window of `windowMs`, each request in it adds
 * one, and the request that makes the count exceed `max` is refused until the window ends. The
 * store keeps the window's END (`resetsAt`), so a counter is stale exactly when its window is
 * over, whatever rule wrote it, and Better Auth's clean-up of its own old rows in the same table
 * (rows older than its longest window) never removes a window that is still running.
 */
export interface WindowState {
  count: number;
  /** Milliseconds since the epoch at which the window ends. */
  resetsAt: number;
}

export interface WindowVerdict {
  allowed: boolean;
  /** Whole seconds until the window ends (≥ 1): the `Retry-After` of a refusal. */
  retryAfterSeconds: number;
}

/** Whether a stored window is over at `now`: the next request opens a new one. */
export function isWindowOver(state: WindowState, now: number): boolean {
  return state.resetsAt <= now;
}

/**
 * The state after one more request at `now`. The store runs this same step as one atomic
 * upsert (server/limits/store.ts), so two processes can never both take the last slot.
 */
export function countRequest(state: WindowState | null, now: number, rule: RateRule): WindowState {
  if (!state || isWindowOver(state, now)) return { count: 1, resetsAt: now + rule.windowMs };
  return { count: state.count + 1, resetsAt: state.resetsAt };
}

/** The answer for the request that brought the window to `state`. */
export function judgeWindow(state: WindowState, now: number, rule: RateRule): WindowVerdict {
  return {
    allowed: state.count <= rule.max,
    retryAfterSeconds: secondsUntil(state.resetsAt, now),
  };
}

/** Whole seconds from `now` until a window ending at `resetsAt` is over (≥ 1): a Retry-After. */
export function secondsUntil(resetsAt: number, now: number): number {
  return Math.max(1, Math.ceil((resetsAt - now) / 1000));
}
