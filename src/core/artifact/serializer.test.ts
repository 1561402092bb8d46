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
const hex = fc.stringMatching(/^[0-9a-f]{64}$/);
const binaryFile = fc.oneof(
  fc.record({
    name: path,
    content: fc.constant(''),
    isLocked: fc.boolean(),
    binary: fc.record({ kind: fc.constant('blob' as const), hash: hex, size: fc.nat() }),
  }),
  fc.record({
    name: path,
    content: fc.stringMatching(/^[A-Za-z0-9+/=\n]{0,40}$/),
    isLocked: fc.boolean(),
    binary: fc.constant({ kind: 'base64' as const }),
  }),
  fc.record({
    name: path,
    content: fc.constant(''),
    isLocked: fc.boolean(),
    binary: fc.record({
      kind: fc.constant('attachment' as const),
      attachment: fc
        .string({ minLength: 1, maxLength: 20 })
        .filter((name) => name.trim() === name && name !== ''),
    }),
  }),
);
const snapshotArbitrary = fc.record({
  title: fc.string({ unit: 'binary', minLength: 1, maxLength: 100 }).filter((title) => title.trim() !== ''),
  files: fc.uniqueArray(fc.oneof(fc.record({ name: path, content, isLocked: fc.boolean() }), binaryFile), {
    selector: (file) => file.name,
    maxLength: 8,
  }),
});

describe('Binary files (decision 0039): stored as blob references, read back equal', () => {
  const hash = 'ab'.repeat(32);
  const snapshot: Snapshot = {
    title: 'Logo',
    files: [
      { name: 'public/logo.png', content: '', isLocked: false, binary: { kind: 'blob', hash, size: 12345 } },
      { name: 'public/font.woff2', content: '', isLocked: true, binary: { kind: 'blob', hash, size: 7 } },
    ],
  };

  it('writes a self-closing element with blob="sha256:…" and size, locked ones marked', () => {
    expect(serializeSnapshot(snapshot)).toBe(
      '<kilnArtifact title="Logo">\n' +
        `<kilnFile name="public/logo.png" blob="sha256:${hash}" size="12345" />\n` +
        `<kilnFile name="public/font.woff2" blob="sha256:${hash}" size="7" locked="true" />\n` +
        '</kilnArtifact>',
    );
  });

  it('reads it back equal, and ignores text inside a blob element', () => {
    expect(parseSnapshot(serializeSnapshot(snapshot))).toEqual(snapshot);
    const withText = `<kilnArtifact title="Logo">\n<kilnFile name="public/logo.png" blob="sha256:${hash}" size="12345">\nstray\n</kilnFile>\n</kilnArtifact>`;
    expect(parseSnapshot(withText).files[0]).toEqual(snapshot.files[0]);
  });
});

describe('parse(serialize(x)) equals x (fast-check)', () => {
  it('holds for any title, unique normalised paths, any serializable content and locks, text or binary', () => {
    fc.assert(
      fc.property(snapshotArbitrary, (snapshot) => {
        expect(parseSnapshot(serializeSnapshot(snapshot))).toEqual(snapshot);
      }),
      { numRuns: 1000 },
    );
  });
});
