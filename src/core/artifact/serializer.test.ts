import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseArtifactText } from './parser.ts';
import { isSerializableContent, parseSnapshot, serializeSnapshot, type Snapshot } from './serializer.ts';

describe('Snapshot markup: a version’s full snapshot is stored as artifact markup (messages.artifact_code)', () => {
  const snapshot: Snapshot = {
    title: 'Todo "app" & co',
    files: [
      { name: 'src/App.tsx', content: 'export const App = () => <div>{1 < 2}</div>;\n', isLocked: false },
      { name: 'src/theme.css', content: '', isLocked: true },
    ],
  };

  it('writes one artifact with one file element per file, locked ones marked locked="true"', () => {
    expect(serializeSnapshot(snapshot)).toBe(
      '<kilnArtifact title="Todo &quot;app&quot; &amp; co">\n' +
        '<kilnFile name="src/App.tsx">\nexport const App = () => <div>{1 < 2}</div>;\n\n</kilnFile>\n' +
        '<kilnFile name="src/theme.css" locked="true">\n\n</kilnFile>\n' +
        '</kilnArtifact>',
    );
  });

  it('reads it back equal', () => {
    expect(parseSnapshot(serializeSnapshot(snapshot))).toEqual(snapshot);
  });

  it("reads missing markup as an empty 'Untitled' snapshot", () => {
    expect(parseSnapshot(null)).toEqual({ title: 'Untitled', files: [] });
    expect(parseSnapshot('')).toEqual({ title: 'Untitled', files: [] });
  });

  it('is readable by the model-output parser too (same markup)', () => {
    expect(parseArtifactText(serializeSnapshot(snapshot)).files.map((file) => file.content)).toEqual([
      snapshot.files[0]?.content,
      '',
    ]);
  });

  it('knows which contents cannot be stored verbatim', () => {
    expect(isSerializableContent('<div></div>')).toBe(true);
    expect(isSerializableContent('a </kilnFile> b')).toBe(false);
    expect(isSerializableContent('<kilnFile name="x">')).toBe(false);
    expect(isSerializableContent('</KILNARTIFACT >')).toBe(false);
    expect(isSerializableContent('<!-- FINISH_REASON: length -->')).toBe(false);
  });
});

const segment = fc.stringMatching(/^[A-Za-z0-9_.-]{1,12}$/).filter((s) => s !== '.' && s !== '..');
const path = fc.array(segment, { minLength: 1, maxLength: 4 }).map((segments) => segments.join('/'));
const content = fc
  .oneof(
    fc.string({ unit: 'binary', maxLength: 200 }),
    fc
      .array(
        fc.constantFrom('\n', '\r\n', '\r', '```tsx\n', '\n```', '<div>', '</div>', '<', '>', '"', ' ', 'x'),
        {
          maxLength: 20,
        },
      )
      .map((parts) => parts.join('')),
  )
  .filter(isSerializableContent);
const snapshotArbitrary = fc.record({
  title: fc.string({ unit: 'binary', minLength: 1, maxLength: 100 }).filter((title) => title.trim() !== ''),
  files: fc.uniqueArray(fc.record({ name: path, content, isLocked: fc.boolean() }), {
    selector: (file) => file.name,
    maxLength: 8,
  }),
});

describe('parse(serialize(x)) equals x (fast-check)', () => {
  it('holds for any title, unique normalised paths, any serializable content and locks', () => {
    fc.assert(
      fc.property(snapshotArbitrary, (snapshot) => {
        expect(parseSnapshot(serializeSnapshot(snapshot))).toEqual(snapshot);
      }),
      { numRuns: 1000 },
    );
  });
});
