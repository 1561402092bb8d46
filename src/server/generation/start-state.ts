import { eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.ts';
import { chats, messages } from '../db/schema/index.ts';
import type { ChatRow } from '../chats/access.ts';
import { COUNTS_AGAINST_QUOTA } from './quota.ts';

/** The base version's fields a start needs (the snapshot, and the text to continue). */
export interface StartBase {
  /** Only read to continue a cut-off answer ('' otherwise). */
  content: string;
  artifactCode: string | null;
  finishReason: string | null;
}

export interface StartState {
  chat: ChatRow;
  /** The viewed version's answer (`selectedVersion`), else the latest one; null before any. */
  base: StartBase | null;
  /** Answers the chat has (versions per component) and its highest version number. */
  versions: number;
  highest: number;
  /** Messages the user created since `windowStart` (the quota window). */
  used: number;
}

/**
 * Everything starting a generation reads, in one round trip: the chat (for the permission
 * policy), the base answer, the version counts and the user's quota usage. Each round trip costs
 * ~1 ms on the embedded database and a network hop on PostgreSQL, before the first token.
 */
export async function loadStartState(
  db: Database,
  input: {
    chatId: string;
    userId: string;
    selectedVersion?: number;
    windowStart: Date;
    /** Whether the base answer's text is needed (to continue it); it can be large. */
    withContent: boolean;
  },
): Promise<StartState | null> {
  const ofChat = sql`${messages.chatId} = ${chats.id}`;
  const isAnswer = sql`${messages.role} = 'assistant'`;
  const baseVersion =
    input.selectedVersion === undefined ? sql`` : sql` and ${messages.version} = ${input.selectedVersion}`;
  // The base answer's row, as a FROM item; one scalar subquery per field keeps large text out
  // of any JSON encoding.
  const baseRow = sql`${messages} where ${ofChat} and ${isAnswer}${baseVersion} order by ${messages.version} desc limit 1`;
  const baseField = (column: AnyPgColumn) => sql<string | null>`(select ${column} from ${baseRow})`;
  const [row] = await db
    .select({
      chat: chats,
      versions: sql<number>`(select count(*) from ${messages} where ${ofChat} and ${isAnswer})`.mapWith(
        Number,
      ),
      highest:
        sql<number>`(select coalesce(max(${messages.version}), 0) from ${messages} where ${ofChat})`.mapWith(
          Number,
        ),
      used: sql<number>`(select count(*) from ${messages} where ${messages.userId} = ${input.userId}
        and ${messages.createdAt} >= ${input.windowStart.toISOString()}::timestamptz
        and ${COUNTS_AGAINST_QUOTA})`.mapWith(Number),
      baseArtifactCode: baseField(messages.artifactCode),
      baseFinishReason: baseField(messages.finishReason),
      baseContent: input.withContent ? baseField(messages.content) : sql<string | null>`null`,
      hasBase: sql<boolean>`exists (select 1 from ${baseRow})`,
    })
    .from(chats)
    .where(eq(chats.id, input.chatId))
    .limit(1);
  if (!row) return null;
  const base: StartBase | null = row.hasBase
    ? {
        content: row.baseContent ?? '',
        artifactCode: row.baseArtifactCode,
        finishReason: row.baseFinishReason,
      }
    : null;
  return { chat: row.chat, base, versions: row.versions, highest: row.highest, used: row.used };
}
