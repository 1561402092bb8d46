import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { messages } from '../db/schema/index.ts';

/** A card's image: the screenshot of the chat's latest version that has one, else null. */
export async function withCardImages<Card extends { id: string }>(
  db: Database,
  cards: Card[],
): Promise<(Card & { screenshot: string | null })[]> {
  if (cards.length === 0) return [];
  const rows = await db
    .selectDistinctOn([messages.chatId], { chatId: messages.chatId, screenshot: messages.screenshot })
    .from(messages)
    .where(
      and(
        inArray(
          messages.chatId,
          cards.map((card) => card.id),
        ),
        eq(messages.role, 'assistant'),
        isNotNull(messages.screenshot),
      ),
    )
    .orderBy(messages.chatId, desc(messages.version));
  const byChat = new Map(rows.map((row) => [row.chatId, row.screenshot]));
  return cards.map((card) => ({ ...card, screenshot: byChat.get(card.id) ?? null }));
}
