/**
 * Compare two versions (issue 17 item 5): which files one snapshot adds, removes and changes
 * against another, with the lines each change adds and removes (the code view lists them and
 * shows the selected file in a merge view). Locks are not content: a file whose only change is
 * its lock is unchanged. A binary file changes when its bytes (blob reference) do.
 */
import { diffLines } from 'diff';
import { isSameBinarySource, type Snapshot, type SnapshotFile } from '../artifact/index.ts';

export type FileChangeKind = 'added' | 'removed' | 'changed';

export interface FileChange {
  name: string;
  kind: FileChangeKind;
  /** Lines added and removed (0 and 0 for a binary file). */
  added: number;
  removed: number;
  isBinary: boolean;
}

export interface SnapshotComparison {
  /** The changed files, by path. */
  files: FileChange[];
  /** Files equal on both sides. */
  unchanged: number;
  /** Line totals over every file. */
  added: number;
  removed: number;
}

/**
 * Past this many differing lines a file's diff is not searched for a minimal edit: it counts as
 * every line removed and added (still true, just not minimal), so a huge rewritten file cannot
 * hang the page.
 */
const MAX_EDIT_LENGTH = 1_000;

/** The files `after` adds, removes and changes against `before`. */
export function compareSnapshots(before: Snapshot, after: Snapshot): SnapshotComparison {
  const previous = new Map(before.files.map((file) => [file.name, file]));
  const next = new Map(after.files.map((file) => [file.name, file]));
  const files: FileChange[] = [];
  let unchanged = 0;
  for (const file of after.files) {
    const old = previous.get(file.name);
    if (!old) files.push({ ...countFile(null, file), name: file.name, kind: 'added' });
    else if (isSameContent(old, file)) unchanged++;
    else files.push({ ...countFile(old, file), name: file.name, kind: 'changed' });
  }
  for (const file of before.files) {
    if (!next.has(file.name)) files.push({ ...countFile(file, null), name: file.name, kind: 'removed' });
  }
  files.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return {
    files,
    unchanged,
    added: files.reduce((sum, file) => sum + file.added, 0),
    removed: files.reduce((sum, file) => sum + file.removed, 0),
  };
}

function isSameContent(a: SnapshotFile, b: SnapshotFile): boolean {
  if (a.binary || b.binary) return isSameBinarySource(a.binary, b.binary);
  return a.content === b.content;
}

/** Lines of a text, the way an editor numbers them ('' has none; a final newline ends the last). */
export function countLines(text: string): number {
  if (text === '') return 0;
  const breaks = text.match(/\r\n|\r|\n/g)?.length ?? 0;
  return /(\r\n|\r|\n)$/.test(text) ? breaks : breaks + 1;
}

function countFile(
  before: SnapshotFile | null,
  after: SnapshotFile | null,
): { added: number; removed: number; isBinary: boolean } {
  if (before?.binary || after?.binary) return { added: 0, removed: 0, isBinary: true };
  const a = before?.content ?? '';
  const b = after?.content ?? '';
  // A last line without a newline is the same line as with one (else appending a line after it
  // would count that line as changed too).
  const changes = diffLines(withFinalNewline(a), withFinalNewline(b), { maxEditLength: MAX_EDIT_LENGTH });
  if (!changes) return { added: countLines(b), removed: countLines(a), isBinary: false };
  let added = 0;
  let removed = 0;
  for (const change of changes) {
    if (change.added) added += change.count;
    else if (change.removed) removed += change.count;
  }
  return { added, removed, isBinary: false };
}

function withFinalNewline(text: string): string {
  return text === '' || /[\r\n]$/.test(text) ? text : `${text}\n`;
}
