import { DrizzleQueryError } from 'drizzle-orm';
import { ServiceError } from '../http/errors.ts';

/** How long a client is told to wait before trying again while the database is away. */
const RETRY_AFTER_SECONDS = 5;

// Node's socket errors and node-postgres's own messages when a connection cannot be made or ends.
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
const CLIENT_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
];

/**
 * Kiln's database could not be reached (refused, dropped, restarting), however deep Drizzle
 * wrapped the driver's error: SQLSTATE class 08 (connection exception), 57P01-57P03 (shutting down,
 * starting up), a socket error, or node-postgres's "Connection terminated…". Answered 503, so an
 * outage reads as one, never as a bug (500) or as being signed out.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  // Only Kiln's own queries (Drizzle's wrapper): a person's integration refusing a connection is
  // theirs to fix, not Kiln's database being away.
  const chain: Array<{ code?: unknown; message?: unknown }> = [];
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    chain.push(current as (typeof chain)[number]);
  }
  if (!chain.some((link) => link instanceof DrizzleQueryError)) return false;
  for (const current of chain) {
    const code = typeof current.code === 'string' ? current.code : '';
    if (code.startsWith('08') || ['57P01', '57P02', '57P03'].includes(code) || SOCKET_CODES.has(code)) {
      return true;
    }
    const message = typeof current.message === 'string' ? current.message : '';
    if (CLIENT_MESSAGES.some((text) => message.startsWith(text))) return true;
  }
  return false;
}

export function databaseUnavailable(): ServiceError {
  return new ServiceError(
    503,
    'database-unavailable',
    'The database is unavailable right now. Please try again in a moment.',
    { title: 'Service unavailable', retryAfter: RETRY_AFTER_SECONDS },
  );
}
