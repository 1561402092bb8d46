/**
 * A version number (spec §3: a version is a user message and its answer, numbered 1, 2, 3...):
 * a positive whole number that fits the database's `integer` column. One rule for every place
 * a version comes from outside — a URL path, a query (`?v=`), a JSON or form body, a preview
 * host name — so no malformed number ever reaches a query (PostgreSQL fails on out-of-range
 * integers) and every route answers a bad one the same way. (Spec §3's version -1, a clone's
 * placeholder while it starts, is never addressed from outside.)
 */
export const MAX_VERSION_NUMBER = 2_147_483_647;

/** Canonical decimal digits only: no sign, no leading zero, no exponent, no fraction, no spaces. */
const DECIMAL = /^[1-9][0-9]{0,9}$/;

/** The version `raw` names (a string of digits or an integer), or null when it names none. */
export function parseVersionNumber(raw: unknown): number | null {
  if (typeof raw === 'number') return isVersionNumber(raw) ? raw : null;
  if (typeof raw !== 'string' || !DECIMAL.test(raw)) return null;
  const value = Number(raw);
  return value <= MAX_VERSION_NUMBER ? value : null;
}

export function isVersionNumber(value: number): boolean {
  return Number.isInteger(value) && value >= 1 && value <= MAX_VERSION_NUMBER;
}

/** The answer to a malformed version number (the HTTP layer sends it as a 400). */
export const INVALID_VERSION = {
  code: 'invalid-version',
  message: `A version is a whole number from 1 to ${MAX_VERSION_NUMBER}.`,
} as const;
