import { eq } from 'drizzle-orm';
import {
  DEFAULT_ARTIFACT_TITLE,
  isSerializableContent,
  serializeSnapshot,
  type Snapshot,
} from '../../core/artifact/index.ts';
import { ERRORS } from '../../core/errors.ts';
import type { Database } from '../db/client.ts';
import { chats, messages } from '../db/schema/index.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';
import type { GenerationClaims } from '../generation/claims.ts';
import { RunningGeneration, type GenerationRegistry } from '../generation/running.ts';
import { ServiceError } from '../http/errors.ts';
import type { RequestViewer } from '../http/viewer.ts';
import type { PreviewService } from '../preview/service.ts';
import type { Realtime } from '../realtime/events.ts';
import { requireChat, requireUser } from './access.ts';
import { versionStats } from './versions.ts';

/** What a manual version needs; the route's `Services` has all of it. */
export interface ManualVersionDeps {
  db: Database;
  realtime: Pick<Realtime, 'publish'>;
  /** The running generations: a manual version is refused while one runs, and blocks one while stored. */
  generation: { readonly registry: GenerationRegistry; readonly claims: GenerationClaims };
  preview: Pick<PreviewService, 'requestBuild'>;
}

export interface ManualVersion {
  version: number;
  artifactCode: string;
}

const IN_PROGRESS = 'A version is already being generated.';

/**
 * A new version of a chat whose snapshot is exactly `snapshot`, without calling the AI (restore a
 * version, edit a text in place): the user message `userText` and an answer storing the snapshot
 * as its artifact, with a generated version's bookkeeping — next version number, finish reason
 * 'stop', the chat's snapshot and title, the realtime 'finished' event and the preview build.
 *
 * Same permission as iterating ('edit') and the same per-component version limit. It does not
 * spend the plan's quota: the quota counts the model's answers, and no model is asked, so its
 * rows carry no `user_id` (the column is only the quota's author; the chat's owner is the
 * author shown). Refused (409 generation-in-progress) while a generation of the chat runs; while
 * it is stored it holds the chat's slot in the generation registry, so a second manual version
 * or a generation started meanwhile is refused rather than given the same number — and the
 * unique (chat, role, version) index settles a race between processes.
 */
export async function createManualVersion(
  deps: ManualVersionDeps,
  chatId: string,
  viewer: RequestViewer,
  snapshot: Snapshot,
  userText: string,
  answerText = '',
): Promise<ManualVersion> {
  const { db, realtime } = deps;
  const user = requireUser(viewer);
  const chat = await requireChat(db, viewer, chatId, 'edit');
  const artifactCode = storableArtifact(snapshot);
  const { registry, claims } = deps.generation;
  const running = registry.get(chat.id);
  const holder = running && !running.isEnded ? running : await claims.current(chat.id);
  if (holder) {
    throw new ServiceError(409, 'generation-in-progress', IN_PROGRESS, { version: holder.version });
  }
  const stats = await versionStats(db, chat.id);
  if (stats.versions >= viewer.plan.maxVersionsPerComponent) {
    const error = ERRORS.moreThanXVersions(viewer.plan.maxVersionsPerComponent);
    throw new ServiceError(409, error.code, error.message, {
      title: error.title,
      max: viewer.plan.maxVersionsPerComponent,
    });
  }
  const version = stats.highest + 1;
  const messageId = crypto.randomUUID();
  const slot = new RunningGeneration(chat.id, version, user.id, messageId);
  const other = registry.claim(slot);
  if (other) throw new ServiceError(409, 'generation-in-progress', IN_PROGRESS, { version: other.version });
  // The chat's slot in every process too (a generation another web process starts meanwhile).
  const claimed = await claims
    .claim({ chatId: chat.id, messageId, userId: user.id, version })
    .catch((error: unknown) => {
      registry.release(slot);
      throw error;
    });
  if (!claimed.ok) {
    slot.end();
    registry.release(slot);
    throw new ServiceError(409, 'generation-in-progress', IN_PROGRESS, { version: claimed.version });
  }
  try {
    await db.insert(messages).values([
      { id: crypto.randomUUID(), chatId: chat.id, userId: null, role: 'user', version, content: userText },
      {
        id: messageId,
        chatId: chat.id,
        userId: null,
        role: 'assistant',
        version,
        // The chat shows the answer's files like a generated one's.
        content: answerText === '' ? artifactCode : `${answerText}\n\n${artifactCode}`,
        artifactCode,
        finishReason: 'stop',
      },
    ]);
  } catch (error) {
    // Another process stored this number first.
    if (isUniqueViolation(error)) throw new ServiceError(409, 'generation-in-progress', IN_PROGRESS);
    throw error;
  } finally {
    await claims.release(chat.id, messageId).catch(() => undefined);
    slot.end();
    registry.release(slot);
  }
  const hasTitle = snapshot.title !== '' && snapshot.title !== DEFAULT_ARTIFACT_TITLE;
  await db
    .update(chats)
    .set({ artifactCode, updatedAt: new Date(), ...(hasTitle ? { title: snapshot.title } : {}) })
    .where(eq(chats.id, chat.id));
  realtime.publish({ type: 'generation', chatId: chat.id, version, state: 'finished', finishReason: 'stop' });
  // The version exists either way; a first view of the preview asks again (preview/service.ts).
  await deps.preview.requestBuild(chat.id, version).catch((error: unknown) => {
    console.error('Could not request the preview build', error);
  });
  return { version, artifactCode };
}

/**
 * The snapshot as stored markup. Stored snapshots name binary files by blob only (decision
 * 0039), and content that is itself Kiln markup could not be read back the same.
 */
function storableArtifact(snapshot: Snapshot): string {
  for (const file of snapshot.files) {
    if (file.binary !== undefined && file.binary.kind !== 'blob') {
      throw new ServiceError(400, 'invalid-snapshot', `${file.name} is not a stored binary file.`);
    }
    if (file.binary === undefined && !isSerializableContent(file.content)) {
      throw new ServiceError(400, 'invalid-snapshot', `${file.name} cannot be stored as it is.`);
    }
  }
  return serializeSnapshot(snapshot);
}
