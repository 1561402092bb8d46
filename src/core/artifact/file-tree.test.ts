import { describe, expect, it } from 'vitest';
import { buildFileTree } from './file-tree.ts';

describe("Spec §2 code view: 'a file tree' built from the files' paths", () => {
  const tree = buildFileTree([
    { name: 'src/main.tsx', isLocked: true },
    { name: 'package.json', isLocked: false },
    { name: 'src/components/Button.tsx', isLocked: true },
    { name: 'index.html', isLocked: false },
    { name: 'src/App.tsx', isLocked: true },
  ]);

  it('nests folders, folders first then files, alphabetically', () => {
    expect(tree.map((node) => node.path)).toEqual(['src', 'index.html', 'package.json']);
    const src = tree[0];
    expect(src?.type === 'folder' && src.children.map((node) => node.path)).toEqual([
      'src/components',
      'src/App.tsx',
      'src/main.tsx',
    ]);
  });

  it('marks a folder locked only if every file in it is locked (spec §4 "File lock")', () => {
    expect(tree[0]?.isLocked).toBe(true);
    const unlocked = buildFileTree([
      { name: 'src/a.ts', isLocked: true },
      { name: 'src/lib/b.ts', isLocked: false },
    ]);
    expect(unlocked[0]?.isLocked).toBe(false);
  });
});
