import { createHash } from 'node:crypto';
import type { BlobReference } from '../../core/artifact/index.ts';

export interface ProjectFile {
  name: string;
  /** Text content; empty for a binary file. */
  content: string;
  /** A binary file's bytes (images, icons, fonts); absent for text files. */
  bytes?: Uint8Array;
  /** A binary file of a snapshot: its bytes in the blob store (`blob-files.ts` reads them). */
  blob?: BlobReference;
}

/**
 * Bumped when the way Kiln installs or builds changes, so old outputs are not served for
 * projects that would now build differently.
 */
export const BUILDER_REVISION = 3;

/**
 * The key of a built output: the materialized project (file names and contents, order-free)
 * and its framework. Identical projects — a remix, a theme round-trip, a rebuild after a
 * restart — share one output and are served without building.
 */
export function projectHash(framework: string, files: readonly ProjectFile[]): string {
  const hash = createHash('sha256');
  hash.update(`kiln-preview:${BUILDER_REVISION}:${framework}\0`);
  const sorted = [...files].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const file of sorted) {
    hash.update(file.name);
    hash.update('\0');
    if (file.blob) {
      // The content hash stands for the bytes, so a project hashes the same before and after
      // its bytes are read.
      hash.update(`h${file.blob.hash}\0`);
      continue;
    }
    const body = file.bytes ?? file.content;
    hash.update(file.bytes ? 'b' : 't');
    hash.update(String(typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength));
    hash.update('\0');
    hash.update(body);
  }
  return hash.digest('hex').slice(0, 40);
}
