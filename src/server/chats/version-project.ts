import { isFramework } from '../../core/frameworks/index.ts';
import { completeWithTemplate } from '../../core/snapshot/index.ts';
import type { Database } from '../db/client.ts';
import { ServiceError } from '../http/errors.ts';
import { MissingAssetError, toProjectFile, withBlobBytes } from '../preview/blob-files.ts';
import type { ProjectFile } from '../preview/content-hash.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { loadBlankTemplate } from '../templates/load.ts';
import type { ChatRow } from './access.ts';
import { snapshotAt } from './versions.ts';

/**
 * One version as a project that builds on its own — what the zip holds and what a push sends:
 * the snapshot completed with the framework's blank template by rule (spec §5, decision 0057),
 * binary files (images, fonts) with their bytes from the blob store.
 */
export async function versionProjectFiles(
  db: Database,
  blobs: BlobStore,
  chat: Pick<ChatRow, 'id' | 'framework'>,
  version: number,
): Promise<ProjectFile[]> {
  const snapshot = await snapshotAt(db, chat.id, version);
  if (!snapshot) throw new ServiceError(404, 'version-not-found', `Version #${version} does not exist.`);
  const framework = isFramework(chat.framework) ? chat.framework : 'react';
  const complete = completeWithTemplate(snapshot, await loadBlankTemplate(framework));
  try {
    return await withBlobBytes(complete.files.map(toProjectFile), blobs);
  } catch (error) {
    if (error instanceof MissingAssetError) throw new ServiceError(502, 'asset-missing', error.message);
    throw error;
  }
}
