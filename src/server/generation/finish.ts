import { and, eq } from 'drizzle-orm';
import {
  finishReasonMarker,
  parseArtifactText,
  serializeSnapshot,
  type Snapshot,
} from '../../core/artifact/index.ts';
import { deriveSnapshot } from '../../core/snapshot/index.ts';
import type { Database } from '../db/client.ts';
import { chats, messages } from '../db/schema/index.ts';

export type EndReason = 'stop' | 'length' | 'error';

export interface FinishedVersion {
  /** False when the model produced no text at all ('Generation failed'): the version is removed. */
  kept: boolean;
  finishReason: EndReason;
  artifactCode: string | null;
  title: string | null;
}

/**
 * Ends a version: derives its full snapshot from the base snapshot and the answer's file actions
 * (core rules: replace, delete, continue-merge, locked files untouched), appends the finish
 * marker for length/error, and stores it. An empty answer removes the version.
 */
export async function finishVersion(
  db: Database,
  input: {
    chatId: string;
    version: number;
    messageId: string;
    text: string;
    reason: EndReason;
    base: Snapshot | null;
  },
): Promise<FinishedVersion> {
  if (input.text.trim() === '') {
    await db
      .delete(messages)
      .where(and(eq(messages.chatId, input.chatId), eq(messages.version, input.version)));
    return { kept: false, finishReason: 'error', artifactCode: null, title: null };
  }
  const parsed = parseArtifactText(input.text);
  const snapshot = deriveSnapshot(input.base, { title: parsed.title, files: parsed.files });
  const artifactCode = serializeSnapshot(snapshot);
  const content = input.reason === 'stop' ? input.text : `${input.text}\n${finishReasonMarker(input.reason)}`;
  await db
    .update(messages)
    .set({ content, artifactCode, finishReason: input.reason, updatedAt: new Date() })
    .where(eq(messages.id, input.messageId));
  const hasTitle = snapshot.title !== '' && snapshot.title !== 'Untitled';
  await db
    .update(chats)
    .set({ artifactCode, updatedAt: new Date(), ...(hasTitle ? { title: snapshot.title } : {}) })
    .where(eq(chats.id, input.chatId));
  return { kept: true, finishReason: input.reason, artifactCode, title: hasTitle ? snapshot.title : null };
}
