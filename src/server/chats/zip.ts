import { strToU8, zipSync, type Zippable } from 'fflate';
import { completeWithTemplate } from '../../core/snapshot/index.ts';
import { isFramework } from '../../core/frameworks/index.ts';
import type { Database } from '../db/client.ts';
import type { RequestViewer } from '../http/viewer.ts';
import { ServiceError } from '../http/errors.ts';
import { MissingAssetError, toProjectFile, withBlobBytes } from '../preview/blob-files.ts';
import type { ProjectFile } from '../preview/content-hash.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { loadBlankTemplate } from '../templates/load.ts';
import { requireChat } from './access.ts';
import { snapshotAt } from './versions.ts';

/** Spec §2: the download is named like '{product}-dev.zip'. */
export const ZIP_FILE_NAME = 'kiln-dev.zip';

/**
 * The project of one version as a zip that builds on its own: the snapshot, completed with the
 * framework's blank template when it lacks package.json or its configs (spec §5).
 */
export async function zipVersion(
  db: Database,
  blobs: BlobStore,
  viewer: RequestViewer,
  chatId: string,
  version: number,
) {
  const chat = await requireChat(db, viewer, chatId, 'download');
  const snapshot = await snapshotAt(db, chat.id, version);
  if (!snapshot) throw new ServiceError(404, 'version-not-found', `Version #${version} does not exist.`);
  const framework = isFramework(chat.framework) ? chat.framework : 'react';
  const complete = completeWithTemplate(snapshot, await loadBlankTemplate(framework));
  let files: ProjectFile[];
  try {
    // Binary files (images, fonts) are stored once by content hash: the zip holds their bytes.
    files = await withBlobBytes(complete.files.map(toProjectFile), blobs);
  } catch (error) {
    if (error instanceof MissingAssetError) throw new ServiceError(502, 'asset-missing', error.message);
    throw error;
  }
  const entries: Zippable = {};
  // Already compressed formats (images, fonts) are stored as they are.
  for (const file of files)
    entries[file.name] = file.bytes ? [file.bytes, { level: 0 }] : strToU8(file.content);
  return zipSync(entries, { level: 6, mtime: new Date('2020-01-01T00:00:00Z') });
}
