import { desc, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { chats, users } from '../db/schema/index.ts';
import { withCardImages } from '../screenshots/card-images.ts';
import { toComponentCard, type ComponentCard } from './read.ts';

/** A card with its image (issue 19 item 3). */
export type ComponentCardWithImage = ComponentCard & { screenshot: string | null };

/** The viewer's own components, most recently changed first (home page). */
export async function listOwnComponents(
  db: Database,
  userId: string,
  limit = 24,
): Promise<ComponentCardWithImage[]> {
  const rows = await db
    .select()
    .from(chats)
    .where(eq(chats.userId, userId))
    .orderBy(desc(chats.updatedAt))
    .limit(limit);
  return withCardImages(db, rows.map(toComponentCard));
}

export interface ExploreCard extends ComponentCardWithImage {
  author: { id: string; fullName: string | null; avatarUrl: string | null };
}

/** Public components to explore, newest first. */
export async function listPublicComponents(db: Database, limit = 24): Promise<ExploreCard[]> {
  const rows = await db
    .select({ chat: chats, author: { id: users.id, fullName: users.fullName, avatarUrl: users.avatarUrl } })
    .from(chats)
    .innerJoin(users, eq(users.id, chats.userId))
    .where(eq(chats.isPrivate, false))
    .orderBy(desc(chats.createdAt))
    .limit(limit);
  return withCardImages(
    db,
    rows.map(({ chat, author }) => ({
      ...toComponentCard(chat),
      author: { id: author.id, fullName: author.fullName.trim() || null, avatarUrl: author.avatarUrl },
    })),
  );
}
