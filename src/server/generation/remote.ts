import type { Database } from '../db/client.ts';
import { findAssistantMessage } from '../chats/versions.ts';
import type { Realtime, RealtimeEvent } from '../realtime/events.ts';

/**
 * Generations across processes (issue 20 item 2): the process that streams a generation holds
 * its text; every other process knows it through the database (the stored text, flushed every
 * 250 ms) and realtime events (LISTEN/NOTIFY with PostgreSQL).
 */

/** Stop requests for generations streaming in another process: no chat has this id. */
export const GENERATIONS_CHANNEL = '*generations';

/** Where a chat's running generation announces its stored text (never a browser's stream). */
export function textChannelOf(chatId: string): string {
  return `*text:${chatId}`;
}

/** A NOTIFY payload holds 8000 bytes; text above this is only announced (its offset). */
const MAX_TEXT_BYTES = 6_000;

export function announceStoredText(
  realtime: Realtime,
  generation: { chatId: string; version: number },
  offset: number,
  text: string,
): void {
  const fits = Buffer.byteLength(JSON.stringify(text)) <= MAX_TEXT_BYTES;
  realtime.publish({
    type: 'generation-text',
    chatId: textChannelOf(generation.chatId),
    version: generation.version,
    offset,
    ...(fits ? { text } : {}),
  });
}

/** The longest a follower waits for an announcement before it reads the database anyway. */
const FALLBACK_READ_MS = 1_000;

/**
 * Streams a version another process is generating, from what it stored so far to its end: the
 * announced text as it comes, the database when an announcement was missed or too long to carry.
 */
export function followStoredGeneration(
  deps: { db: Database; realtime: Realtime },
  chatId: string,
  version: number,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let unsubscribe = () => {};
  let wake = () => {};
  let isCancelled = false;
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      const queue: RealtimeEvent[] = [];
      const notify = (event: RealtimeEvent) => {
        queue.push(event);
        wake();
      };
      // Subscribed before the first read: nothing stored between the two is missed.
      const offText = deps.realtime.subscribe(textChannelOf(chatId), notify);
      const offChat = deps.realtime.subscribe(chatId, notify);
      unsubscribe = () => {
        offText();
        offChat();
      };
      let sent = 0;
      const readStored = async (): Promise<boolean> => {
        const message = await findAssistantMessage(deps.db, chatId, version);
        if (!message) return true;
        if (message.content.length > sent) {
          controller.enqueue(encoder.encode(message.content.slice(sent)));
          sent = message.content.length;
        }
        return message.finishReason !== null;
      };
      try {
        let isEnded = await readStored();
        while (!isEnded && !isCancelled) {
          if (queue.length === 0) {
            await new Promise<void>((resolve) => {
              const timer = setTimeout(resolve, FALLBACK_READ_MS);
              wake = () => {
                clearTimeout(timer);
                resolve();
              };
            });
          }
          let mustRead = queue.length === 0;
          for (const event of queue.splice(0)) {
            if (event.type === 'generation-text' && event.version === version) {
              if (event.text !== undefined && event.offset === sent) {
                if (event.text.length > 0) controller.enqueue(encoder.encode(event.text));
                sent += event.text.length;
              } else if (event.offset + (event.text?.length ?? 1) > sent) {
                mustRead = true;
              }
            } else if (event.type === 'generation' && event.version === version) {
              mustRead = true;
            }
          }
          if (mustRead) isEnded = await readStored();
        }
        controller.close();
      } catch (error) {
        controller.error(error);
      } finally {
        unsubscribe();
      }
    },
    cancel() {
      isCancelled = true;
      unsubscribe();
      wake();
    },
  });
}
