import { describe, expect, it } from 'vitest';
import { writeEditBlocks } from './edit-blocks.ts';
import { editLineCounts } from './edit-line-counts.ts';
import { diffLines } from './line-diff.ts';

describe('+/− line counts of an edit', () => {
  it('counts removed and added lines, not the context a block repeats', () => {
    const content = writeEditBlocks([
      { search: '<main>\n  <h1>Old</h1>\n</main>', replace: '<main>\n  <h1>New</h1>\n  <p>Sub</p>\n</main>' },
      { search: 'const a = 1;', replace: '' },
    ]);
    expect(editLineCounts(content)).toEqual({ added: 2, removed: 2 });
  });

  it('counts nothing for text without a complete block', () => {
    expect(editLineCounts('<<<<<<< SEARCH\na\n=======\n')).toEqual({ added: 0, removed: 0 });
  });

  it('diffLines gives a minimal diff', () => {
    expect(diffLines(['a', 'b', 'c', 'd'], ['a', 'x', 'c', 'd', 'e'])).toEqual([
      { kind: 'same', line: 'a' },
      { kind: 'remove', line: 'b' },
      { kind: 'add', line: 'x' },
      { kind: 'same', line: 'c' },
      { kind: 'same', line: 'd' },
      { kind: 'add', line: 'e' },
    ]);
  });
});
