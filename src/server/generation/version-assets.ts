import { and, eq } from 'drizzle-orm';
import {
  binaryTypeFromName,
  checkBinaryFile,
  decodeBase64,
  type ParsedFile,
  type Snapshot,
} from '../../core/artifact/index.ts';
import type { GeneratedFile } from '../../core/snapshot/index.ts';
import type { Database } from '../db/client.ts';
import { messages } from '../db/schema/index.ts';
import { storeAsset } from '../storage/assets.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { attachmentKey } from './attachments.ts';

/** A file the user attached to the message being answered, as they sent it. */
export interface AttachedFile {
  name: string;
  bytes: Uint8Array;
}

export interface VersionAssets {
  blobs: BlobStore;
  /** The message's attachments; read from the blob store when not given (crash recovery). */
  attachments: () => Promise<AttachedFile[]>;
}

export interface PlacedFiles {
  /** The answer's files with every binary file a blob reference; refused ones left out. */
  files: GeneratedFile[];
  /** One sentence per refused file, shown in the chat ('{name} was not added: …'). */
  notes: string[];
}

/**
 * Turns the binary files of an answer into blob references (decision 0039): an attachment the
 * model placed (`attachment="logo.png"`) or base64 content is checked (type by extension and
 * magic bytes, size) and stored once by content hash. A reference the model wrote must be one
 * the base snapshot holds. Whatever cannot be placed is left out with a note saying why.
 */
export async function placeBinaryFiles(
  files: readonly ParsedFile[],
  base: Snapshot | null,
  assets: VersionAssets,
): Promise<PlacedFiles> {
  const placed: GeneratedFile[] = [];
  const notes: string[] = [];
  const baseFiles = new Map((base?.files ?? []).map((file) => [file.name, file]));
  const baseBlobs = new Map(
    (base?.files ?? []).flatMap((file) =>
      file.binary?.kind === 'blob' ? [[file.binary.hash, file.binary]] : [],
    ),
  );
  let attachments: AttachedFile[] | null = null;
  const skip = (name: string, reason: string) => notes.push(`${name} was not added: ${reason}`);

  for (const file of files) {
    const binary = file.binary;
    // Deletions, and anything aimed at a locked file, go on to the core rules unchanged.
    if (file.isDelete || baseFiles.get(file.name)?.isLocked) {
      placed.push(file);
      continue;
    }
    if (binary === undefined) {
      if (binaryTypeFromName(file.name) !== null) {
        skip(file.name, 'an image or font is written as base64 or placed from an attachment, not as text.');
      } else {
        placed.push(file);
      }
      continue;
    }
    if (binary.kind === 'blob') {
      const known = baseBlobs.get(binary.hash);
      if (known) placed.push({ ...file, content: '', binary: known });
      else skip(file.name, 'it refers to stored bytes this project does not have.');
      continue;
    }
    let bytes: Uint8Array | null;
    if (binary.kind === 'attachment') {
      attachments ??= await assets.attachments();
      const wanted = binary.attachment;
      const attached =
        attachments.find((candidate) => candidate.name === wanted) ??
        attachments.find((candidate) => candidate.name.toLowerCase() === wanted.toLowerCase());
      if (!attached) {
        skip(file.name, `no file named ${wanted} is attached to this message.`);
        continue;
      }
      bytes = attached.bytes;
    } else {
      if (file.isIncomplete) {
        skip(file.name, 'it was cut off before its end.');
        continue;
      }
      bytes = decodeBase64(file.content);
      if (bytes === null) {
        skip(file.name, 'its content is not valid base64.');
        continue;
      }
    }
    const check = checkBinaryFile(file.name, bytes);
    if (!check.ok) {
      skip(file.name, check.message);
      continue;
    }
    const reference = await storeAsset(assets.blobs, bytes, check.mimeType);
    placed.push({ ...file, content: '', binary: { kind: 'blob', ...reference } });
  }
  return { files: placed, notes: notes.map(escapeMarkup) };
}

/** Notes are Markdown text in the answer: a '<' from a file name must never start markup. */
function escapeMarkup(note: string): string {
  return note.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The attachments of a version's user message, read back from the blob store. */
export async function loadMessageAttachments(
  db: Database,
  blobs: BlobStore,
  chatId: string,
  version: number,
): Promise<AttachedFile[]> {
  const [message] = await db
    .select({ files: messages.files })
    .from(messages)
    .where(and(eq(messages.chatId, chatId), eq(messages.version, version), eq(messages.role, 'user')))
    .limit(1);
  const attached: AttachedFile[] = [];
  for (const file of message?.files ?? []) {
    const fileId = /\/([0-9a-f-]{36})$/.exec(file.url)?.[1];
    if (!fileId || !file.name) continue;
    const blob = await blobs.get(attachmentKey(chatId, fileId));
    if (blob) attached.push({ name: file.name, bytes: blob.bytes });
  }
  return attached;
}
