/**
 * Reads a commit's files for a pull: `ls-tree -r -l -z` lists them with their sizes, then one
 * `cat-file --batch` process streams every blob worth reading. What a version cannot hold (links,
 * submodules, binary or non-UTF-8 files, anything over the limits) is reported, not read.
 */
import { formatFileSize } from '../../core/display/file-size.ts';
import { GitError } from './git-errors.ts';

export interface TreeLimits {
  maxFiles: number;
  maxFileBytes: number;
  maxTotalBytes: number;
}

export interface ReadFile {
  path: string;
  content: string;
  executable: boolean;
}

export interface SkippedFile {
  path: string;
  reason: string;
}

export interface TreeEntry {
  mode: string;
  type: string;
  sha: string;
  /** Null for a submodule (a commit has no size here). */
  size: number | null;
  path: string;
}

/** Git's own test for binary content: a NUL in the first 8000 bytes. */
const BINARY_PROBE_BYTES = 8000;

/** `ls-tree -r -l -z` output: `<mode> SP <type> SP <sha> SP+ <size> TAB <path> NUL`. */
export function parseLsTree(output: Buffer): TreeEntry[] {
  const entries: TreeEntry[] = [];
  for (const record of output.toString('utf8').split('\0')) {
    if (!record) continue;
    const tab = record.indexOf('\t');
    const [mode, type, sha, size] = record.slice(0, tab).trim().split(/ +/);
    if (tab < 0 || !mode || !type || !sha || size === undefined) {
      throw new GitError('failed', 'Unexpected ls-tree output');
    }
    entries.push({ mode, type, sha, size: size === '-' ? null : Number(size), path: record.slice(tab + 1) });
  }
  return entries;
}

/** Splits the tree into what is worth reading and what is skipped before reading anything. */
export function planRead(
  entries: TreeEntry[],
  limits: TreeLimits,
): { toRead: TreeEntry[]; skipped: Map<string, string> } {
  const toRead: TreeEntry[] = [];
  const skipped = new Map<string, string>();
  for (const entry of entries) {
    if (entry.mode === '160000' || entry.type === 'commit') skipped.set(entry.path, 'submodule');
    else if (entry.mode === '120000') skipped.set(entry.path, 'symbolic link');
    else if (entry.type !== 'blob') skipped.set(entry.path, `unsupported entry (${entry.type})`);
    else if (!isSafePath(entry.path)) skipped.set(entry.path, 'unsafe path');
    else if ((entry.size ?? 0) > limits.maxFileBytes) {
      skipped.set(entry.path, `larger than ${formatFileSize(limits.maxFileBytes)} (one file's limit)`);
    } else toRead.push(entry);
  }
  return { toRead, skipped };
}

/**
 * Decides, blob by blob in tree order, what becomes a file of the version: text files until the
 * file count or the total size is reached; binary and non-UTF-8 files are skipped.
 */
export class TreeCollector {
  readonly files: ReadFile[] = [];
  readonly skippedByPath = new Map<string, string>();
  private totalBytes = 0;
  private readonly decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

  constructor(private readonly limits: TreeLimits) {}

  accept(entry: TreeEntry, bytes: Buffer): void {
    const probe = bytes.subarray(0, BINARY_PROBE_BYTES);
    if (probe.includes(0)) return this.skip(entry, 'binary file');
    if (this.files.length >= this.limits.maxFiles) {
      return this.skip(entry, `over the limit of ${this.limits.maxFiles} files`);
    }
    if (this.totalBytes + bytes.length > this.limits.maxTotalBytes) {
      return this.skip(entry, `over the limit of ${formatFileSize(this.limits.maxTotalBytes)} in all`);
    }
    let content: string;
    try {
      content = this.decoder.decode(bytes);
    } catch {
      return this.skip(entry, 'binary file (not UTF-8 text)');
    }
    this.totalBytes += bytes.length;
    this.files.push({ path: entry.path, content, executable: entry.mode === '100755' });
  }

  private skip(entry: TreeEntry, reason: string): void {
    this.skippedByPath.set(entry.path, reason);
  }
}

/**
 * Parses `cat-file --batch` output as it streams: `<sha> <type> <size> LF <bytes> LF` per object
 * (`<sha> missing LF` for an absent one), handing each object to `onObject` in request order.
 */
export class CatFileBatchParser {
  private buffer: Buffer = Buffer.alloc(0);
  private pending: { sha: string; size: number } | null = null;
  private seen = 0;

  constructor(private readonly onObject: (index: number, sha: string, bytes: Buffer) => void) {}

  get count(): number {
    return this.seen;
  }

  push(chunk: Buffer): void {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    for (;;) {
      if (!this.pending) {
        const newline = this.buffer.indexOf(0x0a);
        if (newline < 0) return;
        const header = this.buffer.subarray(0, newline).toString('utf8');
        this.buffer = this.buffer.subarray(newline + 1);
        const [sha = '', type = '', size = ''] = header.split(' ');
        if (type === 'missing') throw new GitError('failed', `Object ${sha} is missing from the mirror`);
        if (!/^\d+$/.test(size)) throw new GitError('failed', 'Unexpected cat-file output');
        this.pending = { sha, size: Number(size) };
      }
      const { sha, size } = this.pending;
      if (this.buffer.length < size + 1) return;
      const bytes = Buffer.from(this.buffer.subarray(0, size));
      this.buffer = this.buffer.subarray(size + 1);
      this.pending = null;
      this.onObject(this.seen++, sha, bytes);
    }
  }
}

/** A path a version may hold: no `.git` folder, no `..`, nothing absolute. */
function isSafePath(path: string): boolean {
  return path
    .split('/')
    .every((part) => part !== '' && part !== '.' && part !== '..' && part.toLowerCase() !== '.git');
}
