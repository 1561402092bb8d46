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
