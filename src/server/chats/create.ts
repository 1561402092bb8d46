import { randomBytes } from 'node:crypto';
import { buildChatSlug } from '../../core/chats/index.ts';
import type { Framework } from '../../core/frameworks/index.ts';
import type { Database } from '../db/client.ts';
import { chats } from '../db/schema/index.ts';
import type { ChatRow } from './access.ts';

const SLUG_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

function randomSuffix(length = 6): string {
  const bytes = randomBytes(length);
  return Array.from(bytes, (byte) => SLUG_ALPHABET[byte % SLUG_ALPHABET.length]).join('');
}

export interface NewChat {
  userId: string;
  framework: Framework;
  /** The first prompt or a title: the slug's readable words. */
  slugSource: string;
  title?: string | null;
  remixChatId?: string | null;
  cloneUrl?: string | null;
}

/** Inserts a chat with a fresh id and a readable unique slug (retrying on the rare clash). */
export async function createChat(db: Database, input: NewChat): Promise<ChatRow> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const [row] = await db
      .insert(chats)
      .values({
        id: crypto.randomUUID(),
        userId: input.userId,
        framework: input.framework,
        slug: buildChatSlug(input.slugSource, randomSuffix()),
        title: input.title ?? null,
        remixChatId: input.remixChatId ?? null,
        cloneUrl: input.cloneUrl ?? null,
      })
      .onConflictDoNothing({ target: chats.slug })
      .returning();
    if (row) return row;
  }
  throw new Error('Could not find a free slug');
}
