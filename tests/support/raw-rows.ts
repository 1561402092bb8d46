import type { SQL } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client.ts';

/** Rows exactly as the database holds them (no Drizzle mapping), e.g. to look for plaintext. */
export async function rawRows(db: Database, query: SQL): Promise<Record<string, unknown>[]> {
  const result = (await db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows;
}
