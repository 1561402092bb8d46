import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Issue 37 item 2 (decision 0063): the answers builds fetched, kept for every later build on this
 * machine, so a rebuild needs no network. One file per answer under Kiln's data folder, named by
 * the hash of its method and URL (a name Kiln computes; nothing a sandbox wrote is ever a path
 * here), its bytes written by Kiln from what Kiln fetched. Bounded: the least recently used
 * answers go first.
 */
export interface CachedResponse {
  /** The URL after redirects. */
  url: string;
  status: number;
  /** The headers Kiln hands back (hop-by-hop ones and encodings already left out). */
  headers: [string, string][];
  body: Buffer;
  storedAt: number;
  /** Until when it is answered without asking the network (core freshUntil). */
  freshUntil: number;
}

type Meta = Omit<CachedResponse, 'body'> & { key: string };

/** A time of use that only grows (two uses in one millisecond still have an order). */
let lastUse = 0;
function useStamp(): number {
  lastUse = Math.max(Date.now(), lastUse + 0.001);
  return lastUse;
}

/** The first line of a file is its JSON description; the body follows. */
const NEWLINE = 0x0a;

export class ResponseCache {
  /** Hash → size and last use; read from the folder on first use, then kept in step. */
  private index: Promise<Map<string, { bytes: number; usedAt: number }>> | null = null;
  private total = 0;

  constructor(
    readonly dir: string,
    readonly maxBytes: number,
  ) {}

  /** The largest answer kept: a few of them always fit. */
  get maxEntryBytes(): number {
    return Math.floor(this.maxBytes / 4);
  }

  async get(key: string): Promise<CachedResponse | null> {
    const index = await this.loaded();
    const name = hashOf(key);
    const known = index.get(name);
    if (!known) return null;
    let bytes: Buffer;
    try {
      bytes = await fs.readFile(this.fileOf(name));
    } catch {
      this.forget(index, name);
      return null;
    }
    const end = bytes.indexOf(NEWLINE);
    let meta: Meta;
    try {
      meta = JSON.parse(bytes.subarray(0, Math.max(0, end)).toString('utf8')) as Meta;
    } catch {
      return null;
    }
    // A file cut short, or a hash collision: not this answer.
    if (end < 0 || meta.key !== key) return null;
    known.usedAt = useStamp();
    // Its time on disk is its last use, so the order survives a restart.
    void fs.utimes(this.fileOf(name), new Date(), new Date()).catch(() => undefined);
    return {
      url: meta.url,
      status: meta.status,
      headers: meta.headers,
      storedAt: meta.storedAt,
      freshUntil: meta.freshUntil,
      body: bytes.subarray(end + 1),
    };
  }

  async put(key: string, response: CachedResponse): Promise<void> {
    if (response.body.length > this.maxEntryBytes) return;
    const index = await this.loaded();
    const name = hashOf(key);
    const { body, ...meta } = response;
    const head = Buffer.from(`${JSON.stringify({ key, ...meta } satisfies Meta)}\n`, 'utf8');
    const file = this.fileOf(name);
    // Written whole beside it, then renamed: a reader sees the old answer or the new one.
    const staging = `${file}.${randomBytes(4).toString('hex')}.tmp`;
    await fs.mkdir(this.dir, { recursive: true });
    await fs.writeFile(staging, Buffer.concat([head, body]));
    await fs.rename(staging, file);
    this.forget(index, name);
    index.set(name, { bytes: head.length + body.length, usedAt: useStamp() });
    this.total += head.length + body.length;
    await this.evict(index);
  }

  private fileOf(name: string): string {
    return path.join(this.dir, `${name}.answer`);
  }

  private forget(index: Map<string, { bytes: number }>, name: string): void {
    const known = index.get(name);
    if (!known) return;
    this.total -= known.bytes;
    index.delete(name);
  }

  /** The least recently used answers go until the rest fit. */
  private async evict(index: Map<string, { bytes: number; usedAt: number }>): Promise<void> {
    if (this.total <= this.maxBytes) return;
    const oldestFirst = [...index.entries()].sort(([, a], [, b]) => a.usedAt - b.usedAt);
    for (const [name] of oldestFirst) {
      if (this.total <= this.maxBytes) break;
      this.forget(index, name);
      await fs.rm(this.fileOf(name), { force: true });
    }
  }

  private loaded(): Promise<Map<string, { bytes: number; usedAt: number }>> {
    this.index ??= (async () => {
      const index = new Map<string, { bytes: number; usedAt: number }>();
      const names = await fs.readdir(this.dir).catch(() => [] as string[]);
      for (const entry of names) {
        const file = path.join(this.dir, entry);
        // Half-written files of a process that died.
        if (entry.endsWith('.tmp')) await fs.rm(file, { force: true });
        const name = /^([0-9a-f]{64})\.answer$/.exec(entry)?.[1];
        if (!name) continue;
        const stat = await fs.lstat(file).catch(() => null);
        if (!stat?.isFile()) continue;
        index.set(name, { bytes: stat.size, usedAt: stat.mtimeMs });
        this.total += stat.size;
      }
      await this.evict(index);
      return index;
    })();
    return this.index;
  }
}

function hashOf(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}
