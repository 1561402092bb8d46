import type { Context } from 'hono';
import {
  CAP_RETRY_AFTER_SECONDS,
  capReachedError,
  rateLimitedError,
  type Cap,
  type LimitedAction,
  type RateLimits,
  type UserAction,
} from '../../core/limits/index.ts';
import type { Database } from '../db/client.ts';
import { ServiceError } from '../http/errors.ts';
import { addressKey, createClientAddressOf, type ClientAddressOf } from './client-address.ts';
import { SignInAccounts } from './sign-in-account.ts';
import { RateLimitStore } from './store.ts';

/** Who a request is counted against: the signed-in user (if any) and the client's address. */
export interface Requester {
  userId: string | null;
  address: string;
}

/**
 * Kiln's abuse limits (issue 21 item 2): the windows of KILN_RATE_LIMITS over the shared
 * `rate_limits` table, and the caps the generation and build services ask about.
 */
export class Limiter {
  readonly addressOf: ClientAddressOf;
  /** Failed sign-ins per account (`sign-in@account`). */
  readonly signIns: SignInAccounts;
  private readonly store: RateLimitStore;

  constructor(
    db: Database,
    readonly rates: RateLimits,
    trustedProxies: string[],
  ) {
    this.store = new RateLimitStore(db);
    this.addressOf = createClientAddressOf(trustedProxies);
    this.signIns = new SignInAccounts(this.store, rates.account['sign-in']);
  }

  /** The requester of a request: its viewer (set by the session middleware) and its address. */
  requesterOf(c: Context): Requester {
    const viewer = c.get('viewer') as { user: { id: string } | null } | undefined;
    return { userId: viewer?.user?.id ?? null, address: this.addressOf(c) };
  }

  /**
   * Counts one `action` by the requester, per user then per address; throws 429 `rate-limited`
   * (with `retryAfter`, sent as Retry-After) once a window is full.
   */
  async count(action: LimitedAction, requester: Requester): Promise<void> {
    const userRule = isUserAction(action, this.rates) ? this.rates.user[action] : null;
    if (userRule && requester.userId) {
      const verdict = await this.store.count(`${action}:user:${requester.userId}`, userRule);
      if (!verdict.allowed) throw tooMany(action, verdict.retryAfterSeconds);
    }
    const addressRule = this.rates.address[action];
    if (addressRule) {
      const verdict = await this.store.count(`${action}:ip:${addressKey(requester.address)}`, addressRule);
      if (!verdict.allowed) throw tooMany(action, verdict.retryAfterSeconds);
    }
  }

  /** The cap's count, or null when the cap is off. */
  cap(cap: Cap): number | null {
    return this.rates.caps[cap];
  }
}

/** A cap reached: 429 with its code, and a short Retry-After (nothing ends at a known time). */
export function capReached(cap: Cap, count: number): ServiceError {
  const error = capReachedError(cap, count);
  return new ServiceError(429, error.code, error.message, {
    title: error.title,
    max: count,
    retryAfter: CAP_RETRY_AFTER_SECONDS,
  });
}

function tooMany(action: LimitedAction, retryAfter: number): ServiceError {
  const error = rateLimitedError(action, retryAfter);
  return new ServiceError(429, error.code, error.message, { title: error.title, action, retryAfter });
}

function isUserAction(action: LimitedAction, rates: RateLimits): action is UserAction {
  return action in rates.user;
}
