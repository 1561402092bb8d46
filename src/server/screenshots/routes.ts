import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { accessChat } from '../chats/access.ts';
import type { Database } from '../db/client.ts';
import { marketplaceListings, messages } from '../db/schema/index.ts';
import type { Services } from '../http/context.ts';
import { ServiceError } from '../http/errors.ts';
import type { AppEnv } from '../http/viewer.ts';
import { screenshotKey } from './version-screenshots.ts';

/**
 * A version's screenshot, only to those who may view its chat (a private chat's to its owner),
 * and a listed version's to everyone: the marketplace card shows it, as its one-version preview.
 */
export function screenshotRoutes(services: Pick<Services, 'db' | 'blobs'>) {
  return new Hono<AppEnv>().get('/:chatId/:file', async (c) => {
    const chatId = c.req.param('chatId');
    const match = /^([0-9a-f-]{36})\.jpg$/.exec(c.req.param('file'));
    const access = await accessChat(services.db, c.var.viewer, chatId, 'view');
    const messageId = match?.[1];
    if (!access.ok && !(messageId && (await isListedVersion(services.db, chatId, messageId)))) {
      throw ServiceError.fromDecision(access.decision);
    }
    if (!messageId) throw new ServiceError(404, 'not-found', 'Screenshot not found');
    const blob = await services.blobs.get(screenshotKey(chatId, messageId));
    if (!blob) throw new ServiceError(404, 'not-found', 'Screenshot not found');
    const isPublic = access.ok && !access.chat.isPrivate;
    return c.body(blob.bytes as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': 'image/jpeg',
      // A version's screenshot never changes; a private one stays in the viewer's own cache.
      'Cache-Control': isPublic ? 'public, max-age=86400' : 'private, max-age=3600',
      'X-Content-Type-Options': 'nosniff',
    });
  });
}

/** The message is the version an active marketplace listing of its chat shows. */
async function isListedVersion(db: Database, chatId: string, messageId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: marketplaceListings.id })
    .from(marketplaceListings)
    .innerJoin(
      messages,
      and(eq(messages.chatId, marketplaceListings.chatId), eq(messages.version, marketplaceListings.version)),
    )
    .where(
      and(
        eq(marketplaceListings.chatId, chatId),
        eq(marketplaceListings.isActive, true),
        eq(messages.id, messageId),
        eq(messages.role, 'assistant'),
      ),
    )
    .limit(1);
  return row !== undefined;
}
