import { and, desc, eq, isNotNull, isNull, lt } from 'drizzle-orm';
import { parseSnapshot } from '../../core/artifact/index.ts';
import type { Database } from '../db/client.ts';
import { messages } from '../db/schema/index.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { finishVersion } from './finish.ts';
import { loadMessageAttachments } from './version-assets.ts';

/**
 * After a crash, versions that were streaming have no finish reason. Their text (flushed every
 * 250 ms) is kept and they end with an `error` finish reason, so 'Continue generation' works.
 * Only for the embedded database: with PostgreSQL other processes may still be streaming.
 */
export async function recoverInterruptedVersions(db: Database, blobs: BlobStore): Promise<number> {
  const interrupted = await db
    .select()
    .from(messages)
    .where(and(eq(messages.role, 'assistant'), isNull(messages.finishReason)));
  for (const message of interrupted) {
    const [previous] = await db
      .select({ artifactCode: messages.artifactCode })
      .from(messages)
      .where(
        and(
          eq(messages.chatId, message.chatId),
          eq(messages.role, 'assistant'),
          lt(messages.version, message.version),
          isNotNull(messages.artifactCode),
        ),
      )
      .orderBy(desc(messages.version))
      .limit(1);
    await finishVersion(db, {
      chatId: message.chatId,
      version: message.version,
      messageId: message.id,
      text: message.content,
      reason: 'error',
      base: previous?.artifactCode ? parseSnapshot(previous.artifactCode) : null,
      assets: {
        blobs,
        attachments: () => loadMessageAttachments(db, blobs, message.chatId, message.version),
      },
    });
  }
  return interrupted.length;
}
