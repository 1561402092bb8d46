/**
 * Which versions of a package Kiln's shared pnpm store holds (issue 33 item 1): a version there
 * installs offline, with no download. pnpm 12's store (`{KILN_DATA_DIR}/pnpm-store/v11`) indexes
 * its packages in a SQLite file whose keys read `{integrity}\t{name}@{version}`; Kiln reads those
 * keys from the file's bytes (and its write-ahead log), without a SQLite driver, which Node 20
 * lacks. Read again only when the files changed, at most once a minute; a store that is missing
 * or unreadable holds nothing.
 */
import fs from 'node:fs/promises';
import path from 'node:path';

export interface StoreVersions {
  versionsOf(name: string): Promise<string[]>;
}

const KEY =
  /\t((?:@[a-z0-9][\w.~-]*\/)?[a-z0-9][\w.~-]*)@(\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?)/g;

/**
 * Every `name@version` key in a chunk of the index's bytes (read as latin1) that starts before
 * `until` (a key starting later may be cut by the chunk's end: the next chunk reads it).
 */
export function storeIndexKeys(
  text: string,
  into = new Map<string, Set<string>>(),
  until = text.length,
): Map<string, Set<string>> {
  for (const match of text.matchAll(KEY)) {
    if (match.index >= until) break;
    const versions = into.get(match[1]!) ?? new Set<string>();
    versions.add(match[2]!);
    into.set(match[1]!, versions);
  }
  return into;
}

const CHUNK = 4 * 1024 * 1024;
/** Longer than any key, so a key cut by a chunk's end is read whole in the next. */
const OVERLAP = 1024;

export function createStoreVersions(
  storeDir: string,
  options: { minIntervalMs?: number; now?: () => number } = {},
): StoreVersions {
  const minIntervalMs = options.minIntervalMs ?? 60_000;
  const now = options.now ?? Date.now;
  let index: Map<string, Set<string>> = new Map();
  let signature = '';
  let checkedAt = -Infinity;
  let reading: Promise<void> | null = null;

  async function refresh(): Promise<void> {
    const files = await indexFiles(storeDir);
    const stats = await Promise.all(files.map((file) => fs.stat(file).catch(() => null)));
    const next = stats.map((stat, i) => `${files[i]}:${stat?.size}:${stat?.mtimeMs}`).join('|');
    if (next === signature) return;
    const keys = new Map<string, Set<string>>();
    for (const file of files) await scan(file, keys);
    index = keys;
    signature = next;
  }

  return {
    async versionsOf(name) {
      if (now() - checkedAt >= minIntervalMs) {
        checkedAt = now();
        reading ??= refresh()
          .catch(() => undefined)
          .finally(() => (reading = null));
      }
      if (reading) await reading;
      return [...(index.get(name) ?? [])];
    },
  };
}

/** `{store}/v*\/index.db` and its write-ahead log. */
async function indexFiles(storeDir: string): Promise<string[]> {
  const entries = await fs.readdir(storeDir).catch(() => [] as string[]);
  const files: string[] = [];
  for (const entry of entries.filter((name) => /^v\d+$/.test(name)).sort()) {
    for (const name of ['index.db', 'index.db-wal']) files.push(path.join(storeDir, entry, name));
  }
  return files;
}

async function scan(file: string, into: Map<string, Set<string>>): Promise<void> {
  const handle = await fs.open(file, 'r').catch(() => null);
  if (!handle) return;
  try {
    const buffer = Buffer.alloc(CHUNK + OVERLAP);
    let position = 0;
    let carried = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, carried, CHUNK, position);
      const length = carried + bytesRead;
      const isLast = bytesRead < CHUNK;
      storeIndexKeys(buffer.toString('latin1', 0, length), into, isLast ? length : length - OVERLAP);
      if (isLast) break;
      position += bytesRead;
      carried = OVERLAP;
      buffer.copy(buffer, 0, length - carried, length);
    }
  } finally {
    await handle.close();
  }
}
