/**
 * The account a password sign-in asks for, as one spelling, so that failed sign-ins are counted
 * per account whatever the client's address (`sign-in@account`, config.ts). Better Auth looks the
 * account up by the address in lower case and refuses anything that is not an e-mail address
 * (400, never a wrong-password 401), so the same lower-cased, trimmed text names one account
 * however it was typed. An address without an account is counted the same way, so a refusal never
 * tells whether an account exists.
 */
export function signInAccountOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const email = (body as { email?: unknown }).email;
  if (typeof email !== 'string') return null;
  const account = email.trim().toLowerCase();
  return account === '' ? null : account;
}

/**
 * How long a client address that signed in to an account stays known to it: a known address is
 * not held back by the account's window (only by its own), so guesses from elsewhere cannot lock
 * the owner out where they usually sign in (docs/security.md, promise 15).
 */
export const KNOWN_ADDRESS_MS = 30 * 24 * 60 * 60_000;
