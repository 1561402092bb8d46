/**
 * Spec §4 "File lock": each file toggles locked ↔ unlocked; a folder toggle applies to every
 * file in it whose state differs; a folder counts as locked only if every file in it is locked.
 * Pure: returns new arrays, so the web can apply them optimistically and revert on failure.
 */
import { isSameBinarySource, type BinarySource } from './binary-files.ts';

interface Lockable {
  name: string;
  isLocked: boolean;
}

function isInFolder(path: string, folder: string): boolean {
  return folder === '' || path.startsWith(folder.endsWith('/') ? folder : `${folder}/`);
}

export function isFolderLocked(files: readonly Lockable[], folder: string): boolean {
  let count = 0;
  for (const file of files) {
    if (!isInFolder(file.name, folder)) continue;
    if (!file.isLocked) return false;
    count++;
  }
  return count > 0;
}

export function toggleFileLock<T extends Lockable>(files: readonly T[], path: string): T[] {
  return files.map((file) => (file.name === path ? { ...file, isLocked: !file.isLocked } : file));
}

/** Locks every file of the folder unless it is already locked, in which case unlocks them all. */
export function toggleFolderLock<T extends Lockable>(files: readonly T[], folder: string): T[] {
  const target = !isFolderLocked(files, folder);
  return files.map((file) =>
    isInFolder(file.name, folder) && file.isLocked !== target ? { ...file, isLocked: target } : file,
  );
}

/** The paths whose lock differs between two states (what the server must save). */
export function changedLockPaths(before: readonly Lockable[], after: readonly Lockable[]): string[] {
  const previous = new Map(before.map((file) => [file.name, file.isLocked]));
  return after.filter((file) => previous.get(file.name) !== file.isLocked).map((file) => file.name);
}

interface LockedFile extends Lockable {
  content: string;
  binary?: BinarySource;
}

/**
 * Whether `after` differs from `before` in lock flags only: same files in the same order, same
 * contents and the same binary sources (a blob reference may not be swapped for another).
 */
export function isLockChangeOnly(
  before: { title: string; files: readonly LockedFile[] },
  after: { title: string; files: readonly LockedFile[] },
): boolean {
  if (before.title !== after.title || before.files.length !== after.files.length) return false;
  return before.files.every((file, i) => {
    const other = after.files[i];
    return (
      other !== undefined &&
      other.name === file.name &&
      other.content === file.content &&
      isSameBinarySource(file.binary, other.binary)
    );
  });
}
