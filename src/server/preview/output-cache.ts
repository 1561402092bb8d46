import fs from 'node:fs';
import path from 'node:path';
import { folderSize } from './build-step.ts';

interface Entry {
  bytes: number;
  lastUsed: number;
}

/** Touching a folder's mtime more often than this is pointless disk traffic. */
const TOUCH_EVERY_MS = 60_000;

/**
 * Built outputs by project hash under `{KILN_DATA_DIR}/builds/{hash}/`, kept by an LRU with a
 * size cap (KILN_PREVIEW_CACHE_MB). The folder's mtime records the last use, so the order
 * survives a restart; an evicted output is rebuilt on demand.
 */
export class OutputCache {
  private readonly entries = new Map<string, Entry>();
  private totalBytes = 0;

  constructor(
    readonly root: string,
    private readonly capBytes: number,
  ) {
    fs.mkdirSync(root, { recursive: true });
    for (const entry of fs.readdirSync(root, { withFileTypes: true })) {
      const full = path.join(root, entry.name);
      if (!entry.isDirectory()) continue;
      // Half-moved outputs of a crashed process.
      if (entry.name.includes('.tmp-')) {
        fs.rmSync(full, { recursive: true, force: true });
        continue;
      }
      const { bytes } = folderSize(full);
      this.entries.set(entry.name, { bytes, lastUsed: fs.statSync(full).mtimeMs });
      this.totalBytes += bytes;
    }
  }

  dirOf(hash: string): string {
    return path.join(this.root, hash);
  }

  /** The output folder when present (and marks it used). */
  get(hash: string): string | null {
    let entry = this.entries.get(hash);
    const dir = this.dirOf(hash);
    if (!entry) {
      // Another process (a worker sharing the data folder) may have added it.
      if (!/^[0-9a-f]{16,64}$/.test(hash) || !fs.existsSync(dir)) return null;
      entry = { bytes: folderSize(dir).bytes, lastUsed: 0 };
      this.entries.set(hash, entry);
      this.totalBytes += entry.bytes;
    }
    const now = Date.now();
    if (now - entry.lastUsed > TOUCH_EVERY_MS) {
      try {
        fs.utimesSync(dir, new Date(now), new Date(now));
      } catch {
        this.forget(hash);
        return null;
      }
    }
    entry.lastUsed = now;
    return dir;
  }

  has(hash: string): boolean {
    return this.entries.has(hash) || fs.existsSync(this.dirOf(hash));
  }

  /** Moves a finished build in (same filesystem: a rename), then evicts down to the cap. */
  put(hash: string, outputDir: string): string {
    const target = this.dirOf(hash);
    const staging = `${target}.tmp-${process.pid}-${Date.now()}`;
    fs.renameSync(outputDir, staging);
    if (fs.existsSync(target)) {
      // Built twice concurrently: the first one stays.
      fs.rmSync(staging, { recursive: true, force: true });
    } else {
      fs.renameSync(staging, target);
      const { bytes } = folderSize(target);
      this.forget(hash);
      this.entries.set(hash, { bytes, lastUsed: Date.now() });
      this.totalBytes += bytes;
    }
    this.evict(hash);
    return target;
  }

  get sizeBytes(): number {
    return this.totalBytes;
  }

  private evict(keep: string): void {
    if (this.totalBytes <= this.capBytes) return;
    const oldest = [...this.entries]
      .filter(([hash]) => hash !== keep)
      .sort((a, b) => a[1].lastUsed - b[1].lastUsed);
    for (const [hash] of oldest) {
      if (this.totalBytes <= this.capBytes) break;
      fs.rmSync(this.dirOf(hash), { recursive: true, force: true });
      this.forget(hash);
    }
  }

  private forget(hash: string): void {
    const entry = this.entries.get(hash);
    if (!entry) return;
    this.totalBytes -= entry.bytes;
    this.entries.delete(hash);
  }
}
