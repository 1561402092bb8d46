import { createHash } from 'node:crypto';
import {
  judgeWindow,
  KNOWN_ADDRESS_MS,
  signInAccountOf,
  type RateRule,
  type WindowState,
} from '../../core/limits/index.ts';
import type { RateLimitStore } from './store.ts';

/** The one route that checks a password (Better Auth's router matches its path exactly). */
export const PASSWORD_SIGN_IN_PATH = '/api/auth/sign-in/email';

/** A sign-in the account's window refuses: wait this long. */
export interface AccountRefusal {
  retryAfterSeconds: number;
}

/**
 * Failed sign-ins per account (`sign-in@account`, issue 31 item 6), on top of Better Auth's
 * window per client address: guesses spread over many addresses against one account are counted
 * together. Only failures count: an attempt takes a place in the account's window before its
 * password is checked (so attempts sent at once cannot all slip through) and gives it back unless
 * Better Auth answers 401, the wrong-password answer (the same for an address without an
 * account). Once the window is full every sign-in to the account waits, the right password too
 * (else the lock would still answer guesses) — except from a client address that signed in to
 * the account in the last 30 days (KNOWN_ADDRESS_MS): there only that address's own window
 * holds, so guesses from elsewhere cannot lock the owner out where they usually sign in.
 * Counters and marks are rows of `rate_limits` keyed by a digest of the account, never the
 * e-mail address in clear.
 */
export class SignInAccounts {
  constructor(
    private readonly store: RateLimitStore,
    private readonly rule: RateRule | null,
  ) {}

  /** Whether this request is a password sign-in counted per account. */
  applies(request: Request): boolean {
    return (
      this.rule !== null &&
      request.method === 'POST' &&
      new URL(request.url).pathname === PASSWORD_SIGN_IN_PATH
    );
  }

  /**
   * Runs `signIn` (Better Auth's answer) under the account's window, or refuses it. `address` is
   * the client's address key (client-address.ts).
   */
  async attempt(
    request: Request,
    address: string,
    signIn: () => Promise<Response>,
  ): Promise<Response | AccountRefusal> {
    const rule = this.rule;
    const account = rule ? signInAccountOf(await readJson(request)) : null;
    if (!rule || account === null) return signIn();
    const digest = createHash('sha256').update(account).digest('hex').slice(0, 32);
    const failures = `sign-in:account:${digest}`;
    const known = `sign-in:known:${digest}:${address}`;
    const now = Date.now();
    const isKnown = await this.store.isMarked(known, now);
    let held: WindowState | null = null;
    if (!isKnown) {
      held = await this.store.countWindow(failures, rule, now);
      const verdict = judgeWindow(held, now, rule);
      if (!verdict.allowed) {
        await this.store.giveBack(failures, held);
        return { retryAfterSeconds: verdict.retryAfterSeconds };
      }
    }
    let response: Response;
    try {
      response = await signIn();
    } catch (error) {
      if (held) await this.store.giveBack(failures, held);
      throw error;
    }
    if (response.status === 401) {
      // A wrong password from a known address counts too; it is only never refused there.
      if (!held) await this.store.countWindow(failures, rule);
    } else if (held) {
      await this.store.giveBack(failures, held);
    }
    if (response.ok) await this.store.mark(known, Date.now() + KNOWN_ADDRESS_MS);
    return response;
  }
}

/** The request's JSON body, read from a copy (Better Auth reads the original), or null. */
async function readJson(request: Request): Promise<unknown> {
  try {
    return await request.clone().json();
  } catch {
    return null;
  }
}
