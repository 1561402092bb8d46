import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { messages } from '../db/schema/index.ts';

/**
 * The newest version whose answer ended normally (core isFinishedVersion): what a listing offers.
 * A version still streaming, cut off or failed is passed over.
 */
export async function findLatestFinishedVersion(db: Database, chatId: string): Promise<number | null> {
  const [row] = await db
    .select({ version: messages.version })
    .from(messages)
    .where(
      and(
        eq(messages.chatId, chatId),
        eq(messages.role, 'assistant'),
        eq(messages.finishReason, 'stop'),
        isNotNull(messages.artifactCode),
      ),
    )
    .orderBy(desc(messages.version))
    .limit(1);
  return row?.version ?? null;
}
