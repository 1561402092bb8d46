import { and, desc, eq, isNotNull, isNull, lt, notExists } from 'drizzle-orm';
import { parseSnapshot } from '../../core/artifact/index.ts';
import type { Database } from '../db/client.ts';
import { messages } from '../db/schema/index.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { liveClaimOf } from './claims.ts';
import { finishVersion } from './finish.ts';
import { loadMessageAttachments } from './version-assets.ts';

/**
 * After a crash, versions that were streaming have no finish reason. Their text (flushed every
 * 250 ms) is kept and they end with an `error` finish reason, so 'Continue generation' works.
 * A version another process still streams (its claim is live, claims.ts) is left alone.
 */
export async function recoverInterruptedVersions(db: Database, blobs: BlobStore): Promise<number> {
  const interrupted = await db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.role, 'assistant'),
        isNull(messages.finishReason),
        notExists(liveClaimOf(db, messages.id)),
      ),
    );
  for (const message of interrupted) await endInterrupted(db, blobs, message);
  return interrupted.length;
}

/** Ends one version whose process died while it streamed (its claim ran out). */
export async function recoverInterruptedMessage(db: Database, blobs: BlobStore, messageId: string) {
  const [message] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.id, messageId), isNull(messages.finishReason)));
  if (message) await endInterrupted(db, blobs, message);
}

async function endInterrupted(db: Database, blobs: BlobStore, message: typeof messages.$inferSelect) {
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
