import { createHash } from 'node:crypto';
import { parseHeadersFile, SITE_CONFIG_FILES, type HeaderRule } from '../../core/hosting/site-headers.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { storeAsset } from '../storage/assets.ts';
import { contentTypeOf } from '../preview/http/content-types.ts';

/**
 * A deployed site as stored (issue 14, decision 0042): every file by its content hash in the blob
 * store (`assets/sha256/…`, shared with versions' binary files) and one manifest naming them,
 * `sites/{hash}.json`. Nothing of it lives only on this machine's disk or in the preview cache,
 * so a deployment is never evicted, survives a restart, and any Kiln machine on the same store
 * (S3) serves it.
 */
export interface SiteManifest {
  format: 1;
  files: Record<string, SiteFile>;
  /** The site's own `_headers` rules (Netlify's format), parsed once at deploy time. */
  headers: HeaderRule[];
}

export interface SiteFile {
  hash: string;
  size: number;
  type: string;
}

export interface SiteSourceFile {
  /** Path below the site's root, `/`-separated, no leading slash. */
  path: string;
  bytes: Uint8Array;
}

const MANIFEST_TYPE = 'application/json';

export function manifestKey(id: string): string {
  if (!/^[0-9a-f]{64}$/.test(id)) throw new Error(`Invalid site id: ${id}`);
  return `sites/${id}.json`;
}

/** Stores the files and their manifest; returns the manifest's id (its content hash). */
export async function storeSite(blobs: BlobStore, files: readonly SiteSourceFile[]): Promise<string> {
  const entries: [string, SiteFile][] = [];
  let headers: HeaderRule[] = [];
  const pending = [...files];
  const worker = async () => {
    for (let file = pending.pop(); file; file = pending.pop()) {
      if (file.path === '_headers') headers = parseHeadersFile(Buffer.from(file.bytes).toString('utf8'));
      if (SITE_CONFIG_FILES.has(file.path)) continue;
      const type = contentTypeOf(file.path);
      const { hash, size } = await storeAsset(blobs, file.bytes, type);
      entries.push([file.path, { hash, size, type }]);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const manifest: SiteManifest = { format: 1, files: Object.fromEntries(entries), headers };
  const bytes = Buffer.from(JSON.stringify(manifest));
  const id = createHash('sha256').update(bytes).digest('hex');
  await blobs.put(manifestKey(id), bytes, MANIFEST_TYPE);
  return id;
}

export async function readSiteManifest(blobs: BlobStore, id: string): Promise<SiteManifest | null> {
  const blob = await blobs.get(manifestKey(id));
  if (!blob) return null;
  if (createHash('sha256').update(blob.bytes).digest('hex') !== id) return null;
  return JSON.parse(Buffer.from(blob.bytes).toString('utf8')) as SiteManifest;
}
