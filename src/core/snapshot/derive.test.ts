import { describe, expect, it } from 'vitest';
import { parseArtifactText } from '../artifact/index.ts';
import type { Snapshot } from '../artifact/index.ts';
import { deriveSnapshot, lockedFilesTouched } from './derive.ts';

const previous: Snapshot = {
  title: 'Todo app',
  files: [
    { name: 'src/App.tsx', content: 'export default function App() {\n  return <Lis', isLocked: false },
    { name: 'src/theme.css', content: ':root { --brand: red; }', isLocked: true },
    { name: 'src/old.ts', content: 'old', isLocked: false },
  ],
};

describe('Version model: snapshot = previous snapshot + generated file actions', () => {
  it('replaces files, removes action="delete" files, appends action="continue" with the overlap merge, adds new files', () => {
    const generated = parseArtifactText(`<kilnArtifact title="Todo app v2">
<kilnFile name="src/App.tsx" action="continue">
  return <List />;
}
</kilnFile>
<kilnFile name="src/old.ts" action="delete" />
<kilnFile name="src/List.tsx">
export const List = () => <ul />;
</kilnFile>
</kilnArtifact>`);
    expect(deriveSnapshot(previous, generated)).toEqual({
      title: 'Todo app v2',
      files: [
        {
          name: 'src/App.tsx',
          content: 'export default function App() {\n  return <List />;\n}',
          isLocked: false,
        },
        { name: 'src/theme.css', content: ':root { --brand: red; }', isLocked: true },
        { name: 'src/List.tsx', content: 'export const List = () => <ul />;', isLocked: false },
      ],
    });
  });

  it('starts from nothing for the first version', () => {
    const generated = parseArtifactText(
      '<kilnArtifact title="A"><kilnFile name="index.html">hi</kilnFile></kilnArtifact>',
    );
    expect(deriveSnapshot(null, generated)).toEqual({
      title: 'A',
      files: [{ name: 'index.html', content: 'hi', isLocked: false }],
    });
  });

  it('keeps the previous title when the answer has no artifact or an untitled one', () => {
    expect(deriveSnapshot(previous, parseArtifactText('No code this time.')).title).toBe('Todo app');
    expect(deriveSnapshot(previous, parseArtifactText('<kilnArtifact></kilnArtifact>')).title).toBe(
      'Todo app',
    );
  });

  it('keeps a cut-off (incomplete) file as far as it got', () => {
    const generated = parseArtifactText(
      '<kilnArtifact><kilnFile name="a.ts">const a<!-- FINISH_REASON: length -->',
    );
    expect(deriveSnapshot(null, generated).files).toEqual([
      { name: 'a.ts', content: 'const a', isLocked: false },
    ]);
  });
});

describe('Spec §4 file lock: locked files are left untouched whatever the model wrote; locked flags are kept', () => {
  const generated = parseArtifactText(`<kilnArtifact>
<kilnFile name="src/theme.css">:root { --brand: blue; }</kilnFile>
<kilnFile name="src/theme.css" action="delete"/>
<kilnFile name="src/theme.css" action="continue">more</kilnFile>
<kilnFile name="src/App.tsx" locked="true">x</kilnFile>
</kilnArtifact>`);

  it('ignores replace, delete and continue on a locked file', () => {
    const next = deriveSnapshot(previous, generated);
    expect(next.files.find((file) => file.name === 'src/theme.css')).toEqual(previous.files[1]);
  });

  it('ignores lock attributes written by the model (locking is the owner’s decision)', () => {
    expect(deriveSnapshot(previous, generated).files[0]).toEqual({
      name: 'src/App.tsx',
      content: 'x',
      isLocked: false,
    });
  });

  it('reports which locked files the model tried to change', () => {
    expect(lockedFilesTouched(previous, generated)).toEqual(['src/theme.css']);
  });
});

describe('Binary files (decision 0039): replaced, deleted and locked like other files, never continued', () => {
  const hash = 'ab'.repeat(32);
  const logo = { kind: 'blob' as const, hash, size: 10 };
  const withImages: Snapshot = {
    title: 'Site',
    files: [
      { name: 'public/logo.png', content: '', isLocked: false, binary: logo },
      { name: 'public/locked.png', content: '', isLocked: true, binary: logo },
      { name: 'src/App.tsx', content: 'app', isLocked: false },
    ],
  };

  it('a continuation of a binary file is dropped; the bytes stay as they were', () => {
    const next = deriveSnapshot(
      withImages,
      parseArtifactText(
        '<kilnArtifact><kilnFile name="public/logo.png" action="continue">more</kilnFile></kilnArtifact>',
      ),
    );
    expect(next.files[0]).toEqual(withImages.files[0]);
  });

  it('a new reference replaces a file in place; a text file written over an image becomes text', () => {
    const other = 'cd'.repeat(32);
    const next = deriveSnapshot(
      withImages,
      parseArtifactText(`<kilnArtifact>
<kilnFile name="src/App.tsx" blob="sha256:${other}" size="3" />
<kilnFile name="public/logo.png">now text</kilnFile>
<kilnFile name="public/new.png" attachment="me.png" />
<kilnFile name="public/b.png" encoding="base64">iVBORw0K</kilnFile>
</kilnArtifact>`),
    );
    expect(next.files).toEqual([
      { name: 'public/logo.png', content: 'now text', isLocked: false },
      withImages.files[1],
      { name: 'src/App.tsx', content: '', isLocked: false, binary: { kind: 'blob', hash: other, size: 3 } },
      {
        name: 'public/new.png',
        content: '',
        isLocked: false,
        binary: { kind: 'attachment', attachment: 'me.png' },
      },
      { name: 'public/b.png', content: 'iVBORw0K', isLocked: false, binary: { kind: 'base64' } },
    ]);
  });

  it('deletes a binary file, and leaves a locked one untouched whatever the model wrote', () => {
    const next = deriveSnapshot(
      withImages,
      parseArtifactText(`<kilnArtifact>
<kilnFile name="public/logo.png" action="delete" />
<kilnFile name="public/locked.png" encoding="base64">iVBORw0K</kilnFile>
<kilnFile name="public/locked.png" action="delete" />
<kilnFile name="public/logo.png" attachment="again.png" />
</kilnArtifact>`),
    );
    expect(next.files).toEqual([
      withImages.files[1],
      withImages.files[2],
      {
        name: 'public/logo.png',
        content: '',
        isLocked: false,
        binary: { kind: 'attachment', attachment: 'again.png' },
      },
    ]);
  });
});
