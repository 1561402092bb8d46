import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { folderSize, lstatOrNull } from './build-step.ts';
import { APP_FOLDER } from '../../core/apps/index.ts';
import { copyRegularFiles, type CopyLimits, type CopyOutcome } from '../seam/sandbox-files.ts';

/** A build's output as stored, or why it was not. */
export type StoreOutcome = { ok: true; dir: string } | Exclude<CopyOutcome, { ok: true }>;

interface Entry {
  bytes: number;
  lastUsed: number;
}

/** Touching a folder's mtime more often than this is pointless disk traffic. */
const TOUCH_EVERY_MS = 60_000;

/**
 * Built outputs by project hash under `{KILN_DATA_DIR}/builds/{hash}/`, kept by an LRU with a
 * size cap (KILN_PREVIEW_CACHE_MB). The folder's mtime records the last use, so the order
 * survives a restart; an evicted output is rebuilt on demand. It holds regular files and
 * folders only (decision 0037): a stored output is a fresh copy, never the build's own inodes.
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
      this.entries.set(entry.name, { bytes, lastUsed: fs.lstatSync(full).mtimeMs });
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
      if (!/^[0-9a-f]{16,64}$/.test(hash) || !isRealDirectory(dir)) return null;
      entry = { bytes: folderSize(dir).bytes, lastUsed: 0 };
      this.entries.set(hash, entry);
      this.totalBytes += entry.bytes;
    } else if (!isRealDirectory(dir)) {
      // Removed, or replaced by something that is not a folder (a link is never served).
      this.forget(hash);
      return null;
    }
    const now = Date.now();
    if (now - entry.lastUsed > TOUCH_EVERY_MS) {
      try {
        fs.lutimesSync(dir, new Date(now), new Date(now));
      } catch {
        this.forget(hash);
        return null;
      }
    }
    entry.lastUsed = now;
    return dir;
  }

  has(hash: string): boolean {
    return this.entries.has(hash) || isRealDirectory(this.dirOf(hash));
  }

  /**
   * Stores a finished build: the regular files and folders of `outputDir` (inside `workspace`)
   * are copied into a staging folder, Kiln's own files (`kilnFiles`, its app manifest and handler
   * bundle) are written into the copy's `.kiln-app` folder, and the copy is renamed into place;
   * then the cache is evicted down to its cap. An output holding anything else (a symbolic link, a
   * device, a FIFO, a socket, a name Kiln reserves) or more than `limits` is not stored, and the
   * outcome says why (decisions 0037, 0055). `output` null: Kiln's files alone (a server's build).
   */
  async put(
    hash: string,
    output: { workspace: string; outputDir: string } | null,
    limits: CopyLimits,
    kilnFiles: Readonly<Record<string, string | Uint8Array>> = {},
  ): Promise<StoreOutcome> {
    const staging = this.stagingDirOf(hash);
    let bytes = 0;
    try {
      if (output) {
        const copied = await copyRegularFiles(output.workspace, output.outputDir, staging, limits);
        if (!copied.ok) {
          fs.rmSync(staging, { recursive: true, force: true });
          return copied;
        }
        bytes = copied.bytes;
      } else {
        await fsp.mkdir(staging);
      }
      bytes += await writeKilnFiles(staging, kilnFiles);
    } catch (error) {
      fs.rmSync(staging, { recursive: true, force: true });
      throw error;
    }
    return { ok: true, dir: this.adopt(hash, staging, bytes) };
  }

  /** The staging folder for an output being made (a build's copy, one read from the blob store). */
  stagingDirOf(hash: string): string {
    return `${this.dirOf(hash)}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
  }

  /**
   * Moves a complete staging folder (regular files and folders only, `bytes` in all) into place
   * as `hash`'s output, then evicts down to the cap. Made twice at once: the first one stays.
   */
  adopt(hash: string, staging: string, bytes: number): string {
    const target = this.dirOf(hash);
    const existing = lstatOrNull(target);
    if (existing?.isDirectory()) {
      fs.rmSync(staging, { recursive: true, force: true });
    } else {
      // Anything else under the output's name (a link) is removed, never followed.
      if (existing) fs.rmSync(target, { force: true });
      fs.renameSync(staging, target);
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

/** A folder itself, not a link to one. */
function isRealDirectory(dir: string): boolean {
  return lstatOrNull(dir)?.isDirectory() ?? false;
}

/** Kiln's files of an output, into the staging copy that only Kiln writes: their byte count. */
async function writeKilnFiles(
  staging: string,
  files: Readonly<Record<string, string | Uint8Array>>,
): Promise<number> {
  const names = Object.keys(files);
  if (names.length === 0) return 0;
  const dir = path.join(staging, APP_FOLDER);
  await fsp.mkdir(dir, { mode: 0o755 });
  let bytes = 0;
  for (const name of names) {
    if (!/^[\w.-]+$/.test(name) || name.startsWith('.')) throw new Error(`Invalid app file name: ${name}`);
    const body = files[name] as string | Uint8Array;
    // 'wx': a fresh file in a fresh folder.
    await fsp.writeFile(path.join(dir, name), body, { flag: 'wx', mode: 0o644 });
    bytes += typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
  }
  return bytes;
}
