import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { chats, messages } from '../db/schema/index.ts';
import type { ChatRow } from './access.ts';
import { createChat } from './create.ts';

export interface VersionCopy {
  /** The chat the version comes from (recorded as remix_chat_id). */
  source: ChatRow;
  /** The snapshot copied: the source version's artifact_code. */
  artifactCode: string;
  /** Who owns the copy. */
  userId: string;
  /** Version 1's prompt and the answer's words before the snapshot. */
  prompt: string;
  answer: string;
  isPrivate?: boolean;
}

/**
 * A new chat whose version 1 is a copy of another chat's version (remix, a marketplace purchase).
 * Takes a database or a transaction; the caller asks for its preview build once it is committed.
 */
export async function copyVersionAsNewChat(db: Database, input: VersionCopy): Promise<ChatRow> {
  const { source, artifactCode, userId } = input;
  const copy = await createChat(db, {
    userId,
    framework: source.framework as never,
    // A private chat's slug is made from its prompt: a buyer's copy never carries it.
    slugSource: source.title ?? (source.isPrivate ? 'Untitled' : source.slug),
    title: source.title,
    remixChatId: source.id,
  });
  await db.insert(messages).values([
    { id: crypto.randomUUID(), chatId: copy.id, userId, role: 'user', version: 1, content: input.prompt },
    {
      id: crypto.randomUUID(),
      chatId: copy.id,
      userId,
      role: 'assistant',
      version: 1,
      content: `${input.answer}\n\n${artifactCode}`,
      artifactCode,
      finishReason: 'stop',
    },
  ]);
  const [updated] = await db
    .update(chats)
    .set({ artifactCode, isPrivate: input.isPrivate ?? copy.isPrivate })
    .where(eq(chats.id, copy.id))
    .returning();
  return updated ?? copy;
}
