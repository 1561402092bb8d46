import { describe, expect, it } from 'vitest';
import type { Snapshot, SnapshotFile } from '../artifact/index.ts';
import { compareSnapshots, countLines } from './compare.ts';

const text = (name: string, content: string, isLocked = false): SnapshotFile => ({ name, content, isLocked });
const image = (name: string, hash: string): SnapshotFile => ({
  name,
  content: '',
  isLocked: false,
  binary: { kind: 'blob', hash: hash.repeat(64), size: 10 },
});
const snapshot = (...files: SnapshotFile[]): Snapshot => ({ title: 'App', files });

describe('compare two versions: the files one adds, removes and changes, with line counts', () => {
  it('lists added, removed and changed files by path, and counts the unchanged ones', () => {
    const before = snapshot(
      text('src/App.tsx', 'a\nb\nc\n'),
      text('src/old.ts', 'x\ny\n'),
      text('README.md', 'r'),
    );
    const after = snapshot(
      text('src/App.tsx', 'a\nB\nc\n'),
      text('README.md', 'r'),
      text('src/new.ts', '1\n2\n3'),
    );
    const comparison = compareSnapshots(before, after);
    expect(comparison.files).toEqual([
      { name: 'src/App.tsx', kind: 'changed', added: 1, removed: 1, isBinary: false },
      { name: 'src/new.ts', kind: 'added', added: 3, removed: 0, isBinary: false },
      { name: 'src/old.ts', kind: 'removed', added: 0, removed: 2, isBinary: false },
    ]);
    expect(comparison.unchanged).toBe(1);
    expect(comparison.added).toBe(4);
    expect(comparison.removed).toBe(3);
  });

  it('equal snapshots have no changes', () => {
    const both = snapshot(text('index.html', '<h1>Hi</h1>\n'), image('logo.png', 'a'));
    expect(compareSnapshots(both, both)).toEqual({ files: [], unchanged: 2, added: 0, removed: 0 });
  });

  it('counts only the lines that differ, not the whole file (lines added in the middle, at the end)', () => {
    const lines = Array.from({ length: 400 }, (_, i) => `line ${i}`);
    const before = snapshot(text('big.ts', lines.join('\n')));
    const middle = [...lines.slice(0, 200), 'inserted', ...lines.slice(200)];
    expect(compareSnapshots(before, snapshot(text('big.ts', middle.join('\n')))).files[0]).toMatchObject({
      added: 1,
      removed: 0,
    });
    // The old last line had no final newline: appending after it changes only the new line.
    const appended = [...lines, 'footer'].join('\n');
    expect(compareSnapshots(before, snapshot(text('big.ts', appended))).files[0]).toMatchObject({
      added: 1,
      removed: 0,
    });
  });

  it('a lock is not content: a file whose only change is its lock is unchanged', () => {
    const before = snapshot(text('src/App.tsx', 'a\n'));
    const after = snapshot(text('src/App.tsx', 'a\n', true));
    expect(compareSnapshots(before, after)).toMatchObject({ files: [], unchanged: 1 });
  });

  it('binary files change when their bytes do, and have no line counts', () => {
    const before = snapshot(image('logo.png', 'a'), image('hero.png', 'b'));
    const after = snapshot(image('logo.png', 'c'), image('hero.png', 'b'), image('icon.png', 'd'));
    expect(compareSnapshots(before, after).files).toEqual([
      { name: 'icon.png', kind: 'added', added: 0, removed: 0, isBinary: true },
      { name: 'logo.png', kind: 'changed', added: 0, removed: 0, isBinary: true },
    ]);
  });

  it('a text file turned binary (same path) is changed', () => {
    const comparison = compareSnapshots(snapshot(text('a.svg', '<svg/>')), snapshot(image('a.svg', 'e')));
    expect(comparison.files).toEqual([
      { name: 'a.svg', kind: 'changed', added: 0, removed: 0, isBinary: true },
    ]);
  });

  it('CRLF content: a line that only changes its line ending is changed', () => {
    const comparison = compareSnapshots(
      snapshot(text('a.txt', 'x\r\ny\r\n')),
      snapshot(text('a.txt', 'x\r\ny\n')),
    );
    expect(comparison.files[0]).toMatchObject({ added: 1, removed: 1 });
  });

  it('a file changed beyond the diff limit (1,000 differing lines) counts as every line removed and added', () => {
    // Every other line changes: a minimal diff would be 1,500 and 1,500 — past the limit it is not searched.
    const before = Array.from({ length: 3_000 }, (_, i) => `line ${i}`);
    const after = before.map((line, i) => (i % 2 === 0 ? `${line} changed` : line));
    const comparison = compareSnapshots(
      snapshot(text('x.ts', before.join('\n'))),
      snapshot(text('x.ts', after.join('\n'))),
    );
    expect(comparison.files[0]).toMatchObject({ added: 3_000, removed: 3_000 });
    const small = before.map((line, i) => (i % 10 === 0 ? `${line} changed` : line));
    const within = compareSnapshots(
      snapshot(text('x.ts', before.join('\n'))),
      snapshot(text('x.ts', small.join('\n'))),
    );
    expect(within.files[0]).toMatchObject({ added: 300, removed: 300 });
  });

  it('counts lines the way an editor numbers them', () => {
    expect(countLines('')).toBe(0);
    expect(countLines('a')).toBe(1);
    expect(countLines('a\n')).toBe(1);
    expect(countLines('a\r\nb')).toBe(2);
    expect(countLines('a\n\n')).toBe(2);
  });
});
