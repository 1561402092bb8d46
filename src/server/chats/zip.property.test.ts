import fc from 'fast-check';
import { strToU8, Unzip, UnzipInflate } from 'fflate';
import { describe, expect, it } from 'vitest';
import { fuzzRuns } from '../../../tests/support/fuzz.ts';
import { normalizeFilePath } from '../../core/artifact/index.ts';
import { zipProjectFiles } from './zip.ts';

/**
 * Issue 21 items 4–5: the project zip (spec §2 'Download'). Whatever files it is given, it
 * unzips to exactly them — names, order, bytes — and no entry names a path outside the folder
 * it is unzipped into (zip slip): `..`, absolute paths, backslashes, drive letters, NUL.
 */

/** Every entry of a zip, in order, read by fflate's streaming reader (no object keyed by name). */
function unzipEntries(zip: Uint8Array): { name: string; bytes: Uint8Array }[] {
  const entries: { name: string; bytes: Uint8Array }[] = [];
  const unzip = new Unzip((file) => {
    const chunks: Uint8Array[] = [];
    file.ondata = (error, data, final) => {
      if (error) throw error;
      chunks.push(data);
      if (final) entries.push({ name: file.name, bytes: Buffer.concat(chunks) });
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  unzip.push(zip, true);
  return entries;
}

const segment = fc.oneof(
  fc.stringMatching(/^[A-Za-z0-9_.-]{1,12}$/),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 8 }),
  fc.constantFrom('__proto__', 'constructor', 'toString', '.env', 'node_modules', '.git', 'C'),
);
/** A name the artifact parser yields (the names a snapshot holds). */
const safeName = fc
  .array(segment, { minLength: 1, maxLength: 4 })
  .map((parts) => parts.join('/'))
  .filter((name) => normalizeFilePath(name) === name);
const nastyName = fc.oneof(
  safeName,
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc
    .array(fc.constantFrom('..', '.', '', '/', '\\', 'C:', 'c:\\', '\0', 'a', 'ok.js', '\uD800'), {
      minLength: 1,
      maxLength: 6,
    })
    .map((parts) => parts.join('')),
);
const content = fc.oneof(
  fc
    .string({ unit: 'binary', maxLength: 200 })
    .map((text): { content: string; bytes?: Uint8Array } => ({ content: text })),
  fc.uint8Array({ maxLength: 200 }).map((bytes) => ({ content: '', bytes })),
);

describe('the project zip (fast-check)', () => {
  it('unzips to exactly the files it was given: names, order and bytes', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.tuple(safeName, content), { selector: ([name]) => name, maxLength: 12 }),
        (list) => {
          const files = list.map(([name, body]) => ({ name, ...body }));
          const entries = unzipEntries(zipProjectFiles(files));
          expect(entries.map((entry) => entry.name)).toEqual(files.map((file) => file.name));
          entries.forEach((entry, i) => {
            const file = files[i]!;
            expect(Buffer.from(entry.bytes).equals(Buffer.from(file.bytes ?? strToU8(file.content)))).toBe(
              true,
            );
          });
        },
      ),
      { numRuns: fuzzRuns(200) },
    );
  });

  it('never holds an entry that leaves the folder it is unzipped into, and drops only such names', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(nastyName, content), { maxLength: 10 }), (list) => {
        const files = list.map(([name, body]) => ({ name, ...body }));
        const names = unzipEntries(zipProjectFiles(files)).map((entry) => entry.name);
        for (const name of names) {
          expect(name).not.toBe('');
          expect(name).not.toMatch(/^\/|^[A-Za-z]:|\\|\0/);
          expect(name.split('/')).not.toContain('..');
          expect(normalizeFilePath(name)).toBe(name);
        }
        const kept = files.filter((file) => file.name !== '' && normalizeFilePath(file.name) === file.name);
        expect(names).toEqual(kept.map((file) => file.name));
      }),
      { numRuns: fuzzRuns(300) },
    );
  });

  // Found by the round-trip property: `entries['__proto__'] = …` set the object's prototype
  // instead of adding a file, which left the zip without it.
  it('keeps a file named __proto__', () => {
    const names = unzipEntries(zipProjectFiles([{ name: '__proto__', content: 'x' }])).map(
      (entry) => entry.name,
    );
    expect(names).toEqual(['__proto__']);
  });

  it.each([
    '../evil.sh',
    'src/../../evil.sh',
    '/etc/cron.d/evil',
    '..\\evil.bat',
    'C:\\evil.bat',
    'c:evil',
    'a\0.js',
  ])('leaves out %j (zip slip)', (name) => {
    const names = unzipEntries(
      zipProjectFiles([
        { name, content: 'x' },
        { name: 'ok.js', content: 'y' },
      ]),
    ).map((entry) => entry.name);
    expect(names).toEqual(['ok.js']);
  });
});
