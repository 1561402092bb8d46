import type { BlobReference, SnapshotFile } from '../../core/artifact/index.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { readAsset } from '../storage/assets.ts';
import type { ProjectFile } from './content-hash.ts';

/** A binary file whose bytes are not in the blob store (deleted, or the store was replaced). */
export class MissingAssetError extends Error {
  constructor(readonly fileName: string) {
    super(`The stored bytes of ${fileName} are missing.`);
  }
}

/** A snapshot's file as a project file: a binary one by its blob reference, read later. */
export function toProjectFile(file: Pick<SnapshotFile, 'name' | 'content' | 'binary'>): ProjectFile {
  return file.binary?.kind === 'blob'
    ? { name: file.name, content: '', blob: { hash: file.binary.hash, size: file.binary.size } }
    : { name: file.name, content: file.content };
}

/**
 * The files with the bytes of their binary files read from the blob store (decision 0039):
 * what a build's workspace, a zip, a deployment or a push writes. Text files pass unchanged.
 */
export async function withBlobBytes(files: readonly ProjectFile[], blobs: BlobStore): Promise<ProjectFile[]> {
  const result = [...files];
  const pending = result.flatMap((file, index) => (file.blob && !file.bytes ? [index] : []));
  // A few reads at a time: a project may hold many images, each up to 5 MB.
  const worker = async () => {
    for (let index = pending.pop(); index !== undefined; index = pending.pop()) {
      const file = result[index] as ProjectFile;
      const bytes = await readAsset(blobs, (file.blob as BlobReference).hash);
      if (!bytes) throw new MissingAssetError(file.name);
      result[index] = { ...file, bytes };
    }
  };
  await Promise.all(Array.from({ length: READ_CONCURRENCY }, worker));
  return result;
}

const READ_CONCURRENCY = 4;
