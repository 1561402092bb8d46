import fs from 'node:fs/promises';
import path from 'node:path';
import { isBlobHash } from '../../core/artifact/index.ts';
import { observeCacheLookup } from '../observability/metrics.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { readAsset, storeAsset } from '../storage/assets.ts';
import { contentTypeOf } from './http/content-types.ts';
import type { OutputCache } from './output-cache.ts';
import { listOutputFiles, readOutputFile } from '../seam/sandbox-files.ts';

/**
 * Built preview outputs in the blob store (issue 20 item 1): every file by its content hash
 * (`assets/sha256/…`, shared with deployments and versions' binary files) and one manifest per
 * project hash, `builds/{hash}.json`. A worker publishes what it built; any web process — one
 * that never built anything — reads it through its local output cache (bounded, LRU), so nothing
 * a preview needs lives only on the machine that built it.
 */
export interface OutputManifest {
  format: 1;
  /** Path below the output's root → the stored file. */
  files: Record<string, { hash: string; size: number }>;
}

export interface StoredOutputs {
  /** Stores a built output folder (the cache's copy of a build) under its project hash. */
  publish(hash: string, dir: string): Promise<void>;
  /** Whether the output is in the store (without fetching it). */
  isStored(hash: string): Promise<boolean>;
  /** Whether the output is in this machine's cache or in the store (without fetching it). */
  exists(hash: string): Promise<boolean>;
  /** The local folder of the output: from the cache, else fetched from the store; null if neither. */
  locate(hash: string): Promise<string | null>;
}

/** Files stored or fetched at once. */
const PARALLEL = 8;
/** The most one output may hold (a build's own limits are lower). */
const MAX_FILES = 20_000;
const MAX_BYTES = 512 * 1024 * 1024;

export function outputManifestKey(hash: string): string {
  if (!/^[0-9a-f]{16,64}$/.test(hash)) throw new Error(`Invalid project hash: ${hash}`);
  return `builds/${hash}.json`;
}

/**
 * A manifest path is written into the cache folder: only plain relative segments, so a manifest
 * (read from a bucket other machines write to) can never place a file outside it.
 */
export function isSafeOutputPath(file: string): boolean {
  if (file.length === 0 || file.length > 1024) return false;
  return file
    .split('/')
    .every((part) => part !== '' && part !== '.' && part !== '..' && !/[\\\0]/.test(part));
}

export function createStoredOutputs(blobs: BlobStore, cache: OutputCache): StoredOutputs {
  /** Hashes known to be in the store: manifests never change once written. */
  const known = new Set<string>();
  /** One fetch per output at a time: a page's many requests arrive together. */
  const fetching = new Map<string, Promise<string | null>>();

  async function readManifest(hash: string): Promise<OutputManifest | null> {
    const blob = await blobs.get(outputManifestKey(hash));
    if (!blob) return null;
    const manifest = JSON.parse(Buffer.from(blob.bytes).toString('utf8')) as OutputManifest;
    if (manifest.format !== 1 || typeof manifest.files !== 'object' || manifest.files === null) {
      throw new Error(`The stored output ${hash} has an unknown format`);
    }
    return manifest;
  }

  async function fetchOutput(hash: string): Promise<string | null> {
    const manifest = await readManifest(hash);
    if (!manifest) return null;
    known.add(hash);
    const entries = Object.entries(manifest.files);
    const total = entries.reduce((sum, [, file]) => sum + file.size, 0);
    if (entries.length > MAX_FILES || total > MAX_BYTES) {
      throw new Error(`The stored output ${hash} is larger than an output may be`);
    }
    const staging = cache.stagingDirOf(hash);
    try {
      await fs.mkdir(staging, { recursive: true });
      const pending = [...entries];
      const worker = async () => {
        for (let entry = pending.pop(); entry; entry = pending.pop()) {
          const [file, stored] = entry;
          if (!isSafeOutputPath(file) || !isBlobHash(stored.hash)) {
            pending.length = 0; // the other workers stop too
            throw new Error(`The stored output ${hash} names an invalid file`);
          }
          const bytes = await readAsset(blobs, stored.hash);
          if (!bytes) throw new Error(`The stored output ${hash} misses ${file}`);
          const target = path.join(staging, ...file.split('/'));
          await fs.mkdir(path.dirname(target), { recursive: true });
          // 'wx': a file of the manifest written twice (or anything already there) is an error.
          await fs.writeFile(target, bytes, { flag: 'wx', mode: 0o644 });
        }
      };
      await allSettledOrThrow(Array.from({ length: PARALLEL }, worker));
      return cache.adopt(hash, staging, total);
    } catch (error) {
      await fs.rm(staging, { recursive: true, force: true });
      throw error;
    }
  }

  return {
    async publish(hash, dir) {
      const files = await listOutputFiles(dir, MAX_FILES);
      const stored: [string, { hash: string; size: number }][] = [];
      const pending = [...files];
      const worker = async () => {
        for (let file = pending.pop(); file; file = pending.pop()) {
          const bytes = await readOutputFile(dir, file);
          if (!bytes) continue;
          const reference = await storeAsset(blobs, bytes, contentTypeOf(file));
          stored.push([file, reference]);
        }
      };
      await allSettledOrThrow(Array.from({ length: PARALLEL }, worker));
      stored.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      const manifest: OutputManifest = { format: 1, files: Object.fromEntries(stored) };
      // Written last: a manifest in the store means every file it names is there.
      await blobs.put(outputManifestKey(hash), Buffer.from(JSON.stringify(manifest)), 'application/json');
      known.add(hash);
    },

    async isStored(hash) {
      if (known.has(hash)) return true;
      const blob = await blobs.get(outputManifestKey(hash));
      if (blob) known.add(hash);
      return blob !== null;
    },

    async exists(hash) {
      return cache.has(hash) || this.isStored(hash);
    },

    async locate(hash) {
      const local = cache.get(hash);
      observeCacheLookup('preview-output', local !== null);
      if (local) return local;
      let running = fetching.get(hash);
      if (!running) {
        running = fetchOutput(hash).finally(() => fetching.delete(hash));
        fetching.set(hash, running);
      }
      return running;
    },
  };
}

/** Like Promise.all, but only once every task has stopped: none still writes after a failure. */
async function allSettledOrThrow(tasks: Promise<void>[]): Promise<void> {
  const failed = (await Promise.allSettled(tasks)).find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}
