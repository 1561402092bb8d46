import { describe, expect, it } from 'vitest';
import { formatFileSize, utf8ByteLength } from './file-size.ts';

describe("Spec §9: 'File sizes in B/KB/MB/GB, base 1024, 1 decimal'", () => {
  it.each([
    [0, '0 B'],
    [512, '512 B'],
    [1023, '1023 B'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [1024 * 1024 - 1, '1 MB'],
    [10 * 1024 * 1024, '10 MB'],
    [1.25 * 1024 * 1024, '1.3 MB'],
    [3.5 * 1024 ** 3, '3.5 GB'],
    [5000 * 1024 ** 3, '5000 GB'],
  ])('%d bytes → %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });

  it('counts a text file in UTF-8 bytes', () => {
    expect(utf8ByteLength('aé€😀')).toBe(1 + 2 + 3 + 4);
  });
});
