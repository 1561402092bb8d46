import { strToU8, Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { normalizeFilePath } from '../../core/artifact/index.ts';
import { handlerEntry } from '../../core/apps/handler-entry.ts';
import { handlerEnvNames, localDevFiles } from '../../core/apps/local-dev.ts';
import { envExample } from '../../core/integrations/public-env.ts';
import type { Database } from '../db/client.ts';
import type { RequestViewer } from '../http/viewer.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { requireChat } from './access.ts';
import type { ProjectFile } from '../preview/content-hash.ts';
import { versionProjectFiles } from './version-project.ts';

/** Spec §2: the download is named like '{product}-dev.zip'. */
export const ZIP_FILE_NAME = 'kiln-dev.zip';

/**
 * The project of one version as a zip that builds on its own: the snapshot, completed with the
 * framework's blank template when it lacks package.json or its configs (spec §5). An SPA with an
 * `api/` handler also gets what runs it under `npm run dev` (core/apps/local-dev.ts, issue 22 item 6).
 */
export async function zipVersion(
  db: Database,
  blobs: BlobStore,
  viewer: RequestViewer,
  chatId: string,
  version: number,
  /** The enabled integrations' public variables: their names go to `.env.example`, never values. */
  integrationEnv?: (chatId: string) => Promise<Record<string, string>>,
  /** The enabled integrations' server variable names (core `serverEnv`), for `.env.example`. */
  serverEnvNames?: (chatId: string) => Promise<string[]>,
) {
  const chat = await requireChat(db, viewer, chatId, 'download');
  return zipProjectFiles(
    withLocalDev(
      await versionProjectFiles(db, blobs, chat, version),
      Object.keys((await integrationEnv?.(chat.id)) ?? {}),
      (await serverEnvNames?.(chat.id)) ?? [],
    ),
  );
}

/**
 * The files a download adds: `npm run dev` for the `api/` handler, and `.env.example` naming the
 * public variables and the server ones (those of the integrations and those the handler reads).
 */
type ZipFile = Pick<ProjectFile, 'name' | 'content' | 'bytes'>;

export function withLocalDev(
  files: readonly ZipFile[],
  publicNames: readonly string[],
  serverNames: readonly string[],
): ZipFile[] {
  const texts = files.filter((file) => !file.bytes);
  const added = new Map(localDevFiles(texts).map((file) => [file.name, file]));
  const result: ZipFile[] = files.map((file) => added.get(file.name) ?? file);
  for (const file of added.values()) if (!files.some((old) => old.name === file.name)) result.push(file);
  // Server variables matter to a project with server code only.
  const handlerNames =
    handlerEntry(files.map((file) => file.name)) !== null ? [...serverNames, ...handlerEnvNames(texts)] : [];
  const names = [...publicNames, ...handlerNames];
  if (names.length > 0 && !files.some((file) => file.name === '.env.example'))
    result.push({ name: '.env.example', content: envExample(names) });
  return result;
}

/**
 * The zip of a project's files. An entry's name is a relative path that stays inside the folder
 * it is unzipped into on any system (no zip slip, issue 21 item 4): a name the artifact parser
 * would not yield (stored before it refused such names) is left out.
 */
export function zipProjectFiles(files: readonly Pick<ProjectFile, 'name' | 'content' | 'bytes'>[]) {
  const chunks: Uint8Array[] = [];
  // Entry by entry rather than `zipSync({ [name]: … })`: an object keyed by names cannot hold a
  // file named `__proto__` (fflate threw on it, issue 21 fuzzing).
  const zip = new Zip((error, chunk) => {
    if (error) throw error;
    chunks.push(chunk);
  });
  for (const file of files) {
    if (file.name === '' || normalizeFilePath(file.name) !== file.name) continue;
    // Already compressed formats (images, fonts) are stored as they are.
    const entry = file.bytes ? new ZipPassThrough(file.name) : new ZipDeflate(file.name, { level: 6 });
    entry.mtime = ZIP_MTIME;
    zip.add(entry);
    entry.push(file.bytes ?? strToU8(file.content), true);
  }
  zip.end();
  return new Uint8Array(Buffer.concat(chunks));
}

/** One date for every entry: the same version zips to the same bytes. */
const ZIP_MTIME = new Date('2020-01-01T00:00:00Z');
