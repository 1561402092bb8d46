import { createHash } from 'node:crypto';
import { isBlobHash, type BlobReference } from '../../core/artifact/index.ts';
import type { BlobStore } from './blob-store.ts';

/**
 * Binary files of versions (decision 0039) live once in the blob store, keyed by the SHA-256 of
 * their bytes: every version, remix and chat that holds the same image shares one object.
 */
export function assetKey(hash: string): string {
  if (!isBlobHash(hash)) throw new Error(`Invalid asset hash: ${hash}`);
  return `assets/sha256/${hash}`;
}

export function hashBytes(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Stores bytes under their content hash (idempotent: the same bytes are the same object). */
export async function storeAsset(
  blobs: BlobStore,
  bytes: Uint8Array,
  contentType: string,
): Promise<BlobReference> {
  const hash = hashBytes(bytes);
  await blobs.put(assetKey(hash), bytes, contentType);
  return { hash, size: bytes.byteLength };
}

/** The bytes of a stored asset, checked against their hash; null when missing or altered. */
export async function readAsset(blobs: BlobStore, hash: string): Promise<Uint8Array | null> {
  const blob = await blobs.get(assetKey(hash));
  if (!blob || hashBytes(blob.bytes) !== hash) return null;
  return blob.bytes;
}
