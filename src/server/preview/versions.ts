import { and, eq, sql } from 'drizzle-orm';
import { parseSnapshot } from '../../core/artifact/index.ts';
import { isFramework, type Framework } from '../../core/frameworks/index.ts';
import { completeWithTemplate } from '../../core/snapshot/index.ts';
import type { Database } from '../db/client.ts';
import { chats, messages } from '../db/schema/index.ts';
import { toProjectFile } from './blob-files.ts';
import { projectHash, type ProjectFile } from './content-hash.ts';
import { SOURCE_LOCATIONS_REVISION } from './source-locations/index.ts';

/** What the preview needs of one version: its chat's access fields and the assistant message. */
export interface PreviewVersion {
  chatId: string;
  version: number;
  framework: Framework;
  ownerId: string;
  isPrivate: boolean;
  /** The chat's preview_token_epoch: a private preview's token must carry it (preview-token.ts). */
  previewTokenEpoch: number;
  messageId: string;
  artifactCode: string | null;
  finishReason: string | null;
  isBuilt: boolean;
}

const ACCESS_FIELDS = {
  framework: chats.framework,
  ownerId: chats.userId,
  isPrivate: chats.isPrivate,
  previewTokenEpoch: chats.previewTokenEpoch,
  messageId: messages.id,
  finishReason: messages.finishReason,
  isBuilt: messages.isBuilt,
};

/** A version's access fields without its code: what every preview request reads (one small row). */
export type PreviewAccess = Omit<PreviewVersion, 'artifactCode'>;

export async function loadPreviewAccess(
  db: Database,
  chatId: string,
  version: number,
): Promise<PreviewAccess | null> {
  const [row] = await db
    .select(ACCESS_FIELDS)
    .from(messages)
    .innerJoin(chats, CHAT_OF_MESSAGE)
    .where(assistantOf(chatId, version))
    .limit(1);
  return row ? { chatId, version, ...row, framework: frameworkOf(row.framework) } : null;
}

export async function loadPreviewVersion(
  db: Database,
  chatId: string,
  version: number,
): Promise<PreviewVersion | null> {
  const [row] = await db
    .select({ ...ACCESS_FIELDS, artifactCode: messages.artifactCode })
    .from(messages)
    .innerJoin(chats, CHAT_OF_MESSAGE)
    .where(assistantOf(chatId, version))
    .limit(1);
  return row ? { chatId, version, ...row, framework: frameworkOf(row.framework) } : null;
}

const CHAT_OF_MESSAGE = eq(chats.id, messages.chatId);
const assistantOf = (chatId: string, version: number) =>
  and(eq(messages.chatId, chatId), eq(messages.role, 'assistant'), eq(messages.version, version));
const frameworkOf = (name: string): Framework => (isFramework(name) ? name : 'react');

export async function markBuilt(db: Database, messageId: string): Promise<boolean> {
  const updated = await db
    .update(messages)
    .set({ isBuilt: true, updatedAt: sql`now()` })
    .where(and(eq(messages.id, messageId), eq(messages.isBuilt, false)))
    .returning({ id: messages.id });
  return updated.length > 0;
}

/** Spec §5: an incomplete snapshot is completed with its framework's blank template (core rule, decision 0057). */
export function projectFiles(version: PreviewVersion, template: readonly ProjectFile[]): ProjectFile[] {
  const snapshot = parseSnapshot(version.artifactCode);
  const completed = completeWithTemplate(
    snapshot,
    template.map((file) => ({ name: file.name, content: file.content })),
  );
  return completed.files.map(toProjectFile);
}

/**
 * The key of a version's build. A preview build carries source locations (issue 17 item 2) and a
 * deployment's (`clean`) does not, so the two are different outputs of the same files.
 */
export function versionHash(
  version: PreviewVersion,
  template: readonly ProjectFile[],
  env: Record<string, string>,
  options: { clean?: boolean } = {},
) {
  const files = projectFiles(version, template);
  const envFile = Object.keys(env).length > 0 ? [{ name: '.env.local', content: JSON.stringify(env) }] : [];
  // A name no project file can have: it only keys the hash, it is never written.
  const marker = options.clean ? [] : [{ name: '\0source-locations', content: SOURCE_LOCATIONS_REVISION }];
  return { files, hash: projectHash(version.framework, [...files, ...envFile, ...marker]) };
}
