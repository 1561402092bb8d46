import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { checkChatAccess } from '../chats/access.ts';
import type { Database } from '../db/client.ts';
import { chats } from '../db/schema/index.ts';
import type { AppEnv, RequestViewer } from '../http/viewer.ts';
import { denied } from '../http/errors.ts';
import type { Realtime, RealtimeEvent } from './events.ts';

/** A comment line every so often keeps proxies from closing an idle stream. */
const HEARTBEAT_MS = 25_000;

/** Events after which a stream asks the policy again whether its viewer may still view the chat. */
const ACCESS_EVENTS: ReadonlySet<RealtimeEvent['type']> = new Set(['visibility']);
/** Events only the chat's owner receives: an app server's errors may name its internals. */
const OWNER_EVENTS: ReadonlySet<RealtimeEvent['type']> = new Set(['app-server-error']);

/**
 * `GET /api/chats/:chatId/events`: server-sent events of the chat's RealtimeEvents, one JSON
 * object per `data:` line (unnamed events, so `EventSource.onmessage` gets them all). The viewer
 * must be allowed to view the chat: someone else's private chat answers 404 like a missing one.
 * When the chat's access changes (it turned private), each stream asks again and a viewer who
 * lost access is cut off before the next event (issue 12 item 5). The question is asked of the
 * database, so it holds whichever process changed the chat (PostgreSQL LISTEN/NOTIFY).
 */
export function realtimeRoutes(deps: { db: Database; realtime: Realtime }) {
  const app = new Hono<AppEnv>();
  app.get('/:chatId/events', async (c) => {
    const chatId = c.req.param('chatId');
    const viewer = c.var.viewer;
    const queue: RealtimeEvent[] = [];
    let wake: (() => void) | undefined;
    // Subscribed before the first check, so a change right after it is never missed.
    const unsubscribe = deps.realtime.subscribe(chatId, (event) => {
      queue.push(event);
      wake?.();
    });
    let access: Awaited<ReturnType<typeof mayView>>;
    try {
      access = await mayView(deps.db, viewer, chatId);
    } catch (error) {
      unsubscribe();
      throw error;
    }
    if (!access.ok) {
      unsubscribe();
      return denied(c, access.decision);
    }
    const isOwner = viewer.user !== null && viewer.user.id === access.ownerId;

    c.header('Cache-Control', 'no-cache, no-transform');
    c.header('X-Accel-Buffering', 'no');
    return streamSSE(c, async (stream) => {
      let isOpen = true;
      stream.onAbort(() => {
        isOpen = false;
        wake?.();
      });
      try {
        await stream.write(': connected\n\n');
        while (isOpen) {
          while (isOpen && queue.length > 0) {
            const event = queue.shift()!;
            if (OWNER_EVENTS.has(event.type) && !isOwner) continue;
            if (ACCESS_EVENTS.has(event.type) && !(await mayView(deps.db, viewer, chatId)).ok) {
              isOpen = false;
              break;
            }
            await stream.writeSSE({ data: JSON.stringify(event) });
          }
          if (!isOpen) break;
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

/**
 * The permission policy's answer for viewing the chat now (a deleted chat is not found). Reads
 * only what the policy needs: the chat row also holds the latest artifact.
 */
async function mayView(db: Database, viewer: RequestViewer, chatId: string) {
  const [chat] = await db
    .select({ userId: chats.userId, isPrivate: chats.isPrivate })
    .from(chats)
    .where(eq(chats.id, chatId))
    .limit(1);
  const decision = checkChatAccess(viewer, chat ?? null, 'view');
  return decision.ok ? { ...decision, ownerId: chat?.userId ?? null } : decision;
}
