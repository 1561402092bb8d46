/**
 * A write refused by a unique index (SQLSTATE 23505), from PGlite or PostgreSQL, however deep
 * Drizzle wrapped it: where a unique index decides a race, the loser is told, not a 500.
 */
export function isUniqueViolation(error: unknown): boolean {
  for (
    let current = error as { code?: unknown; cause?: unknown } | undefined;
    current;
    current = current.cause as typeof current
  ) {
    if (current.code === '23505') return true;
  }
  return false;
}
