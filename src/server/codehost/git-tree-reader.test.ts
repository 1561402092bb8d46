import { describe, expect, it } from 'vitest';
import { CatFileBatchParser, parseLsTree, planRead, TreeCollector } from './git-tree-reader.ts';

const SHA_A = 'a'.repeat(40);
const SHA_B = 'b'.repeat(40);

describe('CatFileBatchParser', () => {
  it('reads objects whatever the chunk boundaries (inside a header, a body or its newline)', () => {
    const stream = Buffer.concat([
      Buffer.from(`${SHA_A} blob 5\nhello\n${SHA_B} blob 0\n\n`),
      Buffer.from(`${SHA_A} blob 3\n\n\0x\n`),
    ]);
    for (let size = 1; size <= stream.length; size++) {
      const seen: string[] = [];
      const parser = new CatFileBatchParser((index, sha, bytes) =>
        seen.push(`${index}:${sha[0]}:${bytes.toString('hex')}`),
      );
      for (let at = 0; at < stream.length; at += size) parser.push(stream.subarray(at, at + size));
      expect(seen, `chunks of ${size}`).toEqual(['0:a:68656c6c6f', '1:b:', '2:a:0a0078']);
    }
  });

  it('refuses an object git reports missing', () => {
    const parser = new CatFileBatchParser(() => {});
    expect(() => parser.push(Buffer.from(`${SHA_A} missing\n`))).toThrow(/missing/);
  });
});

describe('reading a tree within limits', () => {
  const listing = Buffer.from(
    [
      `100644 blob ${SHA_A}      10\ta.txt`,
      `100755 blob ${SHA_A}      10\tbin/run`,
      `120000 blob ${SHA_A}       5\tlink`,
      `160000 commit ${SHA_B}       -\tvendor/lib`,
      `100644 blob ${SHA_A}    5000\tbig.txt`,
      `100644 blob ${SHA_A}      10\tsp ace/é.txt`,
    ].join('\0') + '\0',
  );

  it('parses ls-tree -r -l -z, paths taken as they are', () => {
    const entries = parseLsTree(listing);
    expect(entries.map((e) => [e.mode, e.size, e.path])).toEqual([
      ['100644', 10, 'a.txt'],
      ['100755', 10, 'bin/run'],
      ['120000', 5, 'link'],
      ['160000', null, 'vendor/lib'],
      ['100644', 5000, 'big.txt'],
      ['100644', 10, 'sp ace/é.txt'],
    ]);
  });

  it('skips links, submodules and files over one file’s limit before reading', () => {
    const { toRead, skipped } = planRead(parseLsTree(listing), {
      maxFiles: 10,
      maxFileBytes: 1000,
      maxTotalBytes: 10_000,
    });
    expect(toRead.map((e) => e.path)).toEqual(['a.txt', 'bin/run', 'sp ace/é.txt']);
    expect([...skipped]).toEqual([
      ['link', 'symbolic link'],
      ['vendor/lib', 'submodule'],
      ['big.txt', expect.stringMatching(/^larger than /)],
    ]);
  });

  it('keeps text files while they fit the count and the total; binary and non-UTF-8 are skipped', () => {
    const collector = new TreeCollector({ maxFiles: 2, maxFileBytes: 100, maxTotalBytes: 8 });
    const entry = (path: string) => ({ mode: '100644', type: 'blob', sha: SHA_A, size: 0, path });
    collector.accept(entry('bin.dat'), Buffer.from([0x41, 0x00, 0x42]));
    collector.accept(entry('latin1.txt'), Buffer.from([0x63, 0x61, 0x66, 0xe9]));
    collector.accept(entry('one.txt'), Buffer.from('\uFEFFone')); // 6 bytes, the BOM kept
    collector.accept(entry('two.txt'), Buffer.from('two!!')); // 11 > 8 in all
    collector.accept(entry('three.txt'), Buffer.from('3')); // still fits: 7
    collector.accept(entry('four.txt'), Buffer.from('4')); // a third file
    expect(collector.files).toEqual([
      { path: 'one.txt', content: '\uFEFFone', executable: false },
      { path: 'three.txt', content: '3', executable: false },
    ]);
    expect([...collector.skippedByPath]).toEqual([
      ['bin.dat', 'binary file'],
      ['latin1.txt', 'binary file (not UTF-8 text)'],
      ['two.txt', 'over the limit of 8 B in all'],
      ['four.txt', 'over the limit of 2 files'],
    ]);
  });
});
