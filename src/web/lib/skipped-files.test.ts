import { describe, expect, it } from 'vitest';
import { describeSkippedFiles } from './skipped-files.ts';

describe('files a pull or an import left out (issue 15: "a clear message naming what was left out")', () => {
  it('says nothing when every file came in', () => {
    expect(describeSkippedFiles([])).toBeNull();
  });

  it('names each file with its reason', () => {
    expect(describeSkippedFiles([{ path: 'logo.psd', reason: 'binary' }])).toBe(
      'Left out 1 file: logo.psd (binary).',
    );
    expect(
      describeSkippedFiles([
        { path: 'a.bin', reason: 'binary' },
        { path: 'big.json', reason: 'larger than 1 MB' },
      ]),
    ).toBe('Left out 2 files: a.bin (binary) and big.json (larger than 1 MB).');
  });

  it('names three and counts the rest', () => {
    const skipped = ['a', 'b', 'c', 'd', 'e'].map((path) => ({ path, reason: 'binary' }));
    expect(describeSkippedFiles(skipped)).toBe(
      'Left out 5 files: a (binary), b (binary), c (binary) and 2 more.',
    );
  });
});
