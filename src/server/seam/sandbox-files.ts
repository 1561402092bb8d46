import { constants } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { isInAppFolder } from '../../core/apps/index.ts';

/**
 * The execution seam (decision 0055, docs/security.md 'The execution seam'): every host-side read,
 * copy or walk of a tree that sandboxed code wrote goes through this module, which refuses links,
 * devices and FIFOs, never follows a path component the sandbox could have replaced, and copies
 * rather than renames. src/server/seam/seam-inventory.test.ts keeps other modules off such trees.
 *
 * Build output as Kiln stores and serves it: regular files and folders only
 * (docs/rules/serving-build-output.md, decision 0037). A build runs generated code inside the
 * sandbox, but the server reads its output outside it, with its own rights: a symbolic link in
 * the output would make the server read whatever the link names (its environment through
 * /proc/self/environ, the data folder's secret, /etc, another build's workspace).
 */

/** What is not a regular file or folder. */
export type NonRegularKind =
  | 'symbolic link'
  | 'block device'
  | 'character device'
  | 'FIFO'
  | 'socket'
  /** A regular file Kiln cannot open (its permissions), or one that changed while it was copied. */
  | 'unreadable file'
  /** A name Kiln keeps for its own files (`.kiln-app`, decision 0055): a build never writes it. */
  | 'reserved name';

export interface NonRegularEntry {
  /** Relative to the workspace (or the folder the walk started from), `/`-separated. */
  path: string;
  kind: NonRegularKind;
  /** A symbolic link's target, as written (never resolved). */
  target?: string;
}

export type CopyOutcome =
  | { ok: true; files: number; bytes: number }
  | { ok: false; reason: 'not-regular'; entries: NonRegularEntry[] }
  | { ok: false; reason: 'too-large' };

export interface CopyLimits {
  maxFiles: number;
  maxBytes: number;
}

/**
 * Never follows a link in the last component (O_NOFOLLOW); never blocks on a FIFO (O_NONBLOCK);
 * never takes a terminal as controlling terminal (O_NOCTTY).
 */
const OPEN_NO_FOLLOW = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK | constants.O_NOCTTY;

const COPY_CHUNK_BYTES = 1024 * 1024;

/**
 * Opens `file` for reading only if it is a regular file reached without following any link.
 * `file` must be a canonical absolute path (its folders' real path): the opened descriptor's
 * own path (/proc/self/fd) must equal it, so a link in any folder of the path, even one swapped
 * in between a check and the open, is refused. Null for anything else.
 */
export async function openRegularFile(file: string): Promise<fs.FileHandle | null> {
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(file, OPEN_NO_FOLLOW);
  } catch {
    return null;
  }
  try {
    const stat = await handle.stat();
    if (stat.isFile() && (await descriptorPathIs(handle, file))) return handle;
  } catch {
    // fall through: closed below
  }
  await handle.close();
  return null;
}

async function descriptorPathIs(handle: fs.FileHandle, expected: string): Promise<boolean> {
  try {
    return (await fs.readlink(`/proc/self/fd/${handle.fd}`)) === expected;
  } catch {
    // Without /proc (not Linux), the callers' lstat of every folder on the path stands alone.
    return process.platform !== 'linux';
  }
}

/** The kind of a non-regular, non-folder entry, from its lstat. */
export function nonRegularKindOf(stat: {
  isSymbolicLink(): boolean;
  isBlockDevice(): boolean;
  isCharacterDevice(): boolean;
  isFIFO(): boolean;
}): NonRegularKind {
  if (stat.isSymbolicLink()) return 'symbolic link';
  if (stat.isBlockDevice()) return 'block device';
  if (stat.isCharacterDevice()) return 'character device';
  if (stat.isFIFO()) return 'FIFO';
  return 'socket';
}

/**
 * Copies the folder `base/source` into the new folder `target` (which must not exist), keeping
 * only regular files and folders, without following any link: every file is opened with
 * O_NOFOLLOW and checked, and its bytes go into a fresh file. A hard link thus becomes a copy
 * of its content, and nothing stored shares an inode with what the sandbox made (a process of
 * the build still alive could otherwise change the stored file). `source` itself and every
 * folder between `base` and it must be real folders too. Anything else is reported (with the
 * copy made so far left for the caller to remove); so is going over `limits`.
 */
export async function copyRegularFiles(
  base: string,
  source: string,
  target: string,
  limits: CopyLimits,
): Promise<CopyOutcome> {
  const realBase = await fs.realpath(base);
  const relativeSource = path.relative(base, path.resolve(base, source));
  if (relativeSource.startsWith('..') || path.isAbsolute(relativeSource)) {
    throw new Error(`copyRegularFiles: ${source} is not inside ${base}`);
  }
  const sourceParts = relativeSource === '' ? [] : relativeSource.split(path.sep);
  const entries: NonRegularEntry[] = [];
  const display = (parts: readonly string[]) => parts.join('/');

  // The output folder and the folders above it (dist/, dist/app/) must not be links either.
  for (let depth = 1; depth <= sourceParts.length; depth++) {
    const parts = sourceParts.slice(0, depth);
    const full = path.join(realBase, ...parts);
    const stat = await fs.lstat(full);
    if (stat.isDirectory()) continue;
    entries.push(await describeEntry(full, display(parts), stat));
    return { ok: false, reason: 'not-regular', entries };
  }

  let files = 0;
  let bytes = 0;
  const copyFolder = async (parts: readonly string[]): Promise<'too-large' | null> => {
    const from = path.join(realBase, ...parts);
    const to = path.join(target, ...parts.slice(sourceParts.length));
    await fs.mkdir(to, { mode: 0o755 });
    const names = (await fs.readdir(from)).sort();
    for (const name of names) {
      const childParts = [...parts, name];
      const child = path.join(from, name);
      // Kiln's own folder (`.kiln-app`, any case: decision 0055) is never a build's to write.
      if (parts.length === sourceParts.length && isInAppFolder([name])) {
        entries.push({ path: display(childParts), kind: 'reserved name' });
        continue;
      }
      let stat;
      try {
        stat = await fs.lstat(child);
      } catch {
        continue; // removed meanwhile: nothing to store
      }
      if (stat.isDirectory()) {
        if ((await copyFolder(childParts)) === 'too-large') return 'too-large';
        continue;
      }
      if (!stat.isFile()) {
        entries.push(await describeEntry(child, display(childParts), stat));
        continue;
      }
      files += 1;
      if (files > limits.maxFiles) return 'too-large';
      const copied = await copyFile(child, path.join(to, name), limits.maxBytes - bytes);
      if (copied === 'not-regular') {
        // Unreadable, or changed into something else between the lstat and the open.
        const now = await fs.lstat(child).catch(() => null);
        if (!now)
          files -= 1; // removed meanwhile
        else if (now.isFile() || now.isDirectory())
          entries.push({ path: display(childParts), kind: 'unreadable file' });
        else entries.push(await describeEntry(child, display(childParts), now));
        continue;
      }
      if (copied === 'too-large') return 'too-large';
      bytes += copied;
    }
    return null;
  };
  if ((await copyFolder(sourceParts)) === 'too-large') return { ok: false, reason: 'too-large' };
  if (entries.length > 0) {
    entries.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    return { ok: false, reason: 'not-regular', entries };
  }
  return { ok: true, files, bytes };
}

async function describeEntry(
  full: string,
  shown: string,
  stat: Parameters<typeof nonRegularKindOf>[0],
): Promise<NonRegularEntry> {
  const kind = nonRegularKindOf(stat);
  if (kind !== 'symbolic link') return { path: shown, kind };
  // readlink reads the link itself; the target is never opened.
  const target = await fs.readlink(full).catch(() => undefined);
  return target === undefined ? { path: shown, kind } : { path: shown, kind, target };
}

/** Copies one regular file's bytes into a new file; the byte count, or why not. */
async function copyFile(
  from: string,
  to: string,
  budgetBytes: number,
): Promise<number | 'not-regular' | 'too-large'> {
  const source = await openRegularFile(from);
  if (!source) return 'not-regular';
  try {
    // 'wx': a fresh file (O_CREAT | O_EXCL), never an existing one nor a link's target.
    const destination = await fs.open(to, 'wx', 0o644);
    try {
      const buffer = Buffer.allocUnsafe(COPY_CHUNK_BYTES);
      let total = 0;
      for (;;) {
        const { bytesRead } = await source.read(buffer, 0, buffer.length, null);
        if (bytesRead === 0) return total;
        total += bytesRead;
        if (total > budgetBytes) return 'too-large';
        await destination.write(buffer, 0, bytesRead);
      }
    } finally {
      await destination.close();
    }
  } finally {
    await source.close();
  }
}

/** Longest a name or link target is shown in the build log. */
const SHOWN_CHARS = 200;
/** Entries listed in the build log at most. */
const SHOWN_ENTRIES = 20;

/** Control characters (a newline in a file name) would forge lines of the log. */
function printable(text: string): string {
  const clean = text.replace(/\p{Cc}/gu, '?');
  return clean.length > SHOWN_CHARS ? `${clean.slice(0, SHOWN_CHARS)}…` : clean;
}

/** The build log's explanation of a refused output: what, and how to fix it. */
export function describeNonRegularEntries(entries: readonly NonRegularEntry[]): string {
  const reserved = entries.filter((entry) => entry.kind === 'reserved name');
  if (reserved.length > 0) {
    return [
      'Error: the build output holds a name Kiln keeps for its own files (the app server’s description and bundle):',
      ...reserved.slice(0, SHOWN_ENTRIES).map((entry) => `  ${printable(entry.path)}`),
      'Rename that folder in the project (its files are never served).',
    ].join('\n');
  }
  const lines = entries.slice(0, SHOWN_ENTRIES).map((entry) => {
    const target = entry.target === undefined ? '' : ` → ${printable(entry.target)}`;
    return `  ${printable(entry.path)}${target} (${entry.kind})`;
  });
  if (entries.length > SHOWN_ENTRIES) lines.push(`  … and ${entries.length - SHOWN_ENTRIES} more`);
  return [
    'Error: the build output holds entries that are not regular files or folders, and a preview serves only those:',
    ...lines,
    'Make the build write plain files (copy them instead of linking them).',
  ].join('\n');
}

/** A file of a built output: its path below the output's root (`/`-separated) and bytes. */
export interface OutputFile {
  path: string;
  bytes: Uint8Array;
}

/** More than this in one output is refused (the cache caps a build's output the same way). */
const MAX_READ_FILES = 10_000;

/**
 * The regular files of a built output folder, as `/`-separated paths below it. Outputs in the
 * preview cache hold regular files and folders only (decision 0037); anything else met here is
 * skipped, never followed.
 */
export async function listOutputFiles(root: string, maxFiles = MAX_READ_FILES): Promise<string[]> {
  const files: string[] = [];
  const walk = async (dir: string, prefix: string): Promise<void> => {
    for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
      const name = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(path.join(dir, entry.name), name);
      else if (entry.isFile()) {
        if (files.length >= maxFiles) throw new Error('The build output holds too many files.');
        files.push(name);
      }
    }
  };
  await walk(root, '');
  return files;
}

/** One file of a built output (see listOutputFiles); null when it is not a regular file. */
export async function readOutputFile(root: string, file: string): Promise<Uint8Array | null> {
  const handle = await openRegularFile(path.join(root, ...file.split('/')));
  if (!handle) return null;
  try {
    return new Uint8Array(await handle.readFile());
  } finally {
    await handle.close();
  }
}

/** Every file of a built output folder with its bytes (a deployment's files). */
export async function readOutputFiles(root: string): Promise<OutputFile[]> {
  const files: OutputFile[] = [];
  for (const file of await listOutputFiles(root)) {
    const bytes = await readOutputFile(root, file);
    if (bytes) files.push({ path: file, bytes });
  }
  return files;
}

/**
 * One file a sandboxed step wrote (`relative` below the Kiln-made folder `root`, `/`-separated),
 * read without following a link in any component and without blocking on a FIFO; null when it
 * is not a regular file reached so, or is larger than `maxBytes`.
 */
export async function readBuiltFile(
  root: string,
  relative: string,
  maxBytes: number,
): Promise<Uint8Array | null> {
  const realRoot = await fs.realpath(root);
  const handle = await openRegularFile(path.join(realRoot, ...relative.split('/')));
  if (!handle) return null;
  try {
    if ((await handle.stat()).size > maxBytes) return null;
    const bytes = await handle.readFile();
    return bytes.byteLength > maxBytes ? null : new Uint8Array(bytes);
  } finally {
    await handle.close();
  }
}

/** Files listed at most by listBuiltFiles (a build may leave a huge tree). */
const MAX_LISTED = 50_000;

/**
 * Every regular file a build left in `workspace` (relative, `/`-separated), for core's
 * serverLaunch: folders named in `skip` are not entered, and a link is never followed (the
 * folder entries' own types, never their targets').
 */
export async function listBuiltFiles(workspace: string, skip: ReadonlySet<string>): Promise<Set<string>> {
  const files = new Set<string>();
  const walk = async (dir: string, prefix: string): Promise<void> => {
    for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
      if (files.size >= MAX_LISTED) return;
      if (entry.isDirectory()) {
        if (!skip.has(entry.name)) await walk(path.join(dir, entry.name), `${prefix}${entry.name}/`);
      } else if (entry.isFile()) files.add(`${prefix}${entry.name}`);
    }
  };
  await walk(workspace, '');
  return files;
}
