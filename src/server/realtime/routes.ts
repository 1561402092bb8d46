import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { decide } from '../../core/permissions/index.ts';
import type { Database } from '../db/client.ts';
import { chats } from '../db/schema/index.ts';
import type { AppEnv } from '../http/viewer.ts';
import { denied } from '../http/errors.ts';
import type { Realtime, RealtimeEvent } from './events.ts';

/** A comment line every so often keeps proxies from closing an idle stream. */
const HEARTBEAT_MS = 25_000;

/**
 * `GET /api/chats/:chatId/events`: server-sent events of the chat's RealtimeEvents, one JSON
 * object per `data:` line (unnamed events, so `EventSource.onmessage` gets them all). The viewer must be allowed to view the
 * chat: someone else's private chat answers 404 like a missing one.
 */
export function realtimeRoutes(deps: { db: Database; realtime: Realtime }) {
  const app = new Hono<AppEnv>();
  app.get('/:chatId/events', async (c) => {
    const chatId = c.req.param('chatId');
    const [chat] = await deps.db
      .select({ userId: chats.userId, isPrivate: chats.isPrivate })
      .from(chats)
      .where(eq(chats.id, chatId))
      .limit(1);
    const viewer = c.var.viewer;
    const decision = chat
      ? decide('view', { userId: viewer.user?.id ?? null, isPremium: viewer.isPremium }, chat)
      : ({ allowed: false, reason: 'not-found', message: 'Component not found' } as const);
    if (!decision.allowed) return denied(c, decision);

    c.header('Cache-Control', 'no-cache, no-transform');
    c.header('X-Accel-Buffering', 'no');
    return streamSSE(c, async (stream) => {
      const queue: RealtimeEvent[] = [];
      let wake: (() => void) | undefined;
      const unsubscribe = deps.realtime.subscribe(chatId, (event) => {
        queue.push(event);
        wake?.();
      });
      let isOpen = true;
      stream.onAbort(() => {
        isOpen = false;
        wake?.();
      });
      try {
        await stream.write(': connected\n\n');
        while (isOpen) {
          while (queue.length > 0) {
            const event = queue.shift()!;
            await stream.writeSSE({ data: JSON.stringify(event) });
          }
          let timer: NodeJS.Timeout | undefined;
          await new Promise<void>((resolve) => {
            wake = resolve;
            timer = setTimeout(resolve, HEARTBEAT_MS);
          });
          clearTimeout(timer);
          wake = undefined;
          if (isOpen && queue.length === 0) await stream.write(': ping\n\n');
        }
      } finally {
        unsubscribe();
      }
    });
  });
  return app;
}
