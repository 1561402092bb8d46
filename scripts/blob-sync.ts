/**
 * Copies Kiln's blob store to or from a folder, for scripts/backup.sh and scripts/restore.sh
 * (docs/operations/backup.md). The store is the one Kiln's own settings name: the S3 bucket of
 * KILN_S3_* when KILN_S3_BUCKET is set, else {KILN_DATA_DIR}/blobs.
 *
 *   tsx scripts/blob-sync.ts export FOLDER    store → folder
 *   tsx scripts/blob-sync.ts import FOLDER    folder → store
 *
 * The folder has the local store's layout (a file per key, its content type in `{key}.type`), so
 * a backup keeps every object's content type — `aws s3 sync` to a folder would lose them — and is
 * itself a blob store Kiln can run on. Kiln never rewrites a key with other bytes (keys are
 * content hashes or fresh ids), so a key already there with the same size is skipped: a second
 * export into the same folder copies only what is new.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { parseConfig, type Config } from '../src/server/config.ts';
import type { BlobStore } from '../src/server/storage/blob-store.ts';
import { createLocalBlobStore } from '../src/server/storage/local-blob-store.ts';
import { createS3BlobStore, createS3Client } from '../src/server/storage/s3-blob-store.ts';

/** Objects copied at once. */
const PARALLEL = 8;

/** Every key of a store with its size in bytes. */
type Listing = Map<string, number>;

/** The local store's files: `{key}` beside `{key}.type`; half-written `.tmp` files are not keys. */
function listFolder(root: string): Listing {
  const keys: Listing = new Map();
  const walk = (dir: string) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile() && !entry.name.endsWith('.type') && !entry.name.endsWith('.tmp')) {
        if (!fs.existsSync(`${full}.type`)) continue;
        keys.set(path.relative(root, full).split(path.sep).join('/'), fs.statSync(full).size);
      }
    }
  };
  walk(root);
  return keys;
}

/** Every key of the bucket, with the blob store's own client settings. */
async function listBucket(s3: NonNullable<Config['s3']>): Promise<Listing> {
  const client = createS3Client(s3);
  const keys: Listing = new Map();
  let token: string | undefined;
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, ContinuationToken: token }));
    for (const object of page.Contents ?? []) {
      if (object.Key) keys.set(object.Key, object.Size ?? 0);
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  client.destroy();
  return keys;
}

async function copy(from: BlobStore, to: BlobStore, keys: string[]): Promise<void> {
  for (let start = 0; start < keys.length; start += PARALLEL) {
    await Promise.all(
      keys.slice(start, start + PARALLEL).map(async (key) => {
        const blob = await from.get(key);
        // Deleted since it was listed: nothing to keep.
        if (blob) await to.put(key, blob.bytes, blob.contentType);
      }),
    );
  }
}

/** The keys of `source` that `target` lacks or holds with another size. */
function missingFrom(source: Listing, target: Listing): string[] {
  return [...source].filter(([key, size]) => target.get(key) !== size).map(([key]) => key);
}

async function main(): Promise<void> {
  const [direction, folderArgument] = process.argv.slice(2);
  if ((direction !== 'export' && direction !== 'import') || !folderArgument) {
    console.error('usage: tsx scripts/blob-sync.ts export|import FOLDER');
    process.exit(2);
  }
  const folder = path.resolve(folderArgument);
  const config = parseConfig(process.env);
  const storeName = config.s3 ? `s3://${config.s3.bucket}` : path.resolve(config.dataDir, 'blobs');
  const store = config.s3
    ? createS3BlobStore(config.s3)
    : createLocalBlobStore(path.join(config.dataDir, 'blobs'));
  const storeKeys = config.s3 ? await listBucket(config.s3) : listFolder(path.join(config.dataDir, 'blobs'));
  const folderStore = createLocalBlobStore(folder);
  const folderKeys = listFolder(folder);

  if (direction === 'export') {
    fs.mkdirSync(folder, { recursive: true });
    const keys = missingFrom(storeKeys, folderKeys);
    await copy(store, folderStore, keys);
    console.log(`blobs: ${storeKeys.size} in ${storeName}, ${keys.length} copied to ${folder}`);
  } else {
    const keys = missingFrom(folderKeys, storeKeys);
    await copy(folderStore, store, keys);
    console.log(`blobs: ${folderKeys.size} in ${folder}, ${keys.length} copied to ${storeName}`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
