import type { Cap, LimitedAction } from './config.ts';

/** What a refused request reads: the code, a title and a sentence naming the action and the wait. */
export interface RateLimitError {
  code: string;
  title: string;
  message: string;
}

export const RATE_LIMITED_CODE = 'rate-limited';

const WHAT: Record<LimitedAction, string> = {
  generation: 'Too many versions requested',
  'chat-create': 'Too many new components',
  remix: 'Too many remixes',
  like: 'Too many likes',
  clone: 'Too many website clones',
  build: 'Too many rebuilds',
  'sign-in': 'Too many sign-in attempts',
  'sign-up': 'Too many new accounts',
  auth: 'Too many account requests',
  'tls-ask': 'Too many certificate checks',
};

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

/** Seconds as a person reads a wait: "42 seconds", "3 minutes", "2 hours". */
export function describeWait(seconds: number): string {
  if (seconds < 90) return plural(seconds, 'second');
  if (seconds < 90 * 60) return plural(Math.ceil(seconds / 60), 'minute');
  return plural(Math.ceil(seconds / 3600), 'hour');
}

/** A window's refusal: 429 `rate-limited`. */
export function rateLimitedError(action: LimitedAction, retryAfterSeconds: number): RateLimitError {
  return {
    code: RATE_LIMITED_CODE,
    title: 'Too many requests',
    message: `${WHAT[action]} in a short time. Try again in ${describeWait(retryAfterSeconds)}.`,
  };
}

/**
 * An account's window of failed sign-ins is full: 429 `rate-limited` from any address that has not
 * signed in to it before. The same words for every address asked for, with or without an account.
 */
export function accountRateLimitedError(retryAfterSeconds: number): RateLimitError {
  return {
    code: RATE_LIMITED_CODE,
    title: 'Too many requests',
    message: `Too many failed sign-ins to this account in a short time. Try again in ${describeWait(retryAfterSeconds)}.`,
  };
}

/** A cap's refusal: 429 `too-many-generations` / `build-queue-full`. */
export function capReachedError(cap: Cap, count: number): RateLimitError {
  if (cap === 'generation-running') {
    return {
      code: 'too-many-generations',
      title: 'Too many generations',
      message: `You already have ${plural(count, 'version')} being generated. Wait for one to finish, then try again.`,
    };
  }
  return {
    code: 'build-queue-full',
    title: 'Too many builds waiting',
    message: `You already have ${plural(count, 'build')} waiting to start. Wait for one to finish, then try again.`,
  };
}

/** A cap has no window to wait for: the `Retry-After` of its refusal, a short look back. */
export const CAP_RETRY_AFTER_SECONDS = 10;
