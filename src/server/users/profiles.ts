import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { chats, users } from '../db/schema/index.ts';
import { withCardImages } from '../screenshots/card-images.ts';

export interface PublicProfile {
  user: { id: string; fullName: string | null; avatarUrl: string | null; createdAt: string };
  components: Array<{
    id: string;
    slug: string;
    title: string | null;
    framework: string;
    createdAt: string;
    /** The latest version's screenshot (the card image). */
    screenshot: string | null;
  }>;
}

/** The profile page's data: the author card and their public components (never private ones). */
export async function findPublicProfile(db: Database, userId: string): Promise<PublicProfile | null> {
  const [user] = await db
    .select({
      id: users.id,
      fullName: users.fullName,
      avatarUrl: users.avatarUrl,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) return null;
  const components = await db
    .select({
      id: chats.id,
      slug: chats.slug,
      title: chats.title,
      framework: chats.framework,
      createdAt: chats.createdAt,
    })
    .from(chats)
    .where(and(eq(chats.userId, userId), eq(chats.isPrivate, false)))
    .orderBy(desc(chats.createdAt))
    .limit(60);
  return {
    user: {
      id: user.id,
      // An empty name is "absent": the web shows 'Anonymous user'.
      fullName: user.fullName.trim() === '' ? null : user.fullName,
      avatarUrl: user.avatarUrl,
      createdAt: user.createdAt.toISOString(),
    },
    components: await withCardImages(
      db,
      components.map((c) => ({ ...c, createdAt: c.createdAt.toISOString() })),
    ),
  };
}
