import { and, count, eq, sql } from 'drizzle-orm';
import {
  isLockChangeOnly,
  parseSnapshot,
  serializeSnapshot,
  type Snapshot,
} from '../../core/artifact/index.ts';
import { canDeleteVersionOf } from '../../core/permissions/index.ts';
import { applyTheme, isDaisyTheme, readTheme } from '../../core/themes/index.ts';
import type { Database } from '../db/client.ts';
import { chats, likes, marketplaceListings, messages } from '../db/schema/index.ts';
import type { RequestViewer } from '../http/viewer.ts';
import type { Realtime } from '../realtime/events.ts';
import { ServiceError } from '../http/errors.ts';
import type { PreviewService } from '../preview/service.ts';
import { requireChat, requireUser } from './access.ts';
import { copyVersionAsNewChat } from './copy-version.ts';
import { findAssistantMessage, findLatestAssistantMessage } from './versions.ts';

/** toggleChatLike: liked ↔ not liked. */
export async function toggleLike(db: Database, viewer: RequestViewer, chatId: string) {
  const chat = await requireChat(db, viewer, chatId, 'like');
  const userId = requireUser(viewer).id;
  const removed = await db
    .delete(likes)
    .where(and(eq(likes.chatId, chat.id), eq(likes.userId, userId)))
    .returning({ chatId: likes.chatId });
  if (removed.length === 0) await db.insert(likes).values({ chatId: chat.id, userId }).onConflictDoNothing();
  const [total] = await db.select({ total: count() }).from(likes).where(eq(likes.chatId, chat.id));
  return { isLiked: removed.length === 0, likeCount: total?.total ?? 0 };
}

/**
 * changeVisibilityByChatId: private ↔ public; public is blocked while an active listing exists.
 * Announced on the chat's realtime channel, so the live streams of viewers who lost access close.
 */
export async function changeVisibility(
  db: Database,
  realtime: Pick<Realtime, 'publish'>,
  viewer: RequestViewer,
  chatId: string,
  isPublic: boolean,
) {
  const chat = await requireChat(db, viewer, chatId, 'changeVisibility');
  if (isPublic) {
    const [listing] = await db
      .select({ id: marketplaceListings.id })
      .from(marketplaceListings)
      .where(
        and(
          eq(marketplaceListings.chatId, chat.id),
          eq(marketplaceListings.sellerId, chat.userId),
          eq(marketplaceListings.isActive, true),
        ),
      )
      .limit(1);
    if (listing) {
      throw new ServiceError(
        409,
        'listed-on-marketplace',
        'This component is listed on the marketplace and must stay private. Remove the listing first.',
      );
    }
  }
  // A real change revokes every preview token of the chat (preview-token.ts), in this statement.
  await db
    .update(chats)
    .set({
      isPrivate: !isPublic,
      previewTokenEpoch: sql`case when ${chats.isPrivate} = ${!isPublic} then ${chats.previewTokenEpoch} else ${chats.previewTokenEpoch} + 1 end`,
      updatedAt: new Date(),
    })
    .where(eq(chats.id, chat.id));
  realtime.publish({ type: 'visibility', chatId: chat.id, isPrivate: !isPublic });
  return { isPrivate: !isPublic };
}

/**
 * remixChat(chatId, version) → {slug}: a new chat whose version 1 is the chosen snapshot, its
 * preview build queued like a generated version's.
 */
export async function remixChat(
  db: Database,
  viewer: RequestViewer,
  chatId: string,
  version: number,
  preview: Pick<PreviewService, 'requestBuild'>,
) {
  const source = await requireChat(db, viewer, chatId, 'remix');
  if (source.remixChatId) {
    throw new ServiceError(
      409,
      'already-remixed',
      'This component is already a remix. Remix the original instead.',
    );
  }
  const message = await findAssistantMessage(db, source.id, version);
  if (!message?.artifactCode)
    throw new ServiceError(404, 'version-not-found', `Version #${version} does not exist.`);
  const title = source.title ?? 'Untitled';
  const remix = await copyVersionAsNewChat(db, {
    source,
    artifactCode: message.artifactCode,
    userId: requireUser(viewer).id,
    prompt: `Remix of "${title}" (version #${version})`,
    answer: `Remixed from "${title}", version #${version}.`,
  });
  // The remix exists either way; a first view of the preview asks again (preview/service.ts).
  await preview.requestBuild(remix.id, 1).catch((error: unknown) => {
    console.error('Could not request the preview build', error);
  });
  return { chatId: remix.id, slug: remix.slug, version: 1 };
}

/** deleteVersionByMessageId: both messages of the version go; the newest remaining is selected. */
export async function deleteVersion(db: Database, viewer: RequestViewer, messageId: string) {
  const [message] = await db.select().from(messages).where(eq(messages.id, messageId)).limit(1);
  if (!message) throw new ServiceError(404, 'not-found', 'Version not found');
  const chat = await requireChat(db, viewer, message.chatId, 'deleteVersion');
  const [total] = await db.select({ total: count() }).from(messages).where(eq(messages.chatId, chat.id));
  if (!canDeleteVersionOf(total?.total ?? 0)) {
    throw new ServiceError(409, 'last-version', 'The only version of a component cannot be deleted.');
  }
  await db.delete(messages).where(and(eq(messages.chatId, chat.id), eq(messages.version, message.version)));
  const latest = await findLatestAssistantMessage(db, chat.id);
  await db
    .update(chats)
    .set({ artifactCode: latest?.artifactCode ?? null, updatedAt: new Date() })
    .where(eq(chats.id, chat.id));
  return { deletedVersion: message.version, selectedVersion: latest?.version ?? null };
}

/** updateTheme: HTML only; same theme → nothing; else the version's index.html gets the theme. */
export async function updateTheme(
  db: Database,
  viewer: RequestViewer,
  chatId: string,
  theme: string,
  version: number,
) {
  const chat = await requireChat(db, viewer, chatId, 'edit');
  if (chat.framework !== 'html')
    throw new ServiceError(400, 'not-html', 'Themes apply to HTML components only.');
  if (!isDaisyTheme(theme)) throw new ServiceError(400, 'unknown-theme', `Unknown theme "${theme}".`);
  const message = await findAssistantMessage(db, chat.id, version);
  if (!message?.artifactCode)
    throw new ServiceError(404, 'version-not-found', `Version #${version} does not exist.`);
  const snapshot = parseSnapshot(message.artifactCode);
  const index = snapshot.files.find((file) => file.name === 'index.html');
  if (!index) throw new ServiceError(400, 'no-index-html', 'This version has no index.html to theme.');
  if (readTheme(index.content) === theme)
    return { changed: false, theme, artifactCode: message.artifactCode };
  const themed: Snapshot = {
    ...snapshot,
    files: snapshot.files.map((file) =>
      file === index ? { ...file, content: applyTheme(file.content, theme) } : file,
    ),
  };
  const artifactCode = serializeSnapshot(themed);
  await db.update(messages).set({ artifactCode, updatedAt: new Date() }).where(eq(messages.id, message.id));
  await syncChatSnapshot(db, chat.id);
  return { changed: true, theme, artifactCode };
}

/**
 * updateArtifactCode, used to save file locks: only `locked` flags may change. Any other change
 * (content, names, title) is refused, so this route can never be used to rewrite code.
 */
export async function saveFileLocks(
  db: Database,
  viewer: RequestViewer,
  chatId: string,
  version: number,
  artifactCode: string,
) {
  const chat = await requireChat(db, viewer, chatId, 'lockFiles');
  const message = await findAssistantMessage(db, chat.id, version);
  if (!message?.artifactCode)
    throw new ServiceError(404, 'version-not-found', `Version #${version} does not exist.`);
  const stored = parseSnapshot(message.artifactCode);
  const proposed = parseSnapshot(artifactCode);
  // Contents, names, order and binary files' blob references must be exactly the stored ones.
  if (!isLockChangeOnly(stored, proposed)) {
    throw new ServiceError(400, 'only-locks-may-change', 'Only file locks can be changed here.');
  }
  const next = serializeSnapshot(proposed);
  await db
    .update(messages)
    .set({ artifactCode: next, updatedAt: new Date() })
    .where(eq(messages.id, message.id));
  await syncChatSnapshot(db, chat.id);
  return { artifactCode: next };
}

/** chats.artifact_code mirrors the newest version's snapshot. */
async function syncChatSnapshot(db: Database, chatId: string) {
  const latest = await findLatestAssistantMessage(db, chatId);
  await db
    .update(chats)
    .set({ artifactCode: latest?.artifactCode ?? null, updatedAt: new Date() })
    .where(eq(chats.id, chatId));
}
