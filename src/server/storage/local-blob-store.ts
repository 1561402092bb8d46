import { randomUUID } from 'node:crypto';
import { constants as fsConstants } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { assertSafeKey, type BlobStore } from './blob-store.ts';

/** The embedded default: files under {KILN_DATA_DIR}/blobs, content type in a side file. */
export function createLocalBlobStore(root: string): BlobStore {
  const fileOf = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };
  return {
    async put(key, bytes, contentType) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await writeAtomically(`${file}.type`, contentType);
      // Content-addressed assets are put again by every version that places the same bytes:
      // a reader (a build, a zip) must never see a half-written file.
      await writeAtomically(file, bytes);
    },
    async get(key) {
      const file = fileOf(key);
      try {
        const [bytes, contentType] = await Promise.all([
          fs.readFile(file),
          fs.readFile(`${file}.type`, 'utf8'),
        ]);
        return { bytes: new Uint8Array(bytes), contentType };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      const file = fileOf(key);
      await fs.rm(file, { force: true });
      await fs.rm(`${file}.type`, { force: true });
    },
    async check() {
      // The folder is made on first start; a read-only or removed one fails here, not on an upload.
      await fs.mkdir(root, { recursive: true });
      await fs.access(root, fsConstants.W_OK);
    },
  };
}

async function writeAtomically(file: string, data: Uint8Array | string): Promise<void> {
  const temporary = `${file}.${process.pid}.${randomUUID()}.tmp`;
  try {
    await fs.writeFile(temporary, data);
    await fs.rename(temporary, file);
  } catch (error) {
    await fs.rm(temporary, { force: true });
    throw error;
  }
}
