import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { messages } from '../db/schema/index.ts';
import type { RunningGeneration } from './running.ts';

/** Writes at least this often while text arrives: a crash loses at most this much text. */
export const FLUSH_INTERVAL_MS = 250;

/**
 * Appends the new text of a running generation to its assistant message (`content || delta`,
 * so each write costs the delta, not the whole answer). One write at a time per generation.
 */
export function startFlusher(
  db: Database,
  generation: RunningGeneration,
  /** Told of each stored delta (a re-attach in another process follows them). */
  onStored: (offset: number, delta: string) => void = () => {},
) {
  let flushed = 0;
  let writing: Promise<void> = Promise.resolve();

  const flush = (): Promise<void> => {
    writing = writing.then(async () => {
      const length = generation.textLength;
      if (length === flushed) return;
      const delta = generation.text(flushed);
      await db
        .update(messages)
        .set({ content: sql`${messages.content} || ${delta}`, updatedAt: new Date() })
        .where(eq(messages.id, generation.messageId));
      onStored(flushed, delta);
      flushed += delta.length;
    });
    return writing;
  };

  const timer = setInterval(() => {
    flush().catch((error: unknown) => console.error('Could not save the streamed text', error));
  }, FLUSH_INTERVAL_MS);

  return {
    /** Stops the timer and waits for the write in flight (the finish writes the whole text). */
    async stop(): Promise<void> {
      clearInterval(timer);
      await writing.catch(() => undefined);
    },
  };
}
