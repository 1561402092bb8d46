import { and, asc, desc, eq, max, sql } from 'drizzle-orm';
import { parseSnapshot, type Snapshot } from '../../core/artifact/index.ts';
import type { Database } from '../db/client.ts';
import { messages } from '../db/schema/index.ts';

export type MessageRow = typeof messages.$inferSelect;

/** How many versions a chat has (its answers) and its highest version number (0 when none). */
export async function versionStats(
  db: Database,
  chatId: string,
): Promise<{ versions: number; highest: number }> {
  const [row] = await db
    .select({
      versions: sql<number>`count(*) filter (where ${messages.role} = 'assistant')`.mapWith(Number),
      highest: max(messages.version),
    })
    .from(messages)
    .where(eq(messages.chatId, chatId));
  return { versions: row?.versions ?? 0, highest: row?.highest ?? 0 };
}

export async function findAssistantMessage(
  db: Database,
  chatId: string,
  version: number,
): Promise<MessageRow | null> {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.chatId, chatId), eq(messages.role, 'assistant'), eq(messages.version, version)))
    .limit(1);
  return row ?? null;
}

/** §7: the latest assistant message by version descending, limit 1. */
export async function findLatestAssistantMessage(db: Database, chatId: string): Promise<MessageRow | null> {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.chatId, chatId), eq(messages.role, 'assistant')))
    .orderBy(desc(messages.version))
    .limit(1);
  return row ?? null;
}

/** All messages in version order, the user's prompt before the answer. */
export async function listMessages(db: Database, chatId: string): Promise<MessageRow[]> {
  const rows = await db
    .select()
    .from(messages)
    .where(eq(messages.chatId, chatId))
    .orderBy(asc(messages.version), asc(messages.createdAt));
  return rows.sort((a, b) => a.version - b.version || (a.role === b.role ? 0 : a.role === 'user' ? -1 : 1));
}

/** The full snapshot of a version (its assistant message's artifact_code), or null. */
export async function snapshotAt(db: Database, chatId: string, version: number): Promise<Snapshot | null> {
  const message = await findAssistantMessage(db, chatId, version);
  return message?.artifactCode ? parseSnapshot(message.artifactCode) : null;
}
