import { strToU8, zipSync, type Zippable } from 'fflate';
import { envExample } from '../../core/integrations/public-env.ts';
import type { Database } from '../db/client.ts';
import type { RequestViewer } from '../http/viewer.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { requireChat } from './access.ts';
import { versionProjectFiles } from './version-project.ts';

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
  /** The enabled integrations' public variables: their names go to `.env.example`, never values. */
  integrationEnv?: (chatId: string) => Promise<Record<string, string>>,
) {
  const chat = await requireChat(db, viewer, chatId, 'download');
  const files = await versionProjectFiles(db, blobs, chat, version);
  const entries: Zippable = {};
  // Already compressed formats (images, fonts) are stored as they are.
  for (const file of files)
    entries[file.name] = file.bytes ? [file.bytes, { level: 0 }] : strToU8(file.content);
  const names = Object.keys((await integrationEnv?.(chat.id)) ?? {});
  if (names.length > 0 && !files.some((file) => file.name === '.env.example'))
    entries['.env.example'] = strToU8(envExample(names));
  return zipSync(entries, { level: 6, mtime: new Date('2020-01-01T00:00:00Z') });
}
