import { Hono } from 'hono';
import { requireChat } from '../chats/access.ts';
import type { Services } from '../http/context.ts';
import { ServiceError } from '../http/errors.ts';
import type { AppEnv } from '../http/viewer.ts';
import { screenshotKey } from './version-screenshots.ts';

/** A version's screenshot, only to those who may view its chat (a private chat's to its owner). */
export function screenshotRoutes(services: Pick<Services, 'db' | 'blobs'>) {
  return new Hono<AppEnv>().get('/:chatId/:file', async (c) => {
    const chat = await requireChat(services.db, c.var.viewer, c.req.param('chatId'), 'view');
    const match = /^([0-9a-f-]{36})\.jpg$/.exec(c.req.param('file'));
    if (!match) throw new ServiceError(404, 'not-found', 'Screenshot not found');
    const blob = await services.blobs.get(screenshotKey(chat.id, match[1]!));
    if (!blob) throw new ServiceError(404, 'not-found', 'Screenshot not found');
    return c.body(blob.bytes as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': 'image/jpeg',
      // A version's screenshot never changes; a private one stays in the viewer's own cache.
      'Cache-Control': chat.isPrivate ? 'private, max-age=86400' : 'public, max-age=86400',
      'X-Content-Type-Options': 'nosniff',
    });
  });
}
