import { describe, expect, it } from 'vitest';
import { baseName, dirName, extName, isRelativeSpecifier, joinPath } from './paths.ts';
import { listInSentence } from './sentences.ts';

describe('paths', () => {
  it.each([
    ['src', './components/Header', 'src/components/Header'],
    ['src/components', '../utils/./format.ts', 'src/utils/format.ts'],
    ['', './main.ts', 'main.ts'],
    ['src', '../../x', null],
  ])('%s + %s → %s', (dir, relative, expected) => {
    expect(joinPath(dir, relative)).toBe(expected);
  });

  it('splits names', () => {
    expect(dirName('src/a/B.tsx')).toBe('src/a');
    expect(dirName('main.ts')).toBe('');
    expect(baseName('src/a/B.tsx')).toBe('B.tsx');
    expect(extName('src/a/B.test.tsx')).toBe('.tsx');
    expect(extName('src/.env')).toBe('');
    expect(extName('src/a.b/c')).toBe('');
  });

  it('knows a relative specifier', () => {
    expect(['./a', '../a', '.', '..', 'a', '@/a', '/src/a'].map(isRelativeSpecifier)).toEqual([
      true,
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
  });
});

describe('listInSentence', () => {
  it.each([
    [['ref'], 'ref'],
    [['ref', 'computed'], 'ref and computed'],
    [['ref', 'computed', 'watch'], 'ref, computed and watch'],
  ])('%j → %s', (items, expected) => {
    expect(listInSentence(items)).toBe(expected);
  });
});
