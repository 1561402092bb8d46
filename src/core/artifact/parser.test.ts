import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createArtifactParser,
  MAX_ARTIFACT_FILES,
  parseArtifactText,
  type ArtifactEvent,
  type ParsedArtifactText,
} from './parser.ts';
import { parseSnapshot } from './serializer.ts';

/** Feeds `text` cut at `cuts` (sorted positions) and returns the result and the events. */
function parseInChunks(
  text: string,
  cuts: number[],
): { result: ParsedArtifactText; events: ArtifactEvent[] } {
  const events: ArtifactEvent[] = [];
  const parser = createArtifactParser({ onEvent: (event) => events.push(event) });
  let from = 0;
  for (const cut of [...cuts, text.length]) {
    parser.push(text.slice(from, cut));
    from = cut;
  }
  parser.end();
  return { result: parser.result(), events };
}

const APP_TSX = `import { useState } from 'react';

export default function App() {
  const [count, setCount] = useState(0);
  return (
    <div className="p-4">
      {count > 1 && count < 10 ? <b>few</b> : <i>many</i>}
      <button onClick={() => setCount((c) => c + 1)}>Add</button>
    </div>
  );
}`;

describe("Spec §3 artifact markup: 'An artifact element with a title attribute (default 'Untitled')'", () => {
  it('reads the title', () => {
    const parsed = parseArtifactText('<kilnArtifact title="Todo list"></kilnArtifact>');
    expect(parsed.title).toBe('Todo list');
    expect(parsed.segments).toEqual([{ type: 'artifact', title: 'Todo list', files: [], isComplete: true }]);
  });

  it("defaults to 'Untitled' when the title is missing or blank", () => {
    expect(parseArtifactText('<kilnArtifact></kilnArtifact>').title).toBe('Untitled');
    expect(parseArtifactText('<kilnArtifact title="  "></kilnArtifact>').title).toBe('Untitled');
  });

  it('has no title (null) when the answer has no artifact', () => {
    expect(parseArtifactText('Just words.').title).toBeNull();
  });

  it('decodes the entities the serializer writes', () => {
    expect(parseArtifactText(`<kilnArtifact title="Tom &amp; &quot;Jerry&quot; &lt;3">`).title).toBe(
      'Tom & "Jerry" <3',
    );
  });
});

describe("Spec §3 artifact markup: 'File elements with name, optional action ('delete' or 'continue') and optional locked='true''", () => {
  const text = `<kilnArtifact title="App">
<kilnFile name="src/App.tsx">
${APP_TSX}
</kilnFile>
<kilnFile name="src/old.css" action="delete"></kilnFile>
<kilnFile name="src/legacy.css" action="delete" />
<kilnFile name="src/main.tsx" action="continue">
root.render(<App />);
</kilnFile>
<kilnFile name="src/theme.css" locked="true">
:root { --x: 1; }
</kilnFile>
</kilnArtifact>`;
  const { files } = parseArtifactText(text);

  it('reads every file with its content verbatim (JSX with < and > included)', () => {
    expect(files.map((file) => file.name)).toEqual([
      'src/App.tsx',
      'src/old.css',
      'src/legacy.css',
      'src/main.tsx',
      'src/theme.css',
    ]);
    expect(files[0]?.content).toBe(APP_TSX);
    expect(files[3]?.content).toBe('root.render(<App />);');
  });

  it('reads the actions and the lock', () => {
    expect(files.map((file) => [file.isDelete, file.isContinue, file.isLocked])).toEqual([
      [false, false, false],
      [true, false, false],
      [true, false, false],
      [false, true, false],
      [false, false, true],
    ]);
  });

  it('marks every closed file complete and none active', () => {
    expect(files.every((file) => !file.isIncomplete && !file.isActive)).toBe(true);
  });

  it('gives each file its category', () => {
    expect(files[0]?.category).toBe('frontend');
  });

  it('normalises names ("./src\\\\a.ts" → "src/a.ts") and drops nameless files', () => {
    const parsed = parseArtifactText(
      '<kilnArtifact><kilnFile name=" ./src\\a.ts ">x</kilnFile><kilnFile>lost</kilnFile></kilnArtifact>',
    );
    expect(parsed.files.map((file) => [file.name, file.content])).toEqual([['src/a.ts', 'x']]);
  });
});

describe('Binary files (decision 0039): a blob reference, a placed attachment, or base64 content', () => {
  const hash = 'c0ffee'.padEnd(64, '0');

  it('reads a self-closing blob reference with its size; content stays empty', () => {
    const { files } = parseArtifactText(
      `<kilnArtifact title="T">\n<kilnFile name="public/logo.png" blob="sha256:${hash.toUpperCase()}" size="12345" />\n</kilnArtifact>`,
      { mode: 'snapshot' },
    );
    expect(files).toEqual([
      expect.objectContaining({
        name: 'public/logo.png',
        content: '',
        isIncomplete: false,
        binary: { kind: 'blob', hash, size: 12345 },
      }),
    ]);
  });

  it('reads a placed attachment (model output) and base64 content, never as a continuation', () => {
    const { files } = parseArtifactText(`<kilnArtifact title="T">
<kilnFile name="public/logo.png" attachment=" logo.png " />
<kilnFile name="public/icon.png" encoding="BASE64" action="continue">
\`\`\`
iVBORw0KGgo=
\`\`\`
</kilnFile>
<kilnFile name="src/App.tsx">x</kilnFile>
</kilnArtifact>`);
    expect(
      files.map(({ name, content, isContinue, binary }) => ({ name, content, isContinue, binary })),
    ).toEqual([
      {
        name: 'public/logo.png',
        content: '',
        isContinue: false,
        binary: { kind: 'attachment', attachment: 'logo.png' },
      },
      { name: 'public/icon.png', content: 'iVBORw0KGgo=', isContinue: false, binary: { kind: 'base64' } },
      { name: 'src/App.tsx', content: 'x', isContinue: false, binary: undefined },
    ]);
    expect('binary' in (files[2] ?? {})).toBe(false);
  });

  it('a deletion is a deletion whatever binary attributes it carries', () => {
    const [file] = parseArtifactText(
      `<kilnArtifact><kilnFile name="a.png" blob="sha256:${hash}" action="delete" /></kilnArtifact>`,
    ).files;
    expect(file).toMatchObject({ name: 'a.png', isDelete: true });
    expect(file?.binary).toBeUndefined();
  });

  it('drops a file whose blob is not a SHA-256 content hash (it references nothing)', () => {
    const { files } = parseArtifactText(`<kilnArtifact>
<kilnFile name="a.png" blob="md5:abc" size="3" />
<kilnFile name="b.png" blob="sha256:${hash.slice(1)}" />
<kilnFile name="c.txt">kept</kilnFile>
</kilnArtifact>`);
    expect(files.map((file) => file.name)).toEqual(['c.txt']);
  });

  it('announces the binary source in file-start while streaming', () => {
    const events: ArtifactEvent[] = [];
    const parser = createArtifactParser({ onEvent: (event) => events.push(event) });
    for (const chunk of ['<kilnArtifact><kilnFile name="p.png" attach', 'ment="me.png"/></kilnArtifact>'])
      parser.push(chunk);
    parser.end();
    expect(events).toContainEqual({
      type: 'file-start',
      file: expect.objectContaining({ name: 'p.png', binary: { kind: 'attachment', attachment: 'me.png' } }),
    });
  });
});

describe("Spec §3 artifact markup: 'Thinking blocks (<thinking>...</thinking>)' and 'segments of type text, thinking or artifact'", () => {
  it('splits an answer into text, thinking and artifact segments in order', () => {
    const parsed = parseArtifactText(
      'Sure.\n<thinking>Plan: one file.</thinking>\nHere it is:\n<kilnArtifact title="A"><kilnFile name="a.html"><p>hi</p></kilnFile></kilnArtifact>\nEnjoy!',
    );
    expect(parsed.segments.map((segment) => segment.type)).toEqual([
      'text',
      'thinking',
      'text',
      'artifact',
      'text',
    ]);
    expect(parsed.segments[1]).toEqual({ type: 'thinking', content: 'Plan: one file.', isComplete: true });
    expect(parsed.segments[2]).toEqual({ type: 'text', content: '\nHere it is:\n' });
    expect(parsed.segments[4]).toEqual({ type: 'text', content: '\nEnjoy!' });
  });

  it('leaves out whitespace-only text between segments', () => {
    const parsed = parseArtifactText('<thinking>x</thinking>\n\n<kilnArtifact></kilnArtifact>\n');
    expect(parsed.segments.map((segment) => segment.type)).toEqual(['thinking', 'artifact']);
  });

  it('ends a thinking block the model forgot to close where the artifact starts', () => {
    const parsed = parseArtifactText('<thinking>hmm <kilnArtifact title="A"></kilnArtifact>');
    expect(parsed.segments[0]).toEqual({ type: 'thinking', content: 'hmm ', isComplete: true });
    expect(parsed.title).toBe('A');
  });

  it('keeps ordinary HTML tags in text as text', () => {
    expect(parseArtifactText('Use <div> and <thinkingCap> and </kilnArtifact>.').segments).toEqual([
      { type: 'text', content: 'Use <div> and <thinkingCap> and </kilnArtifact>.' },
    ]);
  });
});

describe("Spec §3 artifact markup: 'A truncated output ends with a marker comment '<!-- FINISH_REASON: length -->' or '<!-- FINISH_REASON: error -->''", () => {
  it('exposes the finish reason and removes the marker from the content', () => {
    const cut = parseArtifactText(
      '<kilnArtifact title="A"><kilnFile name="a.ts">const a = 1;\nconst b<!-- FINISH_REASON: length -->',
    );
    expect(cut.finishReason).toBe('length');
    expect(cut.files[0]).toMatchObject({
      content: 'const a = 1;\nconst b',
      isIncomplete: true,
      isActive: false,
    });
    expect(cut.segments[0]).toMatchObject({ type: 'artifact', isComplete: false });
  });

  it("reads 'error' too, in text, with lenient spacing", () => {
    const parsed = parseArtifactText('Oops<!--FINISH_REASON:error-->');
    expect(parsed.finishReason).toBe('error');
    expect(parsed.segments).toEqual([{ type: 'text', content: 'Oops' }]);
  });

  it('has no finish reason for a complete answer, and keeps other comments', () => {
    const parsed = parseArtifactText(
      '<kilnArtifact><kilnFile name="a.html"><!-- hi --></kilnFile></kilnArtifact>',
    );
    expect(parsed.finishReason).toBeNull();
    expect(parsed.files[0]?.content).toBe('<!-- hi -->');
  });
});

describe('Robust to real model output', () => {
  it('drops markdown fences wrapped around the artifact', () => {
    const parsed = parseArtifactText(
      'Here you go:\n\n```xml\n<kilnArtifact title="A">\n<kilnFile name="a.ts">\nx\n</kilnFile>\n</kilnArtifact>\n```\n\nDone.',
    );
    expect(parsed.segments).toEqual([
      { type: 'text', content: 'Here you go:\n\n' },
      expect.objectContaining({ type: 'artifact' }),
      { type: 'text', content: '\nDone.' },
    ]);
    expect(parsed.files[0]?.content).toBe('x');
  });

  it('drops a markdown fence wrapped around a file content, but not in Markdown files', () => {
    const parsed = parseArtifactText(
      '<kilnArtifact>\n<kilnFile name="a.tsx">\n```tsx\nconst a = <b />;\n```\n</kilnFile>\n<kilnFile name="README.md">\n```sh\nnpm i\n```\n</kilnFile>\n</kilnArtifact>',
    );
    expect(parsed.files.map((file) => file.content)).toEqual(['const a = <b />;', '```sh\nnpm i\n```']);
  });

  it('accepts either quote style, any attribute order, unquoted values and any case', () => {
    const parsed = parseArtifactText(
      "<KILNARTIFACT title='Q'><kilnfile locked=true action='continue' name='a.ts'>y</KilnFile ></kilnArtifact>",
    );
    expect(parsed.title).toBe('Q');
    expect(parsed.files[0]).toMatchObject({ name: 'a.ts', content: 'y', isContinue: true, isLocked: true });
  });

  it('reads CRLF output: newlines around the content are markup, inner CRLF is kept', () => {
    const parsed = parseArtifactText(
      '<kilnArtifact title="A">\r\n<kilnFile\r\n  name="a.ts">\r\nline 1\r\nline 2\r\n</kilnFile>\r\n</kilnArtifact>',
    );
    expect(parsed.files[0]?.content).toBe('line 1\r\nline 2');
  });

  it('keeps HTML, Vue and JSX content whole', () => {
    const vue =
      '<template>\n  <div v-if="a < b">{{ a > b ? "x" : "y" }}</div>\n</template>\n<script setup lang="ts">\nconst a = 1\n</script>';
    const html = '<!doctype html>\n<html><body><kilnFileX></kilnFileX><p>a<b</p></body></html>';
    const parsed = parseArtifactText(
      `<kilnArtifact><kilnFile name="App.vue">\n${vue}\n</kilnFile><kilnFile name="index.html">\n${html}\n</kilnFile></kilnArtifact>`,
    );
    expect(parsed.files.map((file) => file.content)).toEqual([vue, html]);
  });

  it('closes a file when the next file starts or the artifact ends without </kilnFile>', () => {
    const parsed = parseArtifactText(
      '<kilnArtifact><kilnFile name="a.ts">a\n<kilnFile name="b.ts">b\n</kilnArtifact>',
    );
    expect(parsed.files.map((file) => [file.name, file.content, file.isIncomplete])).toEqual([
      ['a.ts', 'a', false],
      ['b.ts', 'b', false],
    ]);
  });

  it('leaves files incomplete when the stream is cut inside them, even inside a tag', () => {
    for (const tail of ['', '</kilnFi', '<kilnFile name="b', '\n```']) {
      const parsed = parseArtifactText(`<kilnArtifact><kilnFile name="a.ts">\nabc${tail}`);
      expect(parsed.files[0]?.isIncomplete).toBe(true);
      expect(parsed.files[0]?.content.startsWith('abc')).toBe(true);
    }
  });

  it('treats an unterminated tag in text as text', () => {
    expect(parseArtifactText('a <kilnArt').segments).toEqual([{ type: 'text', content: 'a <kilnArt' }]);
  });

  it('does not take an absurdly long open tag as markup', () => {
    const long = `<kilnArtifact title="${'x'.repeat(5000)}">`;
    expect(parseArtifactText(long).title).toBeNull();
  });
});

describe('Streaming: per file opened, content appended, closed; isIncomplete while open, isActive for the one being written', () => {
  it('reports the open file as active and incomplete, then complete', () => {
    const events: ArtifactEvent[] = [];
    const parser = createArtifactParser({ onEvent: (event) => events.push(event) });
    parser.push('<kilnArtifact title="A"><kilnFile name="a.ts">\nconst a');
    expect(events.splice(0)).toEqual([
      { type: 'artifact-start', title: 'A' },
      {
        type: 'file-start',
        file: {
          name: 'a.ts',
          isDelete: false,
          isContinue: false,
          isEdit: false,
          isLocked: false,
          category: 'frontend',
        },
      },
      { type: 'file-delta', name: 'a.ts', delta: 'const a' },
    ]);
    expect(parser.result().files[0]).toMatchObject({
      content: 'const a',
      isActive: true,
      isIncomplete: true,
    });
    parser.push(' = 1;\n</kilnFile></kilnArtifact>');
    expect(events.splice(0)).toEqual([
      { type: 'file-delta', name: 'a.ts', delta: ' = 1;' },
      { type: 'file-end', name: 'a.ts', isIncomplete: false },
      { type: 'artifact-end', isComplete: true },
    ]);
    expect(parser.result().files[0]).toMatchObject({
      content: 'const a = 1;',
      isActive: false,
      isIncomplete: false,
    });
  });

  it('holds back only what may be markup: a partial tag and a trailing newline', () => {
    const parser = createArtifactParser();
    parser.push('<kilnArtifact><kilnFile name="a.ts">x\n</kiln');
    expect(parser.result().files[0]?.content).toBe('x');
    parser.push('Filex');
    expect(parser.result().files[0]?.content).toBe('x\n</kilnFilex');
  });

  it('ignores input after end()', () => {
    const events: ArtifactEvent[] = [];
    const parser = createArtifactParser({ onEvent: (event) => events.push(event) });
    parser.push('a');
    parser.end();
    const seen = events.length;
    parser.push('b');
    parser.end();
    expect(events).toHaveLength(seen);
    expect(parser.result().segments).toEqual([{ type: 'text', content: 'a' }]);
  });
});

// ---- property and fuzz tests -----------------------------------------------------------

const fragment = fc.oneof(
  fc.constantFrom(
    '<kilnArtifact title="T">',
    "<kilnArtifact title='A &amp; B'>",
    '</kilnArtifact>',
    '<kilnFile name="src/App.tsx">',
    '<kilnFile name="a.md" locked="true">',
    '<kilnFile name="x.css" action="delete"/>',
    "<kilnFile action='continue' name='b.ts'>",
    `<kilnFile name="public/a.png" blob="sha256:${'ab'.repeat(32)}" size="12" />`,
    "<kilnFile name='public/logo.png' attachment='logo.png'/>",
    '<kilnFile name="i.ico" encoding="base64">',
    '</kilnFile>',
    '<thinking>',
    '</thinking>',
    '<!-- FINISH_REASON: length -->',
    '<!-- FINISH_REASON: error -->',
    '```tsx\n',
    '```\n',
    '\n```',
    '\n',
    '\r\n',
    '\r',
    '<',
    '>',
    '</',
    '<div className="a">',
    '{a < b && <b>x</b>}',
    '<!-- c -->',
    '  ',
    '`',
  ),
  fc.string({ maxLength: 12 }),
);
const soup = fc.array(fragment, { maxLength: 60 }).map((parts) => parts.join(''));
const newline = fc.constantFrom('\n', '\r\n', '');
const content = fc
  .array(
    fc.constantFrom(
      'const a = 1;',
      '<b>x</b>',
      'a < b',
      '\n',
      '\r\n',
      '```',
      '`',
      ' ',
      '<!-- FINISH_REASON: length -->',
    ),
    {
      maxLength: 8,
    },
  )
  .map((parts) => parts.join(''));
const fileElement = fc
  .record({
    name: fc.constantFrom('a.tsx', 'README.md', 'src/b.css'),
    attributes: fc.constantFrom(
      '',
      ' action="continue"',
      " locked='true'",
      ' action="delete"',
      ' encoding="base64"',
      ' attachment="logo.png"',
      ` blob="sha256:${'0f'.repeat(32)}" size="7"`,
    ),
    open: newline,
    fence: fc.constantFrom('', '```tsx', '```'),
    content,
    close: fc.constantFrom('\n```\n', '\n```', '\r\n```\r\n', '\n', ''),
    end: fc.constantFrom('</kilnFile>', '', '</kilnArtifact>'),
  })
  .map(
    (f) =>
      `<kilnFile name="${f.name}"${f.attributes}>${f.open}${f.fence}${f.fence ? '\n' : ''}${f.content}${f.close}${f.end}`,
  );
const structured = fc
  .record({
    before: fc.constantFrom('', 'Here:\n', 'Here:\n```xml\n', '<thinking>plan</thinking>\n', '```\n'),
    files: fc.array(fileElement, { maxLength: 4 }),
    close: fc.constantFrom('</kilnArtifact>', '', '\n</kilnArtifact>\n```', '</kilnArtifact>\n```\nDone'),
    after: soup,
  })
  .map((d) => `${d.before}<kilnArtifact title="T">\n${d.files.join('\n')}${d.close}${d.after}`);
const document = fc.oneof(soup, structured);
const cutsFor = (text: string) =>
  fc
    .uniqueArray(fc.integer({ min: 0, max: text.length }), { maxLength: 40 })
    .map((cuts) => cuts.sort((a, b) => a - b));

describe('Chunking invariance: the same text in any chunking gives the same result (fast-check)', () => {
  it('any cut points give the result of the whole text in one call', () => {
    fc.assert(
      fc.property(
        document.chain((text) => fc.tuple(fc.constant(text), cutsFor(text))),
        ([text, cuts]) => {
          expect(parseInChunks(text, cuts).result).toEqual(parseArtifactText(text));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('1-character chunks give the same result as the whole text', () => {
    fc.assert(
      fc.property(document, (text) => {
        const cuts = Array.from({ length: text.length }, (_, i) => i);
        expect(parseInChunks(text, cuts).result).toEqual(parseArtifactText(text));
      }),
      { numRuns: 300 },
    );
  });

  it('without an event consumer (input buffered until read), the result after every chunk is the eager one', () => {
    fc.assert(
      fc.property(
        document.chain((text) => fc.tuple(fc.constant(text), cutsFor(text))),
        ([text, cuts]) => {
          const lazy = createArtifactParser();
          const eager = createArtifactParser({ onEvent: () => {} });
          let from = 0;
          for (const cut of [...cuts, text.length]) {
            lazy.push(text.slice(from, cut));
            eager.push(text.slice(from, cut));
            from = cut;
            expect(lazy.result()).toEqual(eager.result());
          }
          lazy.end();
          eager.end();
          expect(lazy.result()).toEqual(eager.result());
        },
      ),
      { numRuns: 500 },
    );
  });

  it('a long answer streamed in 16-character chunks, read only at the end, equals the whole text', () => {
    const file = (n: number) => `<kilnFile name="src/C${n}.tsx">\n${APP_TSX}</kilnFile>\n`;
    const text = `Intro\n<kilnArtifact title="Big">\n${Array.from({ length: 200 }, (_, n) => file(n)).join('')}</kilnArtifact>\nDone`;
    expect(text.length).toBeGreaterThan(64 * 1024);
    const parser = createArtifactParser();
    for (let i = 0; i < text.length; i += 16) parser.push(text.slice(i, i + 16));
    parser.end();
    const result = parser.result();
    expect(result).toEqual(parseArtifactText(text));
    expect(result.files).toHaveLength(200);
    expect(result.files[199]?.content).toBe(APP_TSX.replace(/\n$/, ''));
  });

  it('the deltas of the events add up to the parsed contents', () => {
    fc.assert(
      fc.property(
        document.chain((text) => fc.tuple(fc.constant(text), cutsFor(text))),
        ([text, cuts]) => {
          const { result, events } = parseInChunks(text, cuts);
          const contents: string[] = [];
          for (const event of events) {
            if (event.type === 'file-start') contents.push('');
            if (event.type === 'file-delta') contents[contents.length - 1] += event.delta;
          }
          expect(contents).toEqual(result.files.map((file) => file.content));
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('Fuzz: the parser never throws, whatever the input', () => {
  it('survives arbitrary strings (full unicode) in arbitrary chunks', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 300 }),
        fc.array(fc.nat(300), { maxLength: 10 }),
        (text, cuts) => {
          const sorted = [...new Set(cuts.map((cut) => Math.min(cut, text.length)))].sort((a, b) => a - b);
          expect(() => parseInChunks(text, sorted)).not.toThrow();
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('survives tag soup, and the markup never leaks half-parsed into file names', () => {
    fc.assert(
      fc.property(document, (text) => {
        const parsed = parseArtifactText(text);
        for (const file of parsed.files) {
          expect(file.name).not.toBe('');
          expect(file.isActive).toBe(false);
        }
      }),
      { numRuns: 2000 },
    );
  });
});

describe('Bounded: at most MAX_ARTIFACT_FILES files are read from one text (issue 12)', () => {
  const many = (count: number) =>
    `<kilnArtifact title="Many">\n${Array.from({ length: count }, (_, i) => `<kilnFile name="f${i}.js">\nx${i}\n</kilnFile>`).join('\n')}\n</kilnArtifact>`;

  it('reads 150,000 file elements without overflowing the stack, keeping the first 1,000', () => {
    expect(MAX_ARTIFACT_FILES).toBe(1000);
    const result = parseArtifactText(many(150_000));
    expect(result.files).toHaveLength(MAX_ARTIFACT_FILES);
    expect(result.files[0]).toMatchObject({ name: 'f0.js', content: 'x0', isIncomplete: false });
    expect(result.files.at(-1)).toMatchObject({ name: 'f999.js', content: 'x999' });
    const snapshot = parseSnapshot(many(150_000));
    expect(snapshot.files).toHaveLength(MAX_ARTIFACT_FILES);
  });

  it('streams no events for the files past the bound, and the artifact still ends', () => {
    const events: ArtifactEvent[] = [];
    const parser = createArtifactParser({ onEvent: (event) => events.push(event) });
    parser.push(many(MAX_ARTIFACT_FILES + 5));
    parser.end();
    expect(events.filter((event) => event.type === 'file-start')).toHaveLength(MAX_ARTIFACT_FILES);
    expect(events.at(-1)).toEqual({ type: 'artifact-end', isComplete: true });
  });
});
