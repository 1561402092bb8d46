import { describe, expect, it } from 'vitest';
import {
  changedLockPaths,
  isFolderLocked,
  isLockChangeOnly,
  toggleFileLock,
  toggleFolderLock,
} from './locks.ts';

const files = [
  { name: 'src/a.ts', isLocked: true },
  { name: 'src/lib/b.ts', isLocked: false },
  { name: 'src/lib/c.ts', isLocked: true },
  { name: 'srcx/d.ts', isLocked: false },
];

describe("Spec §4 file lock: 'Each file toggles locked ↔ unlocked'", () => {
  it('toggles one file and nothing else', () => {
    const next = toggleFileLock(files, 'src/lib/b.ts');
    expect(next.map((file) => file.isLocked)).toEqual([true, true, true, false]);
    expect(toggleFileLock(next, 'src/lib/b.ts')).toEqual(files);
  });
});

describe("Spec §4 file lock: 'A folder toggle applies to every file in it whose state differs; a folder counts as locked only if every file in it is locked'", () => {
  it('locks a partly locked folder entirely, changing only the files whose state differs', () => {
    expect(isFolderLocked(files, 'src')).toBe(false);
    const locked = toggleFolderLock(files, 'src');
    expect(locked.map((file) => file.isLocked)).toEqual([true, true, true, false]);
    expect(changedLockPaths(files, locked)).toEqual(['src/lib/b.ts']);
    expect(locked[0]).toBe(files[0]);
  });

  it('unlocks a fully locked folder', () => {
    const locked = toggleFolderLock(files, 'src/lib');
    expect(isFolderLocked(locked, 'src/lib')).toBe(true);
    expect(toggleFolderLock(locked, 'src/lib').map((file) => file.isLocked)).toEqual([
      true,
      false,
      false,
      false,
    ]);
  });

  it('does not treat a sibling with a common prefix ("srcx") as inside "src", and an empty folder is not locked', () => {
    expect(toggleFolderLock(files, 'src')[3]?.isLocked).toBe(false);
    expect(isFolderLocked(files, 'nowhere')).toBe(false);
  });
});

describe('Saving locks changes locks only (updateArtifactCode)', () => {
  const hash = 'ab'.repeat(32);
  const stored = {
    title: 'T',
    files: [
      { name: 'a.ts', content: 'a', isLocked: false },
      { name: 'logo.png', content: '', isLocked: false, binary: { kind: 'blob' as const, hash, size: 3 } },
    ],
  };

  it('accepts a change of lock flags', () => {
    expect(isLockChangeOnly(stored, { ...stored, files: toggleFolderLock(stored.files, '') })).toBe(true);
  });

  it('refuses a changed content, name, title, or a blob reference swapped for another', () => {
    const swap = (binary: (typeof stored.files)[1]['binary'] | undefined) => ({
      ...stored,
      files: [stored.files[0]!, { ...stored.files[1]!, binary }],
    });
    expect(isLockChangeOnly(stored, swap({ kind: 'blob', hash: 'cd'.repeat(32), size: 3 }))).toBe(false);
    expect(isLockChangeOnly(stored, swap({ kind: 'blob', hash, size: 4 }))).toBe(false);
    expect(isLockChangeOnly(stored, swap(undefined))).toBe(false);
    expect(isLockChangeOnly(stored, { ...stored, title: 'U' })).toBe(false);
    expect(
      isLockChangeOnly(stored, {
        ...stored,
        files: [{ ...stored.files[0]!, content: 'b' }, stored.files[1]!],
      }),
    ).toBe(false);
  });
});
