import { describe, expect, it } from 'vitest';
import { parseArtifactText, type Snapshot } from '../artifact/index.ts';
import { applyEdits } from './apply-edits.ts';
import { deriveVersion, lockedFilesTouched } from './derive.ts';
import { parseEditBlocks, writeEditBlocks } from './edit-blocks.ts';

const APP = [
  'export default function App() {',
  '  return (',
  '    <main>',
  '      <h1>Old title</h1>',
  '      <p>Hello</p>',
  '    </main>',
  '  );',
  '}',
].join('\n');

const block = (search: string, replace: string) => ({ search, replace });

describe('SEARCH/REPLACE blocks (decision 0044)', () => {
  it('reads blocks in order, ignoring text around them, with lenient markers and CRLF', () => {
    const content = [
      'Changing the title:',
      '<<<<<<< SEARCH',
      '<h1>Old</h1>',
      '=======',
      '<h1>New</h1>',
      '>>>>>>> REPLACE',
      '<<<<<<<SEARCH  ',
      'a',
      '========',
      '>>>>>>>> REPLACE',
    ].join('\r\n');
    expect(parseEditBlocks(content)).toEqual({
      blocks: [block('<h1>Old</h1>', '<h1>New</h1>'), block('a', '')],
      hasOpenBlock: false,
    });
    expect(parseEditBlocks('<<<<<<< SEARCH\na\n=======\nb').hasOpenBlock).toBe(true);
  });

  it('writes what it reads', () => {
    const blocks = [block('a\n  b', 'c'), block('d', '')];
    expect(parseEditBlocks(writeEditBlocks(blocks)).blocks).toEqual(blocks);
  });
});

describe('applyEdits', () => {
  it('replaces a SEARCH found exactly once', () => {
    const result = applyEdits(APP, [block('      <h1>Old title</h1>', '      <h1>New title</h1>')]);
    expect(result).toEqual({ ok: true, content: APP.replace('Old title', 'New title') });
  });

  it('refuses a SEARCH found twice, even if a looser match would be unique', () => {
    const twice = 'const a = 1;\nconst b = 1;\n';
    expect(applyEdits(twice, [block('= 1;', '= 2;')])).toEqual({ ok: false, reason: 'ambiguous', block: 0 });
  });

  it('refuses a SEARCH found nowhere', () => {
    expect(applyEdits(APP, [block('<h2>Nope</h2>', 'x')])).toEqual({
      ok: false,
      reason: 'not-found',
      block: 0,
    });
  });

  it('second try: ignores indentation and trailing whitespace, re-indenting the REPLACE lines', () => {
    const search = '<main>  \n  <h1>Old title</h1>\n';
    const replace = '<main>\n  <h1>New title</h1>\n  <p>Sub</p>\n';
    const result = applyEdits(APP, [block(search, replace)]);
    expect(result).toEqual({
      ok: true,
      content: APP.replace(
        '    <main>\n      <h1>Old title</h1>',
        '    <main>\n      <h1>New title</h1>\n      <p>Sub</p>\n',
      ),
    });
  });

  it('second try must also be unique', () => {
    const text = '  <li>x</li>\n    <li>x</li>\n';
    expect(applyEdits(text, [block('<li>x</li>\t\n', '<li>y</li>')])).toEqual({
      ok: false,
      reason: 'ambiguous',
      block: 0,
    });
  });

  it('applies blocks in order, each to the result of the ones before', () => {
    const result = applyEdits(APP, [
      block('<h1>Old title</h1>', '<h1>Middle</h1>'),
      block('<h1>Middle</h1>', '<h1>Final</h1>'),
    ]);
    expect(result).toEqual({ ok: true, content: APP.replace('Old title', 'Final') });
  });

  it('overlapping blocks: a later block cannot find what an earlier one replaced; the whole file fails', () => {
    const result = applyEdits(APP, [
      block('      <h1>Old title</h1>\n      <p>Hello</p>', '      <h1>New</h1>'),
      block('      <p>Hello</p>\n    </main>', '    </main>'),
    ]);
    expect(result).toEqual({ ok: false, reason: 'not-found', block: 1 });
  });

  it('refuses an empty SEARCH and an edit without blocks', () => {
    expect(applyEdits(APP, [block('  \n', 'x')])).toEqual({ ok: false, reason: 'empty-search', block: 0 });
    expect(applyEdits(APP, [])).toEqual({ ok: false, reason: 'no-blocks', block: -1 });
  });

  it('edits CRLF content with LF blocks and keeps CRLF', () => {
    const crlf = APP.replace(/\n/g, '\r\n');
    const result = applyEdits(crlf, [
      block('<h1>Old title</h1>\n      <p>Hello</p>', '<h1>New</h1>\n      <p>Hi</p>'),
    ]);
    expect(result).toEqual({
      ok: true,
      content: crlf.replace('<h1>Old title</h1>\r\n      <p>Hello</p>', '<h1>New</h1>\r\n      <p>Hi</p>'),
    });
  });
});

const previous: Snapshot = {
  title: 'App',
  files: [
    { name: 'src/App.tsx', content: APP, isLocked: false },
    { name: 'src/theme.css', content: ':root { --brand: red; }', isLocked: true },
    { name: 'src/old.ts', content: 'old', isLocked: false },
    {
      name: 'public/logo.png',
      content: '',
      isLocked: false,
      binary: { kind: 'blob', hash: 'a'.repeat(64), size: 3 },
    },
  ],
};

function edit(name: string, blocks: string): string {
  return `<kilnFile name="${name}" action="edit">\n${blocks}\n</kilnFile>`;
}

function derive(body: string) {
  const parsed = parseArtifactText(`<kilnArtifact title="App">\n${body}\n</kilnArtifact>`);
  return deriveVersion(previous, parsed);
}

describe('deriveVersion with edits', () => {
  it('the parser marks action="edit" files', () => {
    const parsed = parseArtifactText(`<kilnArtifact>${edit('src/App.tsx', 'x')}</kilnArtifact>`);
    expect(parsed.files[0]).toMatchObject({
      name: 'src/App.tsx',
      isEdit: true,
      isDelete: false,
      isContinue: false,
    });
  });

  it('applies an edit in place and keeps the file where it was', () => {
    const { snapshot, failedEdits } = derive(
      edit('src/App.tsx', writeEditBlocks([block('<h1>Old title</h1>', '<h1>New title</h1>')])),
    );
    expect(failedEdits).toEqual([]);
    expect(snapshot.files.map((file) => file.name)).toEqual(previous.files.map((file) => file.name));
    expect(snapshot.files[0]!.content).toBe(APP.replace('Old title', 'New title'));
  });

  it('keeps the files whose edits applied and reports the one that did not, unchanged', () => {
    const { snapshot, failedEdits } = derive(
      [
        edit(
          'src/App.tsx',
          writeEditBlocks([block('<p>Hello</p>', '<p>Hi</p>'), block('<h2>missing</h2>', 'x')]),
        ),
        edit('src/old.ts', writeEditBlocks([block('old', 'new')])),
      ].join('\n'),
    );
    expect(failedEdits).toEqual([{ name: 'src/App.tsx', reason: 'not-found', block: 1 }]);
    expect(snapshot.files.find((file) => file.name === 'src/App.tsx')!.content).toBe(APP);
    expect(snapshot.files.find((file) => file.name === 'src/old.ts')!.content).toBe('new');
  });

  it('a locked file refuses edits like any other action (reported as touched, not as a failure)', () => {
    const answer = `<kilnArtifact>${edit('src/theme.css', writeEditBlocks([block('red', 'blue')]))}</kilnArtifact>`;
    const parsed = parseArtifactText(answer);
    const { snapshot, failedEdits } = deriveVersion(previous, parsed);
    expect(snapshot.files[1]!.content).toBe(':root { --brand: red; }');
    expect(failedEdits).toEqual([]);
    expect(lockedFilesTouched(previous, parsed)).toEqual(['src/theme.css']);
  });

  it('an edit to a missing file, or to one deleted earlier in the answer, fails', () => {
    const { snapshot, failedEdits } = derive(
      [
        edit('src/Nope.tsx', writeEditBlocks([block('a', 'b')])),
        '<kilnFile name="src/old.ts" action="delete" />',
        edit('src/old.ts', writeEditBlocks([block('old', 'new')])),
      ].join('\n'),
    );
    expect(failedEdits).toEqual([
      { name: 'src/Nope.tsx', reason: 'missing', block: -1 },
      { name: 'src/old.ts', reason: 'missing', block: -1 },
    ]);
    expect(snapshot.files.map((file) => file.name)).toEqual([
      'src/App.tsx',
      'src/theme.css',
      'public/logo.png',
    ]);
  });

  it('a binary file cannot be edited', () => {
    expect(derive(edit('public/logo.png', writeEditBlocks([block('a', 'b')]))).failedEdits).toEqual([
      { name: 'public/logo.png', reason: 'binary', block: -1 },
    ]);
  });

  it('an edit after a whole-file write in the same answer edits the new content', () => {
    const { snapshot, failedEdits } = derive(
      [
        '<kilnFile name="src/old.ts">\nfresh\n</kilnFile>',
        edit('src/old.ts', writeEditBlocks([block('fresh', 'edited')])),
      ].join('\n'),
    );
    expect(failedEdits).toEqual([]);
    expect(snapshot.files.find((file) => file.name === 'src/old.ts')!.content).toBe('edited');
  });

  it('while an edit streams, its complete blocks apply and the open one waits', () => {
    const streaming = parseArtifactText(
      `<kilnArtifact><kilnFile name="src/App.tsx" action="edit">\n${writeEditBlocks([block('<p>Hello</p>', '<p>Hi</p>')])}\n<<<<<<< SEARCH\n<h1>Old`,
    );
    const { snapshot, failedEdits } = deriveVersion(previous, streaming);
    expect(failedEdits).toEqual([]);
    expect(snapshot.files[0]!.content).toBe(APP.replace('<p>Hello</p>', '<p>Hi</p>'));
  });
});
