import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fuzzRuns } from '../../../tests/support/fuzz.ts';
import {
  MAX_ARTIFACT_FILES,
  MAX_FILE_CONTENT_LENGTH,
  parseSnapshot,
  serializeSnapshot,
} from '../../core/artifact/index.ts';
import { materializeWorkspace, safeRelativePath } from './workspace.ts';

/**
 * Issue 21 items 4–5: a build's workspace is written from a version's file names. Whatever the
 * names — `..`, absolute paths, NUL, backslashes, drive letters, overlong names — writing never
 * throws and never touches anything outside the workspace folder.
 */

const piece = fc.oneof(
  fc.constantFrom(
    '..',
    '.',
    '',
    '/',
    '\\',
    '..\\',
    'C:',
    'c:\\',
    '\0',
    '\n',
    '\uD800',
    '~',
    '$HOME',
    'node_modules',
    '.git',
    'src',
    'a.js',
    'x'.repeat(300),
  ),
  fc.string({ unit: 'binary', maxLength: 6 }),
);
const nastyName = fc.array(piece, { minLength: 1, maxLength: 6 }).map((parts) => parts.join(''));

/** Every file under `dir`, relative. */
async function listFiles(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

describe('the build workspace under arbitrary file names', () => {
  let root: string;
  let run = 0;
  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'kiln-workspace-fuzz-'));
  });
  afterAll(async () => {
    await fs.rm(root, { recursive: true, force: true });
  });

  it('keeps every accepted name inside the workspace, in its one spelling', () => {
    fc.assert(
      fc.property(nastyName, (name) => {
        const relative = safeRelativePath(name);
        if (relative === null) return;
        const dir = '/srv/workspace';
        const target = path.resolve(dir, relative);
        expect(target.startsWith(`${dir}/`)).toBe(true);
        expect(relative.split('/')).not.toContain('..');
        expect(relative).not.toMatch(/\0|\\/);
        expect(safeRelativePath(relative)).toBe(relative);
      }),
      { numRuns: fuzzRuns(1000) },
    );
  });

  it('writes any set of names without throwing, and nothing outside its folder', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(nastyName, { maxLength: 8 }), async (names) => {
        // Each run: a fresh workspace next to a sibling folder nobody may write into.
        const base = path.join(root, String(++run));
        const dir = path.join(base, 'a', 'workspace');
        await fs.mkdir(path.join(base, 'sibling'), { recursive: true });
        await materializeWorkspace(
          dir,
          names.map((name) => ({ name, content: 'x' })),
        );
        expect(await listFiles(path.join(base, 'sibling'))).toEqual([]);
        const outside = (await listFiles(base)).filter(
          (file) => !file.startsWith(`a${path.sep}workspace${path.sep}`),
        );
        expect(outside).toEqual([]);
        const expected = [...new Set(names.map(safeRelativePath).filter((name) => name !== null))];
        const written = await listFiles(dir);
        for (const file of written) expect(expected).toContain(file);
        await fs.rm(base, { recursive: true, force: true });
      }),
      { numRuns: fuzzRuns(40) },
    );
  });

  it.each([
    ['a NUL', 'src/a\0.js'],
    ['an overlong name', `src/${'a'.repeat(300)}.js`],
    ['backslashes to a parent folder', 'src\\..\\..\\..\\escaped.js'],
    ['a drive letter', 'C:\\escaped.js'],
  ])('drops %s (%j) and writes the other files', async (_, name) => {
    const dir = path.join(root, `fixed-${++run}`, 'workspace');
    await materializeWorkspace(dir, [
      { name, content: 'x' },
      { name: 'ok.js', content: 'y' },
    ]);
    expect(await listFiles(path.dirname(dir))).toEqual([path.join('workspace', 'ok.js')]);
  });

  // Found by the property above: a trailing slash (`!/`) failed the write with EISDIR, and so did
  // a file named like another's folder; either failed the whole build.
  it.each([
    [
      ['src/', 'b/'],
      ['b', 'src'],
    ],
    [['src', 'src/App.tsx'], ['src']],
    [['src/App.tsx', 'src'], [path.join('src', 'App.tsx')]],
  ])('writes %j as %j without throwing', async (names, expected) => {
    const dir = path.join(root, `conflict-${++run}`);
    await materializeWorkspace(
      dir,
      names.map((name) => ({ name, content: 'x' })),
    );
    expect(await listFiles(dir)).toEqual(expected);
  });

  it('writes at most MAX_ARTIFACT_FILES files, each at most MAX_FILE_CONTENT_LENGTH, from a snapshot of 10,000 files', async () => {
    const many = Array.from({ length: 10_000 }, (_, i) => ({ name: `f/${i}.js`, content: `${i}` }));
    const text = serializeSnapshot({
      title: 'Many',
      files: [
        { name: 'big.txt', content: 'a'.repeat(MAX_FILE_CONTENT_LENGTH + 1000), isLocked: false },
        ...many.map((file) => ({ ...file, isLocked: false })),
      ],
    });
    const snapshot = parseSnapshot(text);
    const dir = path.join(root, `many-${++run}`);
    await materializeWorkspace(dir, snapshot.files);
    const written = await listFiles(dir);
    expect(written).toHaveLength(MAX_ARTIFACT_FILES);
    expect((await fs.stat(path.join(dir, 'big.txt'))).size).toBe(MAX_FILE_CONTENT_LENGTH);
  });
});
