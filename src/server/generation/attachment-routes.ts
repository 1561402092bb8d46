import { Hono } from 'hono';
import { requireChat } from '../chats/access.ts';
import type { Services } from '../http/context.ts';
import type { AppEnv } from '../http/viewer.ts';
import { ServiceError } from '../http/errors.ts';
import { attachmentKey } from './attachments.ts';

/** Attachments are served back only to those allowed to see the chat. */
export function attachmentRoutes(services: Services) {
  return new Hono<AppEnv>().get('/:chatId/:fileId', async (c) => {
    const chat = await requireChat(services.db, c.var.viewer, c.req.param('chatId'), 'view');
    const fileId = c.req.param('fileId');
    if (!/^[0-9a-f-]{36}$/.test(fileId)) throw new ServiceError(404, 'not-found', 'Attachment not found');
    const blob = await services.blobs.get(attachmentKey(chat.id, fileId));
    if (!blob) throw new ServiceError(404, 'not-found', 'Attachment not found');
    return c.body(blob.bytes as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': blob.contentType,
      'Cache-Control': chat.isPrivate ? 'private, max-age=3600' : 'public, max-age=86400',
      'X-Content-Type-Options': 'nosniff',
      // An attachment is data, never a page: no scripts even if a file lies about its type.
      'Content-Security-Policy': "default-src 'none'; sandbox",
    });
  });
}
