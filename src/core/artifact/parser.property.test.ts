import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fuzzRuns } from '../../../tests/support/fuzz.ts';
import { escapeAttribute, MAX_FILE_NAME_BYTES, MAX_FILE_PATH_BYTES, normalizeFilePath } from './markup.ts';
import {
  createArtifactParser,
  MAX_ARTIFACT_CONTENT_LENGTH,
  MAX_ARTIFACT_FILES,
  MAX_FILE_CONTENT_LENGTH,
  parseArtifactText,
  type ArtifactEvent,
  type ParsedArtifactText,
} from './parser.ts';
import { parseSnapshot } from './serializer.ts';

/**
 * Issue 21 items 4–5: the artifact parser reads what a model (or a stored snapshot) says, and
 * every name it yields becomes a path in a workspace, a zip and a preview. Whatever the text —
 * `..`, absolute paths, NUL, backslashes, drive letters, overlong names, floods of files,
 * 50 MB files — it never throws, gives the same result in any chunking, and yields only paths
 * that stay inside a project on every system, within bounded counts and lengths.
 */

/** A name that stays inside the project wherever it is written or unzipped. */
function expectSafePath(name: string) {
  expect(name).not.toBe('');
  expect(name).not.toMatch(/^\//);
  expect(name).not.toContain('\\');
  // eslint-disable-next-line no-control-regex -- control characters are what it looks for
  expect(name).not.toMatch(/[\u0000-\u001f\u007f]/);
  expect(name).not.toMatch(/^[A-Za-z]:/);
  const segments = name.split('/');
  for (const segment of segments) {
    expect(['', '.', '..']).not.toContain(segment);
    expect(Buffer.byteLength(segment)).toBeLessThanOrEqual(MAX_FILE_NAME_BYTES);
  }
  expect(Buffer.byteLength(name)).toBeLessThanOrEqual(MAX_FILE_PATH_BYTES);
  // UTF-8 (the database, a zip, a file system) keeps the name as it is: no lone surrogate.
  expect(Buffer.from(name).toString()).toBe(name);
  // Already in its one spelling.
  expect(normalizeFilePath(name)).toBe(name);
}

/** Path pieces that have escaped a folder somewhere, and ordinary ones. */
const piece = fc.oneof(
  fc.constantFrom(
    '..',
    '.',
    '',
    '/',
    '\\',
    '..\\',
    '../',
    'C:',
    'c:\\',
    'Z:/',
    '\0',
    '\u0001',
    '\n',
    '\uD800',
    '\uDC00',
    '😀',
    '%2e%2e',
    '.git',
    'node_modules',
    'src',
    'App.tsx',
    'x'.repeat(MAX_FILE_NAME_BYTES),
    'é'.repeat(128),
    'a'.repeat(600),
  ),
  fc.string({ unit: 'binary', maxLength: 6 }),
);
const nastyPath = fc.array(piece, { minLength: 1, maxLength: 8 }).map((parts) => parts.join(''));
const quoted = (name: string) =>
  fc.constantFrom(`"${escapeAttribute(name)}"`, `'${name.replace(/'/g, '&#39;')}'`, `"${name}"`);

const fileElement = nastyPath.chain((name) =>
  fc
    .tuple(
      quoted(name),
      fc.constantFrom('', ' action="delete"', ' action="continue"', ' locked'),
      fc.string({ maxLength: 20 }),
      fc.constantFrom('</kilnFile>', '', '/>'),
    )
    .map(([attribute, extra, content, end]) =>
      end === '/>'
        ? `<kilnFile name=${attribute}${extra}/>`
        : `<kilnFile name=${attribute}${extra}>\n${content}\n${end}`,
    ),
);
const document = fc
  .tuple(
    fc.constantFrom('', 'Here:\n', '<thinking>x</thinking>'),
    fc.array(fileElement, { maxLength: 6 }),
    fc.constantFrom('</kilnArtifact>', '', '<!-- FINISH_REASON: length -->'),
  )
  .map(([before, files, end]) => `${before}<kilnArtifact title="T">\n${files.join('\n')}\n${end}`);
const anyText = fc.oneof(document, fc.string({ unit: 'binary', maxLength: 200 }));

const cutsFor = (text: string) =>
  fc
    .uniqueArray(fc.integer({ min: 0, max: text.length }), { maxLength: 20 })
    .map((cuts) => cuts.sort((a, b) => a - b));

/** Streams `text` cut at `cuts` with an event consumer; the result and the files the events build. */
function stream(text: string, cuts: number[]) {
  const events: ArtifactEvent[] = [];
  const parser = createArtifactParser({ onEvent: (event) => events.push(event) });
  let from = 0;
  for (const cut of [...cuts, text.length]) {
    parser.push(text.slice(from, cut));
    from = cut;
  }
  parser.end();
  const files: { name: string; content: string; isIncomplete: boolean }[] = [];
  for (const event of events) {
    if (event.type === 'file-start') files.push({ name: event.file.name, content: '', isIncomplete: true });
    if (event.type === 'file-delta') files[files.length - 1]!.content += event.delta;
    if (event.type === 'file-end') files[files.length - 1]!.isIncomplete = event.isIncomplete;
  }
  return { result: parser.result(), files };
}

const summary = (parsed: ParsedArtifactText) =>
  parsed.files.map(({ name, content, isIncomplete }) => ({ name, content, isIncomplete }));

describe('the artifact parser under arbitrary input (fast-check)', () => {
  it('never throws, and yields only safe paths, in both modes', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        for (const parsed of [parseArtifactText(text), parseSnapshot(text)]) {
          expect(parsed.files.length).toBeLessThanOrEqual(MAX_ARTIFACT_FILES);
          for (const file of parsed.files) expectSafePath(file.name);
        }
      }),
      { numRuns: fuzzRuns(500) },
    );
  });

  it('streams, in any chunking, what the whole text parses to; the events build the same files', () => {
    fc.assert(
      fc.property(
        anyText.chain((text) => fc.tuple(fc.constant(text), cutsFor(text))),
        ([text, cuts]) => {
          const whole = parseArtifactText(text);
          const streamed = stream(text, cuts);
          expect(streamed.result).toEqual(whole);
          expect(streamed.files).toEqual(summary(whole));
        },
      ),
      { numRuns: fuzzRuns(300) },
    );
  });

  it('normalizes any name to a safe path or to no file at all', () => {
    fc.assert(
      fc.property(nastyPath, (name) => {
        const path = normalizeFilePath(name);
        if (path !== '') expectSafePath(path);
      }),
      { numRuns: fuzzRuns(1000) },
    );
  });
});

const artifact = (files: string) => `<kilnArtifact title="T">\n${files}\n</kilnArtifact>`;
const element = (name: string, content = 'x') =>
  `<kilnFile name="${escapeAttribute(name)}">\n${content}\n</kilnFile>`;

describe('markup paths: refused at the parser (issue 21 item 4)', () => {
  it.each([
    ['a parent folder', '../outside.js'],
    ['a parent folder deeper down', 'src/../../outside.js'],
    ['backslashes to a parent folder', 'src\\..\\..\\outside.js'],
    ['a Windows drive', 'C:\\Windows\\win.ini'],
    ['a Windows drive with slashes', 'c:/x.js'],
    ['a drive-relative path', 'C:x.js'],
    ['NUL', 'src/a\0.js'],
    ['a newline', 'src/a\n.js'],
    ['a lone surrogate', 'src/\uD800.js'],
    ['an overlong file name', `src/${'a'.repeat(MAX_FILE_NAME_BYTES + 1)}`],
    ['an overlong path', `${'abcdefghij/'.repeat(100)}x.js`],
  ])('%s (%j) is no file', (_, name) => {
    const parsed = parseArtifactText(artifact(`${element(name)}\n${element('ok.js')}`));
    expect(parsed.files.map((file) => file.name)).toEqual(['ok.js']);
  });

  it('keeps an absolute path inside the project (its leading slashes dropped)', () => {
    const parsed = parseArtifactText(artifact(element('/etc/passwd')));
    expect(parsed.files.map((file) => file.name)).toEqual(['etc/passwd']);
  });

  it('keeps a name of MAX_FILE_NAME_BYTES bytes (multi-byte characters counted as bytes)', () => {
    const name = `src/${'é'.repeat(MAX_FILE_NAME_BYTES >> 1)}`;
    expect(parseArtifactText(artifact(element(name))).files.map((file) => file.name)).toEqual([name]);
    const over = `src/${'é'.repeat((MAX_FILE_NAME_BYTES >> 1) + 1)}`;
    expect(parseArtifactText(artifact(element(over))).files).toEqual([]);
  });

  it('reads 10,000 file elements as the first MAX_ARTIFACT_FILES', () => {
    const text = artifact(Array.from({ length: 10_000 }, (_, i) => element(`f${i}.js`)).join('\n'));
    expect(parseArtifactText(text).files).toHaveLength(MAX_ARTIFACT_FILES);
  });

  it('cuts a 50 MB file at MAX_FILE_CONTENT_LENGTH and marks it incomplete, in any chunking', () => {
    const big = 'a'.repeat(50 * 1024 * 1024);
    const text = artifact(`${element('big.txt', big)}\n${element('after.js', 'y')}`);
    const whole = parseArtifactText(text);
    expect(whole.files.map((file) => [file.name, file.content.length, file.isIncomplete])).toEqual([
      ['big.txt', MAX_FILE_CONTENT_LENGTH, true],
      ['after.js', 1, false],
    ]);
    const chunked = stream(
      text,
      Array.from({ length: 100 }, (_, i) => (i + 1) * 524_287),
    );
    expect(summary(chunked.result)).toEqual(summary(whole));
    expect(chunked.files).toEqual(summary(whole));
  });

  it('bounds the content of all files together at MAX_ARTIFACT_CONTENT_LENGTH', () => {
    const part = 'b'.repeat(MAX_FILE_CONTENT_LENGTH);
    const count = MAX_ARTIFACT_CONTENT_LENGTH / MAX_FILE_CONTENT_LENGTH + 2;
    const text = artifact(Array.from({ length: count }, (_, i) => element(`f${i}.txt`, part)).join('\n'));
    const parsed = parseArtifactText(text);
    const total = parsed.files.reduce((sum, file) => sum + file.content.length, 0);
    expect(total).toBe(MAX_ARTIFACT_CONTENT_LENGTH);
    expect(parsed.files.at(-1)).toMatchObject({ content: '', isIncomplete: true });
  });

  it('never cuts inside a surrogate pair', () => {
    const text = artifact(element('emoji.txt', `${'a'.repeat(MAX_FILE_CONTENT_LENGTH - 1)}😀😀`));
    const [file] = parseArtifactText(text).files;
    expect(file?.content.length).toBe(MAX_FILE_CONTENT_LENGTH - 1);
    expect(Buffer.from(file!.content).toString()).toBe(file!.content);
  });
});
