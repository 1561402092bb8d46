import { BINARY_MIME_TYPES, binaryTypeFromName, normalizeFilePath } from '../../core/artifact/index.ts';
import type { Database } from '../db/client.ts';
import type { RequestViewer } from '../http/viewer.ts';
import { ServiceError } from '../http/errors.ts';
import { readAsset } from '../storage/assets.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { requireChat } from './access.ts';
import { snapshotAt } from './versions.ts';

export interface VersionBinaryFile {
  bytes: Uint8Array;
  contentType: string;
  hash: string;
  isPrivate: boolean;
}

/**
 * The bytes of a binary file of a version (decision 0039), for the code view's image preview.
 * Asked by chat, version and path, never by hash alone: only someone who may view the chat
 * gets them, and a private chat's file is the same 404 as a missing one.
 */
export async function readVersionBinaryFile(
  db: Database,
  blobs: BlobStore,
  viewer: RequestViewer,
  chatId: string,
  version: number,
  path: string,
): Promise<VersionBinaryFile> {
  const chat = await requireChat(db, viewer, chatId, 'view');
  const snapshot = await snapshotAt(db, chat.id, version);
  if (!snapshot) throw new ServiceError(404, 'version-not-found', `Version #${version} does not exist.`);
  const name = normalizeFilePath(path);
  const file = snapshot.files.find((candidate) => candidate.name === name);
  const type = binaryTypeFromName(name);
  if (file?.binary?.kind !== 'blob' || type === null) {
    throw new ServiceError(404, 'not-found', 'This version has no binary file at that path.');
  }
  const bytes = await readAsset(blobs, file.binary.hash);
  if (!bytes) throw new ServiceError(502, 'asset-missing', `The stored bytes of ${name} are missing.`);
  return { bytes, contentType: BINARY_MIME_TYPES[type], hash: file.binary.hash, isPrivate: chat.isPrivate };
}
